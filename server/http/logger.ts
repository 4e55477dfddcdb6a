/**
 * Logger options of the server (pino through Fastify) with secrets kept out of the log:
 *   - `redact`: tokens, passwords, codes, card and ID numbers are replaced by "[REDACTED]"; phone numbers
 *     and email addresses keep only their last 4 characters (or the mail domain), wherever they appear
 *     as a field of a logged object (top level or one level down, e.g. `outbox.to`, `email.to`);
 *   - `req` serializer: method, path and a query string whose sensitive values are masked (every
 *     `/ws?token=` would otherwise put a live session token in the log); no headers;
 *   - `err` serializer: type, message, code and stack frames. Database errors (drizzle's
 *     DrizzleQueryError and the pg/PGlite error under it carry the SQL and its parameters, e.g. a full
 *     card number of a failed insert) keep only the SQL state, the constraint/table/column names and a
 *     message with its quoted values masked.
 * Per-request lines ("incoming request", "request completed") are written at debug
 * (DebugRequestLogController, Fastify's `logController` option in app.ts).
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { LoggerOptions } from 'pino';

const REDACTED = '[REDACTED]';

/** field names whose values are secrets wherever they are logged */
export const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'secret',
  'client_secret',
  'signature',
  'sms_code',
  'email_code',
  'img_code',
  'captcha',
  'answer',
  'card_number',
  'cardNumber',
  'id_number',
  'idNumber',
  'params',
  'parameters',
];
/** field names whose values are phone numbers or email addresses: only the last 4 characters stay */
export const CONTACT_FIELDS = ['phone', 'mobile', 'to', 'email'];

const redactPaths = [
  ...[...SECRET_FIELDS, ...CONTACT_FIELDS].flatMap((f) => [f, `*.${f}`]),
  // the dev outbox line: the code itself is in its message, shown only when the dev outbox is on
  'outbox.code',
];

/** "+852 9123 4567" -> "*******4567"; "fan@example.com" -> "***@example.com" */
export function maskContact(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) return `***${value.slice(at)}`;
  const compact = value.replace(/[\s()-]/g, '');
  if (compact.length <= 4) return '*'.repeat(compact.length);
  return `${'*'.repeat(compact.length - 4)}${compact.slice(-4)}`;
}

function censor(value: unknown, path: string[]): unknown {
  const field = path[path.length - 1];
  if (CONTACT_FIELDS.includes(field) && typeof value === 'string') return maskContact(value);
  if (value === undefined) return undefined;
  return REDACTED;
}

// query keys whose values are secrets or contacts (matched on the decoded, lower-cased key)
const SECRET_KEY = /token|pass|secret|sig|code|captcha|card|id_?num|auth|session|otp|answer|(^|_)key$/;
const CONTACT_KEY = /phone|mobile|^to$|mail/;
// values that look like a card number (12+ digits) or a token (32+ url-safe characters), whatever the key
const LONG_DIGITS = /\d{12,}/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;

/** Masks card-like digit runs (keeps the last 4) and token-like strings in free text. */
export function scrubText(text: string): string {
  return text
    .replace(LONG_DIGITS, (d) => `${'*'.repeat(d.length - 4)}${d.slice(-4)}`)
    .replace(TOKEN_LIKE, REDACTED);
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as it may be logged: path kept (card-like and token-like parts masked), query values masked. */
export function safeUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  const path = scrubText(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return scrubText(pair);
      const rawKey = pair.slice(0, eq);
      const key = decodeKey(rawKey);
      const value = pair.slice(eq + 1);
      if (value === '') return pair;
      if (SECRET_KEY.test(key)) return `${rawKey}=${REDACTED}`;
      if (CONTACT_KEY.test(key)) return `${rawKey}=${maskContact(decodeKey(value))}`;
      return `${rawKey}=${scrubText(value)}`;
    })
    .join('&');
  return `${path}?${query}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  id?: unknown;
  raw?: { url?: string; method?: string };
  socket?: { remoteAddress?: string };
}

function serializeReq(req: RequestLike) {
  return {
    method: req.method ?? req.raw?.method,
    url: safeUrl(req.url ?? req.raw?.url),
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

function serializeRes(res: { statusCode?: number }) {
  return { statusCode: res.statusCode };
}

type ErrLike = Error & Record<string, unknown>;

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDbError(e: ErrLike): boolean {
  return (
    ('query' in e && 'params' in e) ||
    (typeof e.code === 'string' &&
      SQLSTATE.test(e.code) &&
      (typeof e.severity === 'string' || typeof e.routine === 'string'))
  );
}

function causes(err: ErrLike): ErrLike[] {
  const chain: ErrLike[] = [];
  let e: unknown = err;
  while (e && typeof e === 'object' && chain.length < 5 && !chain.includes(e as ErrLike)) {
    chain.push(e as ErrLike);
    e = (e as ErrLike).cause;
  }
  return chain;
}

/** stack frames only: the first line of a stack repeats the message, which may hold the values */
function frames(err: ErrLike): string {
  return typeof err.stack === 'string'
    ? err.stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : '';
}

function typeOf(err: ErrLike): string {
  return (err.constructor as { name?: string } | undefined)?.name || err.name || 'Error';
}

/** Database values in an error message ("...: \"4111...\"", "Key (x)=(y)") are replaced by "…". */
export function maskSqlValues(message: string): string {
  return scrubText(message.replace(/"[^"]*"/g, '"…"').replace(/=\([^)]*\)/g, '=(…)'));
}

export function serializeErr(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as ErrLike;
  const chain = causes(e);
  if (chain.some(isDbError)) {
    const pg = chain.find((c) => typeof c.code === 'string' && SQLSTATE.test(c.code));
    const out: Record<string, unknown> = {
      type: 'DatabaseError',
      message: pg ? maskSqlValues(String(pg.message ?? '')) : 'database query failed',
    };
    if (pg) {
      out.code = pg.code;
      for (const k of ['constraint', 'table', 'column', 'schema', 'routine'])
        if (typeof pg[k] === 'string') out[k] = pg[k];
    }
    out.stack = `${typeOf(e)}: ${out.message}\n${frames(e)}`;
    return out;
  }
  const message = scrubText(String(e.message ?? ''));
  const out: Record<string, unknown> = { type: typeOf(e), message };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.stack !== undefined || e instanceof Error) out.stack = `${out.type}: ${message}\n${frames(e)}`;
  if (e.cause && depth < 3) out.cause = serializeErr(e.cause, depth + 1);
  return out;
}

export const serializers = { req: serializeReq, res: serializeRes, err: serializeErr };

export const redact: LoggerOptions['redact'] = { paths: redactPaths, censor };

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The `logger` option of the Fastify app. `given` (tests: `{ level, stream }`) wins for level and
 * destination; redaction and serializers always apply. No option: off in tests, else LOG_LEVEL.
 */
export function loggerOptions(
  config: { nodeEnv: string; logLevel: string },
  given?: LoggerOption,
): LoggerOption {
  if (given === false) return false;
  if (given === undefined && config.nodeEnv === 'test') return false;
  const own = typeof given === 'object' && given ? (given as Record<string, unknown>) : {};
  return {
    level: config.logLevel,
    ...own,
    redact,
    serializers: { ...(own.serializers as object | undefined), ...serializers },
  } as LoggerOption;
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at debug instead of info: about
 * 4,600 lines in 20 minutes of light use. A failed response ("request errored") stays at error.
 * Passed as Fastify's `logController` option (a new instance per app).
 */
export class DebugRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
