/**
 * Secrets out of the log (issue 10, item 3) and the envelope for badly percent-encoded URLs (item 10).
 * One app with the production logger options writes every line (debug included) into memory while a
 * test-style run signs in with a code, opens the websocket with its token, adds a bank card, fails a
 * database insert holding a card and an ID number, sends a verification code and more; then the log
 * is scanned for every secret the run used.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db';
import { userBanks, verificationCodes } from '../db/schema';
import { createCode, phoneTarget } from '../modules/auth';
import { createMessageProvider, verificationMessage } from '../providers';
import { CLIENT_BASIC } from '../test/harness';
import { freshPglite, freshPostgres } from '../test/template-db';
import { loggerOptions, maskContact, redact, safeUrl, serializeErr, serializers } from './logger';

interface Line {
  level: number;
  msg: string;
  [k: string]: unknown;
}

function capture() {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw.push(chunk.toString());
      done();
    },
  });
  const lines = () =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  return { raw, stream, lines, text: () => raw.join('') };
}

const PHONE = '64990001';
const CARD = '4000056655665556';
const FAILED_CARD = '5555555555554444';
const ID_NUMBER = 'A1234563';
const SMS_CODE = '602214';
const PASSWORD_PROBE = 'Pa55w0rdProbeXYZ';

let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
const log = capture();
const secrets: Record<string, string> = {};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: any }) };
}

beforeAll(async () => {
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const opened = base.databaseUrl ? await freshPostgres(base.databaseUrl) : await freshPglite();
  db = opened.db;
  closeDb = opened.close;
  // production defaults where the log is concerned: info and up are written (debug too, to check it)
  const config = { ...base, dataDir: opened.dataDir, devOutbox: false };
  app = await buildApp({ db, config, logger: { level: 'debug', stream: log.stream } });
  // a failed insert carrying a card and an ID number, as a handler would hit it
  app.post('/test/failing-insert', { config: { auth: 'none' } }, async () => {
    await db.insert(userBanks).values({
      userId: 2_000_000_000,
      bankCode: '004',
      holderName: 'CHAN TAI MAN',
      idType: 'hkid',
      idNumberMasked: ID_NUMBER,
      cardNumber: FAILED_CARD,
      cardMasked: FAILED_CARD,
      branch: 'Central',
      phone: PHONE,
    });
    return { code: 0, msg: '', data: null };
  });
  await app.ready();

  // visitor token, then SMS-code login
  const visitor = await call('POST', '/prs/api/v1/token', undefined, {});
  const tokenRes = await app.inject({
    method: 'POST',
    url: '/prs/api/v1/token',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    payload: '{}',
  });
  secrets.visitorToken = tokenRes.json().data.token;
  expect(visitor.code).not.toBe(0); // no client credentials: refused, nothing secret logged either
  const target = phoneTarget('852', PHONE);
  const { id, code } = await createCode(db, { target, scene: 'login', ip: 'test' });
  secrets.smsCode = code;
  const login = await call('POST', '/prs/api/v1/user/login', secrets.visitorToken, {
    login_type: 2,
    area_code: '852',
    phone: PHONE,
    sms_code: code,
  });
  expect(login.code).toBe(0);
  await db
    .update(verificationCodes)
    .set({ createdAt: new Date(0) })
    .where(eq(verificationCodes.id, id));
  const token: string = login.data.token;
  secrets.userToken = token;

  // a verification code sent through the app's message provider (the outbox at these defaults)
  await app.deps.providers.messages.send(
    verificationMessage({ channel: 'sms', to: `852${PHONE}`, code: SMS_CODE, lang: 'zhhk' }),
  );

  // the websocket with its token in the URL
  const ws = await app.injectWS(`/ws?token=${encodeURIComponent(token)}`);
  ws.terminate();
  // token and contacts in query strings of ordinary requests
  await call('GET', `/mdr/api/v1/users?token=${token}&access_token=${token}`, token);
  await call('GET', `/dev/outbox?to=852${PHONE}`, token);

  // a bank card added, then an insert that fails with card and ID number among its parameters
  const added = await call('POST', '/mdr/api/v1/international/user-banks', token, {
    holder_name: 'CHAN TAI MAN',
    id_type: 'hkid',
    id_number: ID_NUMBER,
    bank_id: '004',
    card_number: CARD,
    branch: 'Central',
    phone: PHONE,
  });
  expect(added.code).toBe(0);
  const failed = await call('POST', '/test/failing-insert');
  expect(failed.code).toBe(100500);

  // a password login, and a body that breaks off in the middle of a password (JSON syntax error)
  await call('POST', '/prs/api/v1/user/login', secrets.visitorToken, {
    login_type: 1,
    area_code: '852',
    phone: PHONE,
    password: PASSWORD_PROBE,
  });
  const broken = await call('POST', '/prs/api/v1/user/login', token, `{"password":"${PASSWORD_PROBE}`);
  expect(broken.code).toBe(100400);

  // a badly percent-encoded path carrying a token
  await app.inject({ method: 'GET', url: `/mdr/api/v1/users%%27?token=${token}` });

  // a module logging an object with secret fields
  app.log.info(
    { password: PASSWORD_PROBE, card_number: CARD, id_number: ID_NUMBER, phone: `852${PHONE}`, token },
    'probe',
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await closeDb?.();
});

describe('the log of a test-style run', () => {
  it('holds none of the secrets it used: tokens, codes, passwords, card and ID numbers, phones', () => {
    const text = log.text();
    expect(log.lines().length).toBeGreaterThan(10);
    const used = {
      ...secrets,
      smsSent: SMS_CODE,
      card: CARD,
      failedCard: FAILED_CARD,
      idNumber: ID_NUMBER,
      password: PASSWORD_PROBE,
      phone: PHONE,
    };
    for (const [name, secret] of Object.entries(used)) expect(text.includes(secret), name).toBe(false);
  });

  it('keeps phone numbers recognisable by their last 4 digits', () => {
    const probe = log.lines().find((l) => l.msg === 'probe');
    expect(probe).toMatchObject({
      password: '[REDACTED]',
      card_number: '[REDACTED]',
      id_number: '[REDACTED]',
      token: '[REDACTED]',
      phone: '*******0001',
    });
    expect(log.text()).toContain('/dev/outbox?to=*******0001');
  });

  it('writes per-request lines at debug, not info', () => {
    const lines = log.lines();
    const perRequest = lines.filter((l) => /^(incoming request|request completed)$/.test(l.msg));
    expect(perRequest.length).toBeGreaterThan(5);
    expect(perRequest.every((l) => l.level === 20)).toBe(true);
    const urls = perRequest.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/ws?token=[REDACTED]');
    expect(urls).toContain('/mdr/api/v1/users?token=[REDACTED]&access_token=[REDACTED]');
  });

  it('logs a failed insert with its SQL state and without the query or its parameters', () => {
    const line = log.lines().find((l) => l.msg === 'unexpected error');
    expect(line?.level).toBe(50);
    const err = line?.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'DatabaseError', code: '23503', table: 'user_banks' });
    expect(JSON.stringify(line)).not.toMatch(/insert into|params|\$1/);
  });

  it('answers a badly percent-encoded path with the envelope and logs it', async () => {
    for (const url of [
      '/mdr/api/v1/users%%27',
      '/mdr/api/v1/users%E0%A4%A',
      '/mdr/api/v1/users/%zz/profiles',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json(), url).toEqual({ code: 100400, msg: expect.any(String), data: null });
    }
    const bad = log.lines().filter((l) => l.msg === 'bad url');
    expect(bad.length).toBeGreaterThanOrEqual(4);
    expect(bad[0].level).toBe(40);
    expect(bad[0]).toMatchObject({ err: { code: 'FST_ERR_BAD_URL' }, req: { method: 'GET' } });
  });
});

describe('the verification-code line of the dev outbox', () => {
  async function sendWith(devOutbox: boolean) {
    const out = capture();
    const logger = pino({ level: 'info', redact, serializers }, out.stream);
    const config = loadConfig({ NODE_ENV: 'test' });
    await createMessageProvider({ ...config, devOutbox }, db, logger).send(
      verificationMessage({ channel: 'sms', to: '85264990002', code: '481516', lang: 'zhhk' }),
    );
    return out.text();
  }

  it('is written with the dev outbox on (development), never with it off (production default)', async () => {
    expect(await sendWith(true)).toContain('481516');
    expect(await sendWith(false)).toBe('');
  });
});

describe('helpers', () => {
  it('masks secret query values and contacts, keeps the rest', () => {
    expect(safeUrl('/ws?token=abc')).toBe('/ws?token=[REDACTED]');
    expect(safeUrl('/a?page=2&keyword=%E6%B5%B7&sms_code=123456&to=85291234567')).toBe(
      '/a?page=2&keyword=%E6%B5%B7&sms_code=[REDACTED]&to=*******4567',
    );
    expect(safeUrl('/a?x=4111111111111111')).toBe('/a?x=************1111');
    expect(safeUrl(`/a/${'A'.repeat(43)}/b`)).toBe('/a/[REDACTED]/b');
    expect(safeUrl('/a?flag&k=')).toBe('/a?flag&k=');
    expect(maskContact('fan@example.com')).toBe('***@example.com');
  });

  it('serialises errors without SQL parameters, also when nested as a cause', () => {
    const pg = Object.assign(new Error('value "4111111111111111" is out of range'), {
      code: '22003',
      severity: 'ERROR',
      query: 'insert into t values ($1)',
      params: ['4111111111111111'],
    });
    const drizzle = Object.assign(new Error('Failed query: insert into t\nparams: 4111111111111111'), {
      query: 'insert into t',
      params: ['4111111111111111'],
      cause: pg,
    });
    const wrapped = new Error('job failed', { cause: drizzle });
    for (const e of [pg, drizzle, wrapped]) {
      const out = JSON.stringify(serializeErr(e));
      expect(out).not.toContain('4111');
      expect(out).toContain('22003');
    }
    expect(serializeErr(drizzle)).toMatchObject({
      type: 'DatabaseError',
      message: 'value "…" is out of range',
    });
  });

  it('keeps redaction when a caller passes its own logger options', () => {
    const opts = loggerOptions({ nodeEnv: 'test', logLevel: 'info' }, { level: 'warn' }) as Record<
      string,
      any
    >;
    expect(opts.level).toBe('warn');
    expect(opts.redact).toBe(redact);
    expect(loggerOptions({ nodeEnv: 'test', logLevel: 'info' })).toBe(false);
    expect(loggerOptions({ nodeEnv: 'production', logLevel: 'info' })).toMatchObject({ level: 'info' });
  });
});
