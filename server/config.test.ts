import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no environment at all, on the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
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
  });
});
