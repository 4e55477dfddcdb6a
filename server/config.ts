/**
 * Server configuration, read once from the environment.
 *
 * | variable            | default      | meaning                                                              |
 * |---------------------|--------------|----------------------------------------------------------------------|
 * | PORT                | 8080         | HTTP port for app, API, websocket and console                        |
 * | HOST                | 127.0.0.1    | listen address; 0.0.0.0 in production (dev: loopback, see devOutbox) |
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
 * | PAYMENT_PROVIDER    | sandbox      | payment gateway: `sandbox` (hosted-style confirm/cancel page) or `stripe` |
 * | PAYMENT_SECRET      | dev secret   | HMAC key that signs sandbox payment callbacks; required in production |
 * | PAYMENT_SANDBOX_IN_PRODUCTION | off | `1`: allow the sandbox gateway in production (UNSAFE: staging only) |
 * | STRIPE_SECRET_KEY   | (none)       | Stripe API key (sk_live_… / sk_test_…) when PAYMENT_PROVIDER=stripe  |
 * | STRIPE_WEBHOOK_SECRET | (none)     | signing secret (whsec_…) of the Stripe webhook endpoint              |
 * | PUBLIC_URL          | (none)       | public https origin of the app, for the gateway's return URLs        |
 * | LIVE_RTMP_PORT      | 1935 (test: any free port) | RTMP ingest port of live rooms; `off`: no ingest on this node |
 * | LIVE_DEMO           | on (off in tests) | the demo broadcaster keeps the demo live rooms on air (ffmpeg) |
 * | TLS_CERT_FILE       | (none)       | PEM certificate (chain): serve HTTPS + HTTP/2 on PORT, with TLS_KEY_FILE |
 * | TLS_KEY_FILE        | (none)       | PEM private key of TLS_CERT_FILE                                     |
 *
 * In production `productionProblems` lists every setting that must not go live (a repo default
 * secret, the sandbox gateway, a Stripe setup without its keys); main.ts refuses to start on any.
 */
import { resolve } from 'node:path';

/** The simulator's seed when SIM_SEED is unset: the same seed plays the same season everywhere. */
export const DEFAULT_SIM_SEED = 20261121;

/** SIM_SEED, or the default: for code that runs before (or without) the app's config, like the seed. */
export const simSeedFromEnv = (): number => Number(process.env.SIM_SEED) || DEFAULT_SIM_SEED;

export type MessageProviderKind = 'outbox' | 'smtp';
export type PaymentProviderKind = 'sandbox' | 'stripe';

/** The repository's development value of PAYMENT_SECRET: anyone can sign sandbox callbacks with it. */
export const DEV_PAYMENT_SECRET = 'goalfan-sandbox-payment-secret';

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
  paymentProvider: PaymentProviderKind;
  paymentSecret: string;
  /** PAYMENT_SANDBOX_IN_PRODUCTION: the sandbox gateway may run with NODE_ENV=production (staging) */
  paymentSandboxInProduction: boolean;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** origin the browser reaches the app at (no trailing slash), e.g. https://goalfan.example */
  publicUrl: string | null;
  /** LIVE_RTMP_PORT: RTMP ingest port (0: any free port), null: no ingest (started only by a listening server) */
  liveRtmpPort: number | null;
  /** LIVE_DEMO: run the demo broadcaster for the demo rooms */
  liveDemo: boolean;
  /** TLS_CERT_FILE + TLS_KEY_FILE (PEM paths): serve HTTPS with HTTP/2 (HTTP/1.1 kept for websockets and old clients) */
  tls: { certFile: string; keyFile: string } | null;
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

function rtmpPort(value: string | undefined, nodeEnv: string): number | null {
  const v = value?.trim().toLowerCase();
  if (v === 'off' || v === 'false' || v === 'no') return null;
  if (v === '0') return 0;
  // tests run several servers side by side: each takes a free port
  return int(value, nodeEnv === 'test' ? 0 : 1935);
}

