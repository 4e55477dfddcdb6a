import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;
const LIST = '/mdr/api/v1/matches?tab=instant&size=500';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.token();
});
afterAll(async () => t?.close());

async function get(url: string, encoding?: string, user?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${user ?? token}`,
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });
}

describe('response compression', () => {
  it("a visitor's whole-day match list comes as brotli or gzip, the same JSON, several times smaller", async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body;
    expect(JSON.parse(json).data.list.length).toBeGreaterThan(0);

    const br = await get(LIST, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(br.rawPayload.length * 4).toBeLessThan(json.length);

    const gz = await get(LIST, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);

    // the cached compressed form is reused: the same bytes again
    expect((await get(LIST, 'br')).rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it("a signed-in fan's list (not cached) is compressed per request", async () => {
    const fan = await t.loginByPhone('65550001');
    const res = await get(LIST, 'br', fan.token);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).code).toBe(0);
  });

  it('small answers and clients that ask for none are sent as they are', async () => {
    const small = await get('/prs/api/v1/user/default-phone-code?platform=H5', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).code).toBe(0);
    const identity = await get(LIST, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body).code).toBe(0);
  });
});
