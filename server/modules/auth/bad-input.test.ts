/**
 * Every auth endpoint against hostile or sloppy input: the answer is always the envelope, never a 5xx,
 * with 100400 (or the transport status) and a pointer at the offending field.
 */
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

const long = 'x'.repeat(300);
const cipher = Buffer.alloc(256, 1).toString('base64');

interface Endpoint {
  method: 'POST' | 'PUT';
  url: string;
  valid: Record<string, unknown>;
  /** [label, body, pointer] */
  bad: Array<[string, unknown, string]>;
}

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    url: '/prs/api/v1/user/captcha/sms',
    valid: { area_code: '852', phone: '91234567' },
    bad: [
      ['missing phone', { area_code: '852' }, '/phone'],
      ['missing area code', { phone: '91234567' }, '/area_code'],
      ['number phone', { area_code: '852', phone: 91234567 }, '/phone'],
      ['letters in phone', { area_code: '852', phone: '9123abcd' }, '/phone'],
      ['oversized phone', { area_code: '852', phone: '9'.repeat(300) }, '/phone'],
      ['oversized area code', { area_code: '85200', phone: '91234567' }, '/area_code'],
      ['unknown field', { area_code: '852', phone: '91234567', x: 1 }, '/x'],
      ['array body', [], '/'],
      ['string body', 'hello', '/'],
    ],
  },
  {
    method: 'POST',
    url: '/prs/api/v1/user/captcha/emails',
    valid: { email: 'a@example.com' },
    bad: [
      ['missing email', {}, '/email'],
      ['not an email', { email: 'not-an-email' }, '/email'],
      ['oversized email', { email: `${long}@example.com` }, '/email'],
      ['null email', { email: null }, '/email'],
      ['unknown field', { email: 'a@example.com', phone: '1' }, '/phone'],
    ],
  },
  {
    method: 'POST',
    url: '/prs/api/v1/user/phone-code',
    valid: { area_code: '852', phone: '91234567', img_code: 'abcd', scene: 'login' },
    bad: [
      ['missing img_code', { area_code: '852', phone: '91234567', scene: 'login' }, '/img_code'],
      ['missing scene', { area_code: '852', phone: '91234567', img_code: 'abcd' }, '/scene'],
      ['unknown scene', { area_code: '852', phone: '91234567', img_code: 'abcd', scene: 'admin' }, '/scene'],
      [
        'oversized img_code',
        { area_code: '852', phone: '91234567', img_code: long, scene: 'login' },
        '/img_code',
      ],
      ['empty img_code', { area_code: '852', phone: '91234567', img_code: '', scene: 'login' }, '/img_code'],
      [
        'number img_code',
        { area_code: '852', phone: '91234567', img_code: 1234, scene: 'login' },
        '/img_code',
      ],
    ],
  },
  {
    method: 'POST',
    url: '/prs/api/v1/user/email-code',
    valid: { email: 'a@example.com', img_code: 'abcd', scene: 'reset' },
    bad: [
      ['missing email', { img_code: 'abcd', scene: 'login' }, '/email'],
      ['object img_code', { email: 'a@example.com', img_code: { a: 1 }, scene: 'login' }, '/img_code'],
      ['unknown field', { email: 'a@example.com', img_code: 'abcd', scene: 'login', phone: '1' }, '/phone'],
    ],
  },
  {
    method: 'POST',
    url: '/prs/api/v1/user/login',
    valid: { login_type: 2, area_code: '852', phone: '91234567', sms_code: '123456' },
    bad: [
      ['missing login_type', { area_code: '852', phone: '91234567', sms_code: '123456' }, '/login_type'],
      ['unknown login_type', { login_type: 3, email: 'a@example.com' }, '/login_type'],
      [
        'string login_type',
        { login_type: '2', area_code: '852', phone: '91234567', sms_code: '123456' },
        '/login_type',
      ],
      ['type 1 without password', { login_type: 1, area_code: '852', phone: '91234567' }, '/password'],
      ['type 1 without account', { login_type: 1, password: cipher }, '/area_code'],
      ['type 2 without code', { login_type: 2, area_code: '852', phone: '91234567' }, '/sms_code'],
      [
        'type 2 short code',
        { login_type: 2, area_code: '852', phone: '91234567', sms_code: '123' },
        '/sms_code',
      ],
      ['type 4 without code', { login_type: 4, email: 'a@example.com' }, '/email_code'],
      [
        'oversized password',
        { login_type: 1, email: 'a@example.com', password: 'A'.repeat(5000) },
        '/password',
      ],
      [
        'unknown field',
        { login_type: 4, email: 'a@example.com', email_code: '123456', img_code: 'x' },
        '/img_code',
      ],
    ],
  },
  {
    method: 'PUT',
    url: '/mdr/api/v1/user/password',
    valid: { area_code: '852', phone: '91234567', code: '123456', new_password: cipher },
    bad: [
      ['missing code', { area_code: '852', phone: '91234567', new_password: cipher }, '/code'],
      ['missing new_password', { area_code: '852', phone: '91234567', code: '123456' }, '/new_password'],
      ['no account', { code: '123456', new_password: cipher }, '/area_code'],
      ['letters in code', { email: 'a@example.com', code: 'abcdef', new_password: cipher }, '/code'],
      ['unknown field', { email: 'a@example.com', code: '123456', new_password: cipher, old: 'x' }, '/old'],
    ],
  },
];

