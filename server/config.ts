/**
 * Server configuration, read once from the environment.
 *
 * | variable            | default      | meaning                                                              |
 * |---------------------|--------------|----------------------------------------------------------------------|
 * | PORT                | 8080         | HTTP port for app, API, websocket and console                        |
 * | HOST                | 0.0.0.0      | listen address                                                       |
 * | DATA_DIR            | ./data       | embedded database (pgdata/), uploads (uploads/), server keys         |
 * | DATABASE_URL        | (none)       | use this PostgreSQL instead of the embedded database (PGlite)        |
 * | REDIS_URL           | (none)       | Redis for cross-node realtime pub/sub when running several nodes     |
 * | NODE_ENV            | development  | `production` turns off the dev outbox and its endpoint               |
 * | LOG_LEVEL           | info         | server log level (pino)                                              |
 * | CLIENT_ID           | h5-client    | basic-auth user of the token call                                    |
 * | CLIENT_SECRET       | h5-secret    | basic-auth password of the token call                                |
 * | TOKEN_TTL_DAYS      | 30           | session token lifetime in days                                       |
 * | UPLOAD_MAX_MB       | 5            | largest accepted image upload, in MB                                 |
 * | MESSAGE_PROVIDER    | outbox       | `outbox` (dev: codes logged and kept for GET /dev/outbox) or `smtp`  |
 * | SMTP_URL            | (none)       | SMTP server for real email codes, smtp://user:pass@host:587          |
 * | SMTP_FROM           | (none)       | sender address of code emails                                        |
 * | DEV_OUTBOX          | on unless production | `1`/`0`: record codes and captcha answers for GET /dev/outbox |
 * | WEB_DIR             | dist/web     | built web bundle served at /                                         |
 * | CODE_LIMIT_PER_IP   | 30           | verification codes one IP may request per hour (then 100429)         |
 * | CODE_LIMIT_PER_TARGET | 10         | codes one phone or email may receive per hour (then 100429)          |
 * | TRUST_PROXY         | off          | `1` behind a load balancer: take the client IP from X-Forwarded-For  |
 * | JOBS                | on (off in tests) | background work: match feed, plan settlement, renewals        |
 * | FEED_PROVIDER       | simulator    | sports data feed: `simulator` (plays the seeded fixtures)            |
 * | SIM_SPEED           | 1            | simulator clock factor: 60 plays a 90-minute match in 90 seconds     |
 * | SIM_SEED            | 20261121     | simulator random seed (same seed, same matches)                      |
 * | PAYMENT_PROVIDER    | sandbox      | payment gateway: `sandbox` (hosted-style confirm/cancel page)        |
 * | PAYMENT_SECRET      | dev secret   | HMAC key that signs payment callbacks                                |
 */
import { resolve } from 'node:path';

export type MessageProviderKind = 'outbox' | 'smtp';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  nodeEnv: string;
  logLevel: string;
  clientId: string;
  clientSecret: string;
  tokenTtlDays: number;
  uploadMaxMb: number;
  messageProvider: MessageProviderKind;
  smtpUrl: string | null;
  smtpFrom: string | null;
  devOutbox: boolean;
  webDir: string;
  codeLimitPerIp: number;
  codeLimitPerTarget: number;
  trustProxy: boolean;
  jobs: boolean;
  feedProvider: string;
  simSpeed: number;
  simSeed: number;
  paymentProvider: string;
  paymentSecret: string;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`expected a positive number, got "${value}"`);
  return n;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.trim().toLowerCase());
}

function optional(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const provider = env.MESSAGE_PROVIDER || 'outbox';
  if (provider !== 'outbox' && provider !== 'smtp') {
    throw new Error(`MESSAGE_PROVIDER must be outbox or smtp, got "${provider}"`);
  }
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: optional(env.DATABASE_URL),
    redisUrl: optional(env.REDIS_URL),
    nodeEnv,
    logLevel: env.LOG_LEVEL || 'info',
    clientId: env.CLIENT_ID || 'h5-client',
    clientSecret: env.CLIENT_SECRET || 'h5-secret',
    tokenTtlDays: int(env.TOKEN_TTL_DAYS, 30),
    uploadMaxMb: int(env.UPLOAD_MAX_MB, 5),
    messageProvider: provider,
    smtpUrl: optional(env.SMTP_URL),
    smtpFrom: optional(env.SMTP_FROM),
    devOutbox: flag(env.DEV_OUTBOX, nodeEnv !== 'production'),
    webDir: resolve(env.WEB_DIR || 'dist/web'),
    codeLimitPerIp: int(env.CODE_LIMIT_PER_IP, 30),
    codeLimitPerTarget: int(env.CODE_LIMIT_PER_TARGET, 10),
    trustProxy: flag(env.TRUST_PROXY, false),
    jobs: flag(env.JOBS, nodeEnv !== 'test'),
    feedProvider: env.FEED_PROVIDER || 'simulator',
    simSpeed: Number(env.SIM_SPEED) > 0 ? Number(env.SIM_SPEED) : 1,
    simSeed: int(env.SIM_SEED, 20261121),
    paymentProvider: env.PAYMENT_PROVIDER || 'sandbox',
    paymentSecret: env.PAYMENT_SECRET || 'goalfan-sandbox-payment-secret',
  };
}
