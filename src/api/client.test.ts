import { describe, expect, it, vi } from 'vitest';
import { setErrorCatalogue } from '../app/published-catalogue';
import { createApiClient, TOKEN_PATH } from './client';
import { effectsSpy, header, perTestClient } from './client-test-kit';
import { errorCatalogue } from './error-catalogue';

const kit = perTestClient();
const client = kit.client;

describe('headers', () => {
  it('sends device, language, platform and bearer headers on every call', async () => {
    kit.store().set({ token: 'tok-1', lang: 'zhcn' });
    const { api, calls } = client({ '/mdr/api/v1/users': { code: 0, msg: 'ok', data: { id: 1 } } });
    await api.request({ method: 'GET', path: '/mdr/api/v1/users', params: { page: 1, empty: undefined } });
    await api.request({ method: 'GET', path: '/mdr/api/v1/users' });
    const [first, second] = calls;
    expect(first.url).toBe('/mdr/api/v1/users?page=1');
    expect(header(first.init, 'authorization')).toBe('Bearer tok-1');
    expect(header(first.init, 'accept-language')).toBe('zh-CN');
    expect(header(first.init, 'x-platform')).toBe('H5');
    expect(header(first.init, 'content-type')).toBe('application/json');
    expect(header(first.init, 'x-device-brand')).toBe('Samsung');
    expect(header(first.init, 'x-device-model')).toBe('SM-S9180');
    expect(header(first.init, 'x-signature')).toBe('');
    expect(Number(header(first.init, 'x-timestamp'))).toBeGreaterThan(1_600_000_000_000);
    // the device uuid persists across calls, the nonce never repeats
    expect(header(first.init, 'x-device-uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(header(second.init, 'x-device-uuid')).toBe(header(first.init, 'x-device-uuid'));
    expect(header(second.init, 'x-nonce')).not.toBe(header(first.init, 'x-nonce'));
    expect(first.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('uses the accept-language of the chosen locale as soon as it changes', async () => {
    const { api, calls } = client({ '/a': { code: 0, data: null } });
    await api.request({ method: 'GET', path: '/a' });
    kit.store().set({ lang: 'zhtw' });
    await api.request({ method: 'GET', path: '/a' });
    expect(calls.map((c) => header(c.init, 'accept-language'))).toEqual(['zh-HK', 'zh-TW']);
  });

  it('token call uses basic client credentials and stores the token', async () => {
    kit.store().set({ token: 'old' });
    const { api, calls } = client({ [TOKEN_PATH]: { code: 0, data: { token: 'fresh', expires_in: 10 } } });
    expect(await api.fetchToken()).toBe('fresh');
    expect(header(calls[0].init, 'authorization')).toBe(`Basic ${btoa('h5-client:h5-secret')}`);
    expect(kit.store().get().token).toBe('fresh');
    expect(localStorage.getItem('token')).toBe('"fresh"');
  });

  it('sends the silent header and the JSON body', async () => {
    const { api, calls } = client({ '/b': { code: 0, data: 1 } });
    await api.request({ method: 'POST', path: '/b', body: { a: 1 }, silent: true });
    expect(header(calls[0].init, 'x-silent')).toBe('1');
    expect(calls[0].init.body).toBe('{"a":1}');
  });
});

describe('success answers', () => {
  it.each([0, 200, 100300, 100112])('code %i resolves with data', async (code) => {
    const { api, effects } = client({ '/x': { code, msg: 'm', data: { ok: true } } });
    await expect(api.request({ method: 'GET', path: '/x' })).resolves.toEqual({ ok: true });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('a plain string answer is a success', async () => {
    const { api } = client({ '/s': 'pong' });
    await expect(api.request({ method: 'GET', path: '/s' })).resolves.toBe('pong');
  });
});

describe('error catalogue', () => {
  it("a published catalogue counts from the client's next answer; null brings the build's back", async () => {
    const { api, effects } = client({ '/x': { code: 110300, msg: '雲幣唔夠', data: null } });
    setErrorCatalogue({
      ...errorCatalogue,
      toastDuration: 5000,
      rules: errorCatalogue.rules.filter((r) => !r.codes.includes(110300)),
    });
    try {
      await expect(api.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({ code: 110300 });
      expect(effects.toast).toHaveBeenCalledWith('雲幣唔夠', 5000);
      expect(effects.navigate).not.toHaveBeenCalled();
    } finally {
      setErrorCatalogue(null);
    }
    await expect(api.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({ code: 110300 });
    expect(effects.toast).toHaveBeenLastCalledWith('雲幣唔夠', 3000);
    expect(effects.navigate).toHaveBeenCalledWith('/user/other/wallet');
  });

  it('empty answer toasts Error and fails with 500', async () => {
    const { api, effects } = client({ '/e': '' });
    await expect(api.request({ method: 'GET', path: '/e' })).rejects.toEqual({ code: 500, msg: 'Error' });
    expect(effects.toast).toHaveBeenCalledWith('Error', 3000);
  });

  it('network failure fails with 500 Network Error and tells the user', async () => {
    const { api, effects } = client({});
    await expect(api.request({ method: 'GET', path: '/down' })).rejects.toEqual({
      code: 500,
      msg: 'Network Error',
    });
    expect(effects.toast).toHaveBeenCalledWith('t:common.networkError', 3000);
  });

  it('a proxy error page (non-2xx, not JSON) is a network failure, not a string success', async () => {
    const proxy = vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const api = createApiClient({
      store: kit.store(),
      effects: effectsSpy(),
      fetch: proxy as unknown as typeof fetch,
    });
    await expect(api.request({ method: 'GET', path: '/x' })).rejects.toEqual({
      code: 500,
      msg: 'Network Error',
    });
  });

  it('an envelope on a non-2xx status still goes through the catalogue', async () => {
    const f = vi.fn(
      async () => new Response(JSON.stringify({ code: 100413, msg: 'too big' }), { status: 413 }),
    );
    const effects = effectsSpy();
    const api = createApiClient({ store: kit.store(), effects, fetch: f as unknown as typeof fetch });
    await expect(api.request({ method: 'POST', path: '/u' })).rejects.toMatchObject({
      code: 100413,
      msg: 'too big',
    });
    expect(effects.toast).toHaveBeenCalledWith('too big', 3000);
  });

  it('a request that never answers is aborted after 60 s and fails as a network error', async () => {
    vi.useFakeTimers();
    try {
      const hanging = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const api = createApiClient({
        store: kit.store(),
        effects: effectsSpy(),
        fetch: hanging as unknown as typeof fetch,
      });
      const p = api.request({ method: 'GET', path: '/slow' });
      const settled = expect(p).rejects.toEqual({ code: 500, msg: 'Network Error' });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(hanging.mock.calls[0][1].signal!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    100200, 100201, 100202, 100204, 100207,
  ])('token code %i toasts msg, fetches a fresh token and rejects', async (code) => {
    kit.store().set({ token: 'stale' });
    const { api, effects, calls } = client({
      '/p': { code, msg: 'token bad', data: null },
      [TOKEN_PATH]: { code: 0, data: { token: 'new-token' } },
    });
    await expect(api.request({ method: 'GET', path: '/p' })).rejects.toMatchObject({
      code,
      msg: 'token bad',
    });
    expect(effects.toast).toHaveBeenCalledWith('token bad', 3000);
    expect(calls.map((c) => c.url)).toEqual(['/p', TOKEN_PATH]);
    expect(kit.store().get().token).toBe('new-token');
    expect(kit.store().get().kickedOffline).toBe(false);
  });

  it('token code without msg toasts Error', async () => {
    const { api, effects } = client({
      '/p': { code: 100201, msg: '', data: null },
      [TOKEN_PATH]: { code: 0, data: { token: 't' } },
    });
    await expect(api.request({ method: 'GET', path: '/p' })).rejects.toMatchObject({ code: 100201 });
    expect(effects.toast).toHaveBeenCalledWith('Error', 3000);
  });

  it('100203 also marks the session kicked offline', async () => {
    const { api } = client({
      '/p': { code: 100203, msg: 'elsewhere' },
      [TOKEN_PATH]: { code: 0, data: { token: 't2' } },
    });
    await expect(api.request({ method: 'GET', path: '/p' })).rejects.toMatchObject({ code: 100203 });
    expect(kit.store().get().kickedOffline).toBe(true);
    expect(kit.store().get().token).toBe('t2');
  });

  it('a failing token call does not ask for another token', async () => {
    const { api, calls } = client({ [TOKEN_PATH]: { code: 100204, msg: 'bad client' } });
    expect(await api.fetchToken()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('110000 for a visitor clears the user and opens the login popup', async () => {
    kit.store().set({ user: { id: 1 }, userInfo: { id: 1 } });
    const { api, effects } = client({ '/me': { code: 110000, msg: 'login first' } });
    await expect(api.request({ method: 'GET', path: '/me' })).rejects.toMatchObject({ code: 110000 });
    expect(kit.store().get().showLoginPopup).toBe(true);
    expect(kit.store().get().user).toBeNull();
    expect(effects.reload).not.toHaveBeenCalled();
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('110000 with the login flag set goes to /match and reloads', async () => {
    kit.store().set({ isLogin: true, token: 't' });
    const { api, effects } = client({ '/me': { code: 110000, msg: 'login first' } });
    await expect(api.request({ method: 'GET', path: '/me' })).rejects.toMatchObject({ code: 110000 });
    expect(effects.navigate).toHaveBeenCalledWith('/match');
    expect(effects.reload).toHaveBeenCalled();
    expect(kit.store().get().showLoginPopup).toBe(false);
    expect(kit.store().get().isLogin).toBe(false);
  });

  it('110300 goes to the coin wallet', async () => {
    const { api, effects } = client({ '/buy': { code: 110300, msg: 'no coins' } });
    await expect(api.request({ method: 'POST', path: '/buy' })).rejects.toMatchObject({ code: 110300 });
    expect(effects.navigate).toHaveBeenCalledWith('/user/other/wallet');
  });

  it('110011 asks for real-name verification; verify opens the verification page', async () => {
    const { api, effects } = client({ '/pub': { code: 110011, msg: 'verify first' } }, effectsSpy(true));
    await expect(api.request({ method: 'POST', path: '/pub' })).rejects.toMatchObject({ code: 110011 });
    expect(effects.confirm).toHaveBeenCalledWith({
      title: 't:app.realName.title',
      content: 'verify first',
      confirmText: 't:app.realName.verify',
      cancelText: 't:app.realName.notNow',
    });
    await vi.waitFor(() => expect(effects.navigate).toHaveBeenCalledWith('/realname/verification/hk'));
  });

  it('110011 "not now" stays on the page', async () => {
    const { api, effects } = client({ '/pub': { code: 110011, msg: 'verify first' } }, effectsSpy(false));
    await expect(api.request({ method: 'POST', path: '/pub' })).rejects.toMatchObject({ code: 110011 });
    await Promise.resolve();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('other codes toast msg for 3 s', async () => {
    const { api, effects } = client({ '/o': { code: 100105, msg: 'wrong password', data: null } });
    await expect(api.request({ method: 'POST', path: '/o' })).rejects.toEqual({
      code: 100105,
      msg: 'wrong password',
      data: null,
    });
    expect(effects.toast).toHaveBeenCalledWith('wrong password', 3000);
  });

  it('other codes stay quiet with the silent flag', async () => {
    const { api, effects } = client({ '/o': { code: 100105, msg: 'wrong password' } });
    await expect(api.request({ method: 'POST', path: '/o', silent: true })).rejects.toMatchObject({
      code: 100105,
    });
    expect(effects.toast).not.toHaveBeenCalled();
  });
});
