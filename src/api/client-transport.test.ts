import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from './client';
import { header, perTestClient } from './client-test-kit';

const kit = perTestClient();
const client = kit.client;

describe('upload', () => {
  it('posts multipart with field files and the bearer token, without a json content type', async () => {
    kit.store().set({ token: 'tok' });
    const { api, calls } = client({
      '/mdr/api/v1/user/attachments': { code: 0, data: [{ url: '/uploads/a.jpg' }] },
    });
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    await expect(api.upload('/mdr/api/v1/user/attachments', [file])).resolves.toEqual([
      { url: '/uploads/a.jpg' },
    ]);
    const body = calls[0].init.body as FormData;
    expect((body.getAll('files')[0] as File).name).toBe('a.jpg');
    expect(header(calls[0].init, 'content-type')).toBeUndefined();
    expect(header(calls[0].init, 'authorization')).toBe('Bearer tok');
  });
});

describe('answers fetched early by the boot script', () => {
  const early = (answers: Record<string, Promise<{ ok: boolean; text: string }>>) => {
    (globalThis as Record<string, unknown>).__gfEarly = {
      take: (method: string, url: string) => {
        const a = answers[`${method} ${url}`];
        delete answers[`${method} ${url}`];
        return a;
      },
    };
  };
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__gfEarly;
  });

  it('are used once for the same call, then the network answers', async () => {
    early({ 'GET /mdr/api/v1/ads?size=5': Promise.resolve({ ok: true, text: '{"code":0,"data":"early"}' }) });
    const { api, calls } = client({ '/mdr/api/v1/ads': { code: 0, msg: 'ok', data: 'network' } });
    const ask = () => api.request({ method: 'GET', path: '/mdr/api/v1/ads', params: { size: 5 } });
    expect(await ask()).toBe('early');
    expect(calls).toHaveLength(0);
    expect(await ask()).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it('give way to the network when the early call failed', async () => {
    early({ 'POST /prs/api/v1/token': Promise.reject(new TypeError('offline')) });
    const { api, calls } = client({ [TOKEN_PATH]: { code: 0, msg: 'ok', data: { token: 'tok-n' } } });
    expect(await api.fetchToken()).toBe('tok-n');
    expect(calls.map((c) => c.url)).toEqual([TOKEN_PATH]);
  });
});
