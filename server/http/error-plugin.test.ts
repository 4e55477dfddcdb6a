import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './envelope';
import { frameworkErrors, registerErrorHandling } from './error-plugin';
import { ApiError, E } from './errors';
import { registerJsonBody } from './json-body';
import { dataSchema, validatorCompiler } from './schemas';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 1024, frameworkErrors });
  app.setValidatorCompiler(validatorCompiler);
  registerJsonBody(app);
  registerErrorHandling(app);
  app.get('/fine', async () => ok({ answer: 42 }));
  app.get('/nothing', async () => ok(undefined));
  app.get<{ Params: { id: string } }>('/things/:id', async (req) => ok({ id: req.params.id }));
  app.get('/business', async () => {
    throw new ApiError(E.WRONG_PASSWORD, { left: 2 });
  });
  app.get('/crash', async () => {
    throw new Error('database exploded at /secret/path.ts:12');
  });
  app.post('/captcha', { schema: { body: dataSchema('auth-captcha-sms') } }, async (req) => ok(req.body));
  app.get<{ Querystring: { page: number } }>(
    '/paged',
    { schema: { querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } } } },
    async (req) => ok({ page: req.query.page }),
  );
  await app.ready();
});

afterAll(() => app.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/captcha', payload, headers: { 'content-type': contentType } });

describe('envelope', () => {
  it('wraps a handler result with code 0 and a localized success message', async () => {
    const res = await app.inject({ url: '/fine', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '成功', data: { answer: 42 } });
  });

  it('turns an undefined result into data null', async () => {
    expect((await app.inject({ url: '/nothing' })).json()).toMatchObject({ code: 0, data: null });
  });
});

describe('business errors', () => {
  it('answers HTTP 200 with the code, data and the zh-HK message by default', async () => {
    const res = await app.inject({ url: '/business' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 100105, msg: '帳號或密碼錯誤', data: { left: 2 } });
  });

  it('localizes the message for zh-CN and zh-TW callers', async () => {
    const cn = await app.inject({ url: '/business', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    const tw = await app.inject({ url: '/business', headers: { 'accept-language': 'zh-TW' } });
    expect(cn.json().msg).toBe('账号或密码错误');
    expect(tw.json().msg).not.toBe(cn.json().msg);
    expect(tw.json().msg).toMatch(/密碼/);
  });
});

describe('unexpected errors', () => {
  it('answer 100500 without leaking the message or a stack', async () => {
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(100500);
    expect(res.body).not.toMatch(/exploded|secret|\.ts/);
  });
});

describe('validation', () => {
  it('points at a missing property', async () => {
    const res = await post(JSON.stringify({ area_code: '852' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100400, data: { in: 'body', pointer: '/phone' } });
  });

  it('rejects unknown properties instead of dropping them', async () => {
    const res = await post(JSON.stringify({ area_code: '852', phone: '91234567', admin: true }));
    expect(res.json()).toMatchObject({
      code: 100400,
      data: { pointer: '/admin', keyword: 'additionalProperties' },
    });
  });

  it('does not coerce body types', async () => {
    const res = await post(JSON.stringify({ area_code: 852, phone: '91234567' }));
    expect(res.json()).toMatchObject({ code: 100400, data: { pointer: '/area_code' } });
  });

  it('passes a valid body through unchanged', async () => {
    const res = await post(JSON.stringify({ area_code: '852', phone: '91234567' }));
    expect(res.json()).toMatchObject({ code: 0, data: { area_code: '852', phone: '91234567' } });
  });

  it('coerces query strings, which are always text', async () => {
    expect((await app.inject({ url: '/paged?page=3' })).json()).toMatchObject({ code: 0, data: { page: 3 } });
    expect((await app.inject({ url: '/paged?page=zero' })).json()).toMatchObject({
      code: 100400,
      data: { in: 'querystring', pointer: '/page' },
    });
  });
});

describe('transport errors keep the envelope', () => {
  it.each([
    ['malformed JSON', () => post('{"area_code": '), 400, 100400],
    ['plain text', () => post('hello', 'text/plain'), 415, 100400],
    [
      'unsupported content type',
      () => post('area_code=852', 'application/x-www-form-urlencoded'),
      415,
      100400,
    ],
    [
      'body over the limit',
      () => post(JSON.stringify({ area_code: '852', phone: 'x'.repeat(5000) })),
      413,
      100413,
    ],
    ['unknown route', () => app.inject({ url: '/nowhere' }), 404, 100404],
    ['wrong method', () => app.inject({ method: 'DELETE', url: '/fine' }), 404, 100404],
  ])('%s', async (_name, send, status, code) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(typeof body.msg).toBe('string');
    expect(body.msg.length).toBeGreaterThan(0);
    expect(body).toHaveProperty('data', null);
  });

  it('treats an empty JSON body as no body, which validation then judges', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100400, data: { in: 'body', pointer: '/' } });
  });

  it('rejects a prototype-poisoning body', async () => {
    const res = await post('{"area_code":"852","phone":"91234567","__proto__":{"admin":true}}');
    expect(res.json().code).toBe(100400);
  });
});

describe('router errors (frameworkErrors)', () => {
  it.each([
    '/fine%%27',
    '/things/%%27',
    '/things/%E0%A4%A',
    '/things/%zz',
  ])('answers a badly percent-encoded path %s with the envelope, HTTP 400', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 100400, msg: '請求參數錯誤', data: null });
  });
});

describe('control characters', () => {
  it('answers 100400 for a NUL in a path parameter, a query value or a JSON body, on any route', async () => {
    const param = await app.inject({ url: '/things/a%00b' });
    expect(param.json()).toMatchObject({
      code: 100400,
      data: { in: 'params', pointer: '/id', keyword: 'pattern' },
    });
    const query = await app.inject({ url: '/paged?page=1&x=%01' });
    expect(query.json()).toMatchObject({ code: 100400, data: { in: 'querystring', pointer: '/x' } });
    const body = await post('{"area_code":"852","phone":"9123\\u00004567"}');
    expect(body.json()).toMatchObject({ code: 100400, data: { in: 'body', pointer: '/phone' } });
    expect((await app.inject({ url: '/things/a%20b' })).json()).toMatchObject({
      code: 0,
      data: { id: 'a b' },
    });
  });
});
