import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import screen from '../../screens/experts/home.json';
import { DEFAULT_PAGE_SIZE } from '../../src/engine/data/sources';
import { EARLY_MAX_AGE_MS, earlyApiConstants, earlyApiScript } from './early-api';
import { earlyRequests } from './early-requests';

const ROOT = join(import.meta.dirname, '..', '..');

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** the boot script in a browser-like sandbox of its own: a phone, a fresh profile unless `stored` */
function boot(
  opts: { stored?: Record<string, string>; width?: number; userAgent?: string; hash?: string } = {},
) {
  const store = new Map(Object.entries(opts.stored ?? {}));
  const calls: Call[] = [];
  const now = { t: 1_000 };
  const window: Record<string, unknown> = {
    innerWidth: opts.width ?? 375,
    isSecureContext: true,
    location: { hash: opts.hash ?? '#/match' },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  };
  window.top = window;
  window.self = window;
  const fetch = (url: string, init: { method: string; headers: Record<string, string> }) => {
    calls.push({ method: init.method, url, headers: init.headers });
    const body = url.endsWith('/token')
      ? { code: 0, data: { token: 'T1' } }
      : {
          code: 0,
          data: { url, list: [{ image: url.includes('evil') ? 'javascript:x' : '/banners/a.svg' }] },
        };
    return Promise.resolve({ ok: true, text: () => Promise.resolve(JSON.stringify(body)) });
  };
  const head: Record<string, string>[] = [];
  const document = {
    createElement: () => ({}),
    head: { appendChild: (el: Record<string, string>) => void head.push(el) },
  };
  runInNewContext(earlyApiScript(ROOT), {
    window,
    document,
    fetch,
    Promise,
    JSON,
    Object,
    RegExp,
    URLSearchParams,
    navigator: { userAgent: opts.userAgent ?? 'Mozilla/5.0 (Linux; Android 14) Mobile', language: 'zh-HK' },
    crypto: { randomUUID: () => 'uuid-1' },
    Date: { now: () => now.t },
  });
  const early = window.__gfEarly as
    | {
        get(urls: (string | [string, string])[]): void;
        take(m: string, u: string): Promise<{ ok: boolean; text: string }> | undefined;
      }
    | undefined;
  return { early, calls, store, now, head };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('early API calls of the boot script', () => {
  it('asks for the visitor token at once, with the headers the client sends', async () => {
    const { calls, store } = boot();
    expect(calls).toHaveLength(1);
    const [token] = calls;
    expect(token.method).toBe('POST');
    expect(token.url).toBe('/prs/api/v1/token');
    expect(token.headers.authorization).toBe(`Basic ${earlyApiConstants().basic}`);
    expect(token.headers['accept-language']).toBe('zh-HK');
    // the device id is made here and kept where the app's client reads it
    expect(token.headers['x-device-uuid']).toBe('uuid-1');
    expect(store.get('deviceUuid')).toBe('uuid-1');
  });

  it("fetches the screen's calls with the token once it is there, each answer taken once", async () => {
    const { early, calls } = boot({ stored: { lang: '"zhcn"' } });
    early!.get(['/mdr/api/v1/expert-ads']);
    await flush();
    await flush();
    const ads = calls.find((c) => c.url === '/mdr/api/v1/expert-ads')!;
    expect(ads.headers.authorization).toBe('Bearer T1');
    expect(ads.headers['accept-language']).toBe('zh-CN');
    const answer = await early!.take('GET', '/mdr/api/v1/expert-ads');
    expect(JSON.parse(answer!.text).data.url).toBe('/mdr/api/v1/expert-ads');
    expect(early!.take('GET', '/mdr/api/v1/expert-ads')).toBeUndefined();
    // the token answer goes to the app's own token call
    expect(early!.take('POST', '/prs/api/v1/token')).toBeDefined();
  });

  it('uses a stored token, serves the opening screen only and lets stale answers go', async () => {
    const { early, calls, now } = boot({ stored: { token: '"T0"', deviceUuid: 'd-9' } });
    expect(calls).toHaveLength(0);
    early!.get(['/a']);
    early!.get(['/b']); // a later screen: the app asks itself
    await flush();
    expect(calls.map((c) => [c.url, c.headers.authorization, c.headers['x-device-uuid']])).toEqual([
      ['/a', 'Bearer T0', 'd-9'],
    ]);
    now.t += EARLY_MAX_AGE_MS + 1;
    expect(early!.take('GET', '/a')).toBeUndefined();
  });

  it('fills query values of the opening link into the addresses built from them, plain ids only', async () => {
    const urls = earlyRequests({
      data: {
        product: {
          request: { method: 'GET', path: '/products/{{ query.id }}' },
          preloadImage: 'images.0.image',
        },
        reviews: {
          request: { method: 'GET', path: '/reviews', params: { product: '{{ query.id }}', size: 3 } },
        },
        computed: { request: { method: 'GET', path: '/n/{{ number(query.id) + 1 }}' } },
        gated: { request: { method: 'GET', path: '/g' }, when: 'query.id' },
      },
    } as never);
    expect(urls).toEqual([
      ['/products/\u0001id\u0001', 'images.0.image'],
      '/reviews?product=%01id%01&size=3',
    ]);
    const opened = boot({ stored: { token: '"T0"' }, hash: '#/shop/product/detail?id=42&from=list' });
    opened.early!.get(urls);
    await flush();
    expect(opened.calls.map((c) => c.url)).toEqual(['/products/42', '/reviews?product=42&size=3']);
    // a link without the value, or with more than an id in it: the app asks for itself
    for (const hash of ['#/shop/product/detail', '#/shop/product/detail?id=1%2F..%2Fx']) {
      const other = boot({ stored: { token: '"T0"' }, hash });
      other.early!.get(urls);
      await flush();
      expect(other.calls).toHaveLength(0);
    }
  });

  it("starts loading the image an answer names for the screen's largest paint, and nothing else", async () => {
    const { early, head } = boot({ stored: { token: '"T0"' } });
    early!.get([['/ads', 'list.0.image'], ['/evil', 'list.0.image'], ['/missing', 'list.5.image'], '/plain']);
    await flush();
    await flush();
    await flush();
    expect(head).toEqual([{ rel: 'preload', as: 'image', href: '/banners/a.svg', fetchPriority: 'high' }]);
  });

  it('leaves a desktop browser to the framed app', () => {
    const { early, calls } = boot({ width: 1280, userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(early).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});

describe('a screen’s early calls', () => {
  it('are its fixed GET sources, paged ones with their first page', () => {
    expect(earlyRequests(screen as never)).toEqual([
      ['/mdr/api/v1/expert-ads', 'list.0.image'],
      '/mdr/api/v1/user/experts?type=hot&size=5',
      '/mdr/api/v1/user/expert-plans?state=open&page=1&size=10',
    ]);
  });

  it('settle what reads the initial state, and leave out what reads the route, session, texts or clock', () => {
    const urls = earlyRequests({
      state: { tab: 'news' },
      data: {
        feed: {
          request: {
            method: 'GET',
            path: '/news',
            params: { tab: "{{ state.tab == 'hot' ? 'hot' : 'news' }}" },
          },
          when: "state.tab == 'news' || state.tab == 'hot'",
          paged: { size: 20 },
        },
        live: { request: { method: 'GET', path: '/live' }, when: "state.tab == 'live'", paged: {} },
        room: { request: { method: 'GET', path: '/x/{{ route.params.id }}' } },
        mine: { request: { method: 'GET', path: '/mine' }, when: '!session.isLogin' },
        today: { request: { method: 'GET', path: '/day', params: { d: "{{ date(now(), 'YYYY-MM-DD') }}" } } },
        post: { request: { method: 'POST', path: '/w' } },
        plain: {
          request: { method: 'GET', path: '/v', params: { size: 3 } },
          paged: { size: 20, sizeParam: 'n' },
        },
      },
    } as never);
    expect(urls).toEqual(['/news?tab=news&page=1&size=20', '/v?size=3&page=1&n=20']);
  });

  it('use the page size the engine uses', () => {
    expect(
      earlyRequests({ data: { p: { request: { method: 'GET', path: '/p' }, paged: {} } } } as never),
    ).toEqual([`/p?page=1&size=${DEFAULT_PAGE_SIZE}`]);
  });
});