describe.each(endpoints)('$method $url', ({ method, url, valid, bad }) => {
  it('lets a well-formed body through validation', async () => {
    const r = await t.call(method, url, { token, body: valid });
    expect(r.status).toBe(200);
    expect(r.data?.in).not.toBe('body');
  });

  it.each(bad)('%s -> 100400 pointing at the field', async (_label, body, pointer) => {
    const r = await t.call(method, url, { token, body });
    expect(r.status).toBe(200);
    expect(r.code).toBe(100400);
    expect(r.data.pointer).toBe(pointer);
  });

  it('malformed JSON -> 400 with the envelope', async () => {
    const r = await t.call(method, url, {
      token,
      payload: '{"area_code": "852",',
      headers: { 'content-type': 'application/json' },
    });
    expect(r).toMatchObject({ status: 400, code: 100400 });
  });

  it('wrong content type -> 415 with code 100400', async () => {
    const r = await t.call(method, url, { token, payload: 'a=1', headers: { 'content-type': 'text/plain' } });
    expect(r).toMatchObject({ status: 415, code: 100400 });
  });

  it('huge body -> 413 with code 100413', async () => {
    const r = await t.call(method, url, { token, body: { ...valid, filler: 'x'.repeat(400_000) } });
    expect(r).toMatchObject({ status: 413, code: 100413 });
  });

  it('missing body -> 100400', async () => {
    const r = await t.call(method, url, { token });
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(100400);
  });
});

describe('token call', () => {
  it('rejects a body with fields and a malformed one', async () => {
    const basic = `Basic ${Buffer.from('h5-client:h5-secret').toString('base64')}`;
    const withField = await t.call('POST', '/prs/api/v1/token', {
      headers: { authorization: basic },
      body: { a: 1 },
    });
    expect(withField.code).toBe(100400);
    const malformed = await t.call('POST', '/prs/api/v1/token', {
      headers: { authorization: basic, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed).toMatchObject({ status: 400, code: 100400 });
  });
});

describe('unknown routes', () => {
  it.each([
    '/prs/api/v1/nothing',
    '/mdr/api/v1/user/passwords',
    '/prs/api/v3/user/login',
  ])('%s -> 404 with 100404 even without a token', async (url) => {
    const r = await t.call('POST', url, { body: {} });
    expect(r).toMatchObject({ status: 404, code: 100404, data: null });
  });
});
