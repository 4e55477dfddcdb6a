/**
 * API test harness: `const t = await createTestApp()` gives an app on its own fresh, seeded database
 * (PGlite copy, or a new PostgreSQL database when DATABASE_URL is set) and helpers that speak the API
 * contract. Call `t.close()` in afterAll, or let `withTestApp` register both hooks.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppProviders } from '../app';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { Db } from '../db';
import { verificationCodes } from '../db/schema';
import { createCode, emailTarget, phoneTarget } from '../modules/auth';
import type { Hub } from '../realtime/hub';
import { freshPglite, freshPostgres } from './template-db';

export const CLIENT_BASIC = `Basic ${Buffer.from('h5-client:h5-secret').toString('base64')}`;

export interface ApiResult<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** raw payload (for malformed JSON / content-type tests); wins over body */
  payload?: string | Buffer;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  close(): Promise<void>;
  /** GET/POST/... through app.inject; parses the envelope */
  call<T = any>(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<ApiResult<T>>;
  /** a fresh visitor token */
  token(): Promise<string>;
  /** SMS-code login (creates the account on first use); bypasses captcha and resend limits */
  loginByPhone(phone: string, areaCode?: string): Promise<{ token: string; userId: number }>;
  loginByEmail(email: string): Promise<{ token: string; userId: number }>;
  /** GET /dev/outbox?to= (phone as area code + digits, e.g. "85291234567", or an email) */
  outbox(to: string): Promise<Array<{ channel: string; to: string; code: string; text: string; at: string }>>;
}

export interface TestAppOverrides {
  config?: Partial<AppConfig>;
  providers?: Partial<AppProviders>;
  hub?: Hub;
}

export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const opened = base.databaseUrl ? await freshPostgres(base.databaseUrl) : await freshPglite();
  const config: AppConfig = { ...base, dataDir: opened.dataDir, devOutbox: true, ...overrides.config };
  const app = await buildApp({ db: opened.db, config, providers: overrides.providers, hub: overrides.hub });
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.payload !== undefined
        ? { payload: opts.payload }
        : opts.body !== undefined
          ? {
              payload: JSON.stringify(opts.body),
              headers: { 'content-type': 'application/json', ...headers },
            }
          : {}),
    });
    let json: any = null;
    try {
      json = res.json();
    } catch {
      throw new Error(`${method} ${url}: not JSON (${res.statusCode}): ${res.body.slice(0, 200)}`);
    }
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
  };

  async function token(): Promise<string> {
    const r = await call('POST', '/prs/api/v1/token', { headers: { authorization: CLIENT_BASIC }, body: {} });
    if (r.code !== 0) throw new Error(`token failed: ${r.code} ${r.msg}`);
    return r.data.token;
  }

  /** logs in with a code stored directly, then backdates it so it does not hold up a real send */
  async function codeLogin(codeId: number, body: Record<string, unknown>) {
    const r = await call('POST', '/prs/api/v1/user/login', { token: await token(), body });
    await opened.db
      .update(verificationCodes)
      .set({ createdAt: new Date(0) })
      .where(eq(verificationCodes.id, codeId));
    if (r.code !== 0) throw new Error(`login failed: ${r.code} ${r.msg}`);
    return { token: r.data.token as string, userId: r.data.id as number };
  }

  return {
    app,
    db: opened.db,
    config,
    call,
    token,
    async loginByPhone(phone, areaCode = '852') {
      const target = phoneTarget(areaCode, phone);
      const { id, code } = await createCode(opened.db, { target, scene: 'login', ip: 'harness' });
      return codeLogin(id, { login_type: 2, area_code: areaCode, phone, sms_code: code });
    },
    async loginByEmail(email) {
      const { id, code } = await createCode(opened.db, {
        target: emailTarget(email),
        scene: 'login',
        ip: 'harness',
      });
      return codeLogin(id, { login_type: 4, email, email_code: code });
    },
    async outbox(to) {
      const r = await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
      if (r.code !== 0) throw new Error(`outbox failed: ${r.code} ${r.msg}`);
      return r.data;
    },
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/**
 * One test app for the whole file: registers the beforeAll that creates it (then runs `ready`, e.g. to
 * keep it in the file's variables and sign someone in) and the afterAll that closes it. Call it at the
 * top level of a test file.
 */
export function withTestApp(ready: (t: TestApp) => unknown, overrides: TestAppOverrides = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides);
    await ready(app);
  });
  afterAll(() => app?.close());
}