function optional(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

function publicUrl(value: string | undefined): string | null {
  const v = optional(value);
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${v}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${v}"`);
  return v.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const provider = env.MESSAGE_PROVIDER || 'outbox';
  if (provider !== 'outbox' && provider !== 'smtp') {
    throw new Error(`MESSAGE_PROVIDER must be outbox or smtp, got "${provider}"`);
  }
  const payment = env.PAYMENT_PROVIDER || 'sandbox';
  if (payment !== 'sandbox' && payment !== 'stripe') {
    throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe, got "${payment}"`);
  }
  return {
    port: int(env.PORT, 8080),
    // development and tests listen on loopback only: the dev outbox shows every login code
    host: env.HOST || (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
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
    simSeed: int(env.SIM_SEED, DEFAULT_SIM_SEED),
    paymentProvider: payment,
    paymentSecret: env.PAYMENT_SECRET || DEV_PAYMENT_SECRET,
    paymentSandboxInProduction: flag(env.PAYMENT_SANDBOX_IN_PRODUCTION, false),
    stripeSecretKey: optional(env.STRIPE_SECRET_KEY),
    stripeWebhookSecret: optional(env.STRIPE_WEBHOOK_SECRET),
    publicUrl: publicUrl(env.PUBLIC_URL),
    liveRtmpPort: rtmpPort(env.LIVE_RTMP_PORT, nodeEnv),
    liveDemo: flag(env.LIVE_DEMO, nodeEnv !== 'test'),
    tls: tlsFiles(env),
  };
}

function tlsFiles(env: NodeJS.ProcessEnv): AppConfig['tls'] {
  const certFile = optional(env.TLS_CERT_FILE);
  const keyFile = optional(env.TLS_KEY_FILE);
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile)
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

/** The sandbox gateway credits coins for a button click: everywhere but production, or when asked. */
export function sandboxAllowed(config: Pick<AppConfig, 'nodeEnv' | 'paymentSandboxInProduction'>): boolean {
  return config.nodeEnv !== 'production' || config.paymentSandboxInProduction;
}

/** What choosing and running a payment gateway reads from the config. */
export type PaymentConfig = Pick<
  AppConfig,
  | 'nodeEnv'
  | 'paymentProvider'
  | 'paymentSecret'
  | 'paymentSandboxInProduction'
  | 'stripeSecretKey'
  | 'stripeWebhookSecret'
  | 'publicUrl'
>;

type SafetyFields = PaymentConfig & Pick<AppConfig, 'host' | 'devOutbox'>;

/**
 * Why this configuration must not run in production (empty: it may). Outside production it is
 * always empty. CLIENT_ID / CLIENT_SECRET are not checked: the web bundle ships them
 * (src/api/client.ts), so they name the client and protect nothing; requiring other values would
 * only lock the shipped app out.
 */
export function productionProblems(config: SafetyFields): string[] {
  if (config.nodeEnv !== 'production') return [];
  const problems: string[] = [];
  if (config.paymentSecret === DEV_PAYMENT_SECRET)
    problems.push('PAYMENT_SECRET is unset or the repository default: set a long random value');
  if (config.paymentProvider === 'sandbox' && !config.paymentSandboxInProduction)
    problems.push(
      'PAYMENT_PROVIDER is sandbox, whose page credits coins without payment: set PAYMENT_PROVIDER=stripe ' +
        '(PAYMENT_SANDBOX_IN_PRODUCTION=1 allows the sandbox on a staging deployment; never on a public one)',
    );
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey) problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    if (!config.stripeWebhookSecret) problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET');
    if (!config.publicUrl) problems.push('PAYMENT_PROVIDER=stripe needs PUBLIC_URL (the return address)');
  }
  if (config.devOutbox && !isLoopbackHost(config.host))
    problems.push(
      `DEV_OUTBOX is on and HOST ${config.host} is not loopback: GET /dev/outbox would show every login code to the network`,
    );
  return problems;
}

/** Throws one error naming every problem of productionProblems. */
export function assertProductionSafe(config: SafetyFields): void {
  const problems = productionProblems(config);
  if (problems.length > 0)
    throw new Error(
      `refusing to start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
}

/** Lines main.ts logs as warnings at start: allowed, but risky. */
export function startupWarnings(config: SafetyFields): string[] {
  const warnings: string[] = [];
  if (config.devOutbox && !isLoopbackHost(config.host))
    warnings.push(
      `dev outbox is on and the server listens on ${config.host}, not loopback: anyone who reaches this ` +
        'port can read every login code at GET /dev/outbox. Never let it face a network (HOST=127.0.0.1).',
    );
  if (
    config.nodeEnv === 'production' &&
    config.paymentProvider === 'sandbox' &&
    config.paymentSandboxInProduction
  )
    warnings.push(
      'PAYMENT_SANDBOX_IN_PRODUCTION=1: the sandbox gateway credits coins without payment (staging only)',
    );
  if (config.nodeEnv === 'production' && config.stripeSecretKey?.startsWith('sk_test_'))
    warnings.push('STRIPE_SECRET_KEY is a test-mode key: payments are not real');
  return warnings;
}
