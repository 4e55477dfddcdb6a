import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertProductionSafe,
  DEV_PAYMENT_SECRET,
  isLoopbackHost,
  loadConfig,
  productionProblems,
  sandboxAllowed,
  startupWarnings,
} from './config';

describe('loadConfig', () => {
  it('runs with no environment at all, on the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      redisUrl: null,
      nodeEnv: 'development',
      clientId: 'h5-client',
      clientSecret: 'h5-secret',
      tokenTtlDays: 30,
      uploadMaxMb: 5,
      messageProvider: 'outbox',
      devOutbox: true,
      trustProxy: false,
      paymentProvider: 'sandbox',
      paymentSecret: DEV_PAYMENT_SECRET,
      paymentSandboxInProduction: false,
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      publicUrl: null,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.webDir).toMatch(/\/dist\/web$/);
  });

  it('turns the dev outbox off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
  });

  it('reads overrides', () => {
    const c = loadConfig({
      PORT: '18080',
      DATABASE_URL: 'postgres://x@y/z',
      MESSAGE_PROVIDER: 'smtp',
      TOKEN_TTL_DAYS: '7',
    });
    expect(c).toMatchObject({
      port: 18080,
      databaseUrl: 'postgres://x@y/z',
      messageProvider: 'smtp',
      tokenTtlDays: 7,
    });
  });

  it('refuses nonsense rather than starting misconfigured', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/positive number/);
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'pigeon' })).toThrow(/outbox or smtp/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/sandbox or stripe/);
    expect(() => loadConfig({ PUBLIC_URL: 'goalfan.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://goalfan.example' })).toThrow(/PUBLIC_URL/);
  });
});

/** A production environment that may start: Stripe with its keys, a real payment secret. */
const PROD = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'stripe',
  PAYMENT_SECRET: 'a-long-random-production-value',
  STRIPE_SECRET_KEY: 'sk_live_51GoalFan',
  STRIPE_WEBHOOK_SECRET: 'whsec_live',
  PUBLIC_URL: 'https://goalfan.example/',
};

describe('listen address (dev outbox must not face a network)', () => {
  it('binds loopback by default outside production, every address in production, HOST overrides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig(PROD).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PROD, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'goalfan.example', '128.0.0.1'])
      expect(isLoopbackHost(h)).toBe(false);
  });

  it('warns at start when the outbox is on and the host is not loopback, not otherwise', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1' }))).toEqual([]);
    const open = startupWarnings(loadConfig({ HOST: '0.0.0.0' }));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatch(/dev outbox is on .*0\.0\.0\.0.*never let it face a network/i);
    expect(startupWarnings(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: '0' }))).toEqual([]);
    expect(startupWarnings(loadConfig(PROD))).toEqual([]);
  });
});

describe('production safety (issue 10 item 1: no free coins)', () => {
  it('the repository defaults refuse production, naming every problem', () => {
    const problems = productionProblems(loadConfig({ NODE_ENV: 'production' }));
    expect(problems.join('\n')).toMatch(/PAYMENT_SECRET is unset or the repository default/);
    expect(problems.join('\n')).toMatch(/PAYMENT_PROVIDER is sandbox/);
    expect(() => assertProductionSafe(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /refusing to start with NODE_ENV=production[\s\S]*PAYMENT_SECRET[\s\S]*sandbox/,
    );
  });

  it('the default payment secret, set explicitly, is refused like an unset one', () => {
    expect(productionProblems(loadConfig({ ...PROD, PAYMENT_SECRET: DEV_PAYMENT_SECRET }))).toEqual([
      expect.stringMatching(/PAYMENT_SECRET/),
    ]);
    expect(productionProblems(loadConfig({ ...PROD, PAYMENT_SECRET: '' }))).toEqual([
      expect.stringMatching(/PAYMENT_SECRET/),
    ]);
  });

  it('production + sandbox throws, even with a real secret, unless explicitly allowed for staging', () => {
    const sandbox = { ...PROD, PAYMENT_PROVIDER: 'sandbox' };
    expect(() => assertProductionSafe(loadConfig(sandbox))).toThrow(/sandbox/);
    expect(sandboxAllowed(loadConfig(sandbox))).toBe(false);
    const staging = loadConfig({ ...sandbox, PAYMENT_SANDBOX_IN_PRODUCTION: '1' });
    expect(productionProblems(staging)).toEqual([]);
    expect(sandboxAllowed(staging)).toBe(true);
    expect(startupWarnings(staging)).toEqual([expect.stringMatching(/PAYMENT_SANDBOX_IN_PRODUCTION=1/)]);
  });

  it('stripe in production needs its secret key, webhook secret and public URL', () => {
    expect(productionProblems(loadConfig(PROD))).toEqual([]);
    expect(() => assertProductionSafe(loadConfig(PROD))).not.toThrow();
    expect(loadConfig(PROD).publicUrl).toBe('https://goalfan.example');
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL, ...bare } = PROD;
    expect(productionProblems(loadConfig(bare))).toEqual([
      expect.stringMatching(/STRIPE_SECRET_KEY/),
      expect.stringMatching(/STRIPE_WEBHOOK_SECRET/),
      expect.stringMatching(/PUBLIC_URL/),
    ]);
    expect(startupWarnings(loadConfig({ ...PROD, STRIPE_SECRET_KEY: 'sk_test_1' }))).toEqual([
      expect.stringMatching(/test-mode key/),
    ]);
  });

  it('refuses the dev outbox facing a network in production', () => {
    expect(productionProblems(loadConfig({ ...PROD, DEV_OUTBOX: '1' }))).toEqual([
      expect.stringMatching(/DEV_OUTBOX/),
    ]);
    expect(productionProblems(loadConfig({ ...PROD, DEV_OUTBOX: '1', HOST: '127.0.0.1' }))).toEqual([]);
  });

  it('development, tests and the browser-test server are unaffected', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    // playwright.config.ts webServer env
    expect(productionProblems(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', JOBS: '1' }))).toEqual([]);
    expect(sandboxAllowed(loadConfig({}))).toBe(true);
    expect(sandboxAllowed(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
  });

  it('the server process exits 1 with the reasons, before it opens any database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-prod-refuse-'));
    const { PATH, HOME } = process.env;
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH, HOME, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '1' },
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/refuses to start with NODE_ENV=production/);
    expect(r.stderr).toMatch(/PAYMENT_SECRET/);
    expect(r.stderr).toMatch(/PAYMENT_PROVIDER is sandbox/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
