import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../http/clock';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('POST /prs/api/v1/token', () => {
  it('issues a visitor token for the client credentials', async () => {
    const r = await t.call('POST', '/prs/api/v1/token', {
      headers: { authorization: CLIENT_BASIC },
      body: {},
    });
    expect(r).toMatchObject({ status: 200, code: 0 });
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(r.data.expires_in).toBe(30 * 86400);
  });

  it('issues a different token every time', async () => {
    expect(await t.token()).not.toBe(await t.token());
  });

  it('accepts a call without a body', async () => {
    const r = await t.call('POST', '/prs/api/v1/token', { headers: { authorization: CLIENT_BASIC } });
    expect(r.code).toBe(0);
  });

  it.each([
    ['no authorization', undefined],
    ['wrong secret', basic('h5-client', 'nope')],
    ['wrong client', basic('other', 'h5-secret')],
    ['bearer instead of basic', 'Bearer abc'],
    ['garbage', 'Basic %%%'],
  ])('answers 100204 for %s', async (_name, authorization) => {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    const r = await t.call('POST', '/prs/api/v1/token', { headers, body: {} });
    expect(r).toMatchObject({ status: 200, code: 100204, data: null });
  });

  it('rejects unknown body fields', async () => {
    const r = await t.call('POST', '/prs/api/v1/token', {
      headers: { authorization: CLIENT_BASIC },
      body: { grant_type: 'password' },
    });
    expect(r.code).toBe(100400);
  });
});

describe('token checks on API routes', () => {
  const url = '/prs/api/v1/user/captcha/sms';
  const body = { area_code: '852', phone: '61234567' };

  it('answers 100200 without a token', async () => {
    expect((await t.call('POST', url, { body })).code).toBe(100200);
  });

  it('answers 100201 for a token the server never issued', async () => {
    expect((await t.call('POST', url, { body, token: 'made-up-token' })).code).toBe(100201);
  });

  it('answers 100201 for an absurdly long token', async () => {
    expect((await t.call('POST', url, { body, token: 'x'.repeat(5000) })).code).toBe(100201);
  });

  it('answers 100202 once the token has expired', async () => {
    const token = await t.token();
    const clock = fakeClock();
    try {
      clock.advance(30 * 86400 * 1000 - 60_000);
      expect((await t.call('POST', url, { body, token })).code).toBe(0);
      clock.advance(120_000);
      expect((await t.call('POST', url, { body, token })).code).toBe(100202);
    } finally {
      clock.restore();
    }
  });

  it('answers 100201 after logout', async () => {
    const { token } = await t.loginByPhone('61230000');
    expect((await t.call('POST', '/prs/api/v1/user/logout', { token })).code).toBe(0);
    expect((await t.call('POST', url, { body, token })).code).toBe(100201);
  });

  it('lets a visitor log out too', async () => {
    const token = await t.token();
    expect((await t.call('POST', '/prs/api/v1/user/logout', { token, body: {} })).code).toBe(0);
    expect((await t.call('POST', url, { body, token })).code).toBe(100201);
  });

  it('accepts a logout sent with a JSON content type and no body (what the client does)', async () => {
    const token = await t.token();
    const r = await t.call('POST', '/prs/api/v1/user/logout', {
      token,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(r).toMatchObject({ status: 200, code: 0 });
  });

  it('lets a kicked, expired or missing token log out without an error (logging out is idempotent)', async () => {
    const first = await t.loginByPhone('61230001');
    await t.loginByPhone('61230001');
    expect((await t.call('POST', '/prs/api/v1/user/logout', { token: first.token })).code).toBe(0);
    expect((await t.call('POST', '/prs/api/v1/user/logout', { token: 'never-issued' })).code).toBe(0);
    expect((await t.call('POST', '/prs/api/v1/user/logout')).code).toBe(0);
  });
});

describe('GET /prs/api/v1/user/public-key', () => {
  it('serves an RSA SPKI key without a token, the same on every call, with the server clock', async () => {
    const before = Date.now();
    const a = await t.call('GET', '/prs/api/v1/user/public-key');
    const b = await t.call('GET', '/prs/api/v1/user/public-key');
    expect(a.code).toBe(0);
    expect(a.data.key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(a.data.kid).toMatch(/^[0-9a-f]{16}$/);
    expect({ kid: b.data.kid, key: b.data.key }).toEqual({ kid: a.data.kid, key: a.data.key });
    expect(a.data.now).toBeGreaterThanOrEqual(before);
    expect(a.data.now).toBeLessThanOrEqual(Date.now());
  });
});
