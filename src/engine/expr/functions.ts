import { formatMoney } from '../../../contracts/money';
import { withdrawQuote } from '../../../contracts/withdraw-fee';
import { themeVar } from '../theme';
import { formatHk, listTime, toEpochMs } from '../time';

/** What the pure functions need from outside: translation and a clock (tests pin both). */
export interface ExprEnv {
  t(key: string, args?: Record<string, unknown>): string;
  /** a field of a status map entry (src/engine/status-maps.ts); absent: status() answers '' */
  status?(mapId: string, code: unknown, field: string, t: (key: string) => string): string;
  now?: () => number;
}

type Fn = (env: ExprEnv, ...args: any[]) => unknown;

const str = (v: unknown): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const num = (v: unknown): number =>
  typeof v === 'number' ? v : v == null || v === '' ? Number.NaN : Number(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function relTime(env: ExprEnv, value: unknown): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  const seconds = Math.max(0, ((env.now?.() ?? Date.now()) - ms) / 1000);
  if (seconds < 60) return env.t('time.justNow');
  if (seconds < 3600) return env.t('time.minutesAgo', { n: Math.floor(seconds / 60) });
  if (seconds < 86400) return env.t('time.hoursAgo', { n: Math.floor(seconds / 3600) });
  return formatHk(ms, 'YYYY-MM-DD');
}

function numUnit(env: ExprEnv, value: unknown, digits = 1): string {
  const n = num(value);
  if (Number.isNaN(n)) return '';
  const trimmed = (x: number) => String(Number(x.toFixed(digits)));
  if (Math.abs(n) >= 1e8) return env.t('num.hundredMillion', { n: trimmed(n / 1e8) });
  if (Math.abs(n) >= 1e4) return env.t('num.tenThousand', { n: trimmed(n / 1e4) });
  return String(n);
}

/** "13812345678" -> "138****5678": keep `head` and `tail` characters. */
function mask(_env: ExprEnv, value: unknown, head = 3, tail = 4, char = '*'): string {
  const s = str(value);
  if (s.length <= head + tail) return s;
  return s.slice(0, head) + char.repeat(s.length - head - tail) + s.slice(s.length - tail);
}

function len(_env: ExprEnv, v: unknown): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (isObject(v)) return Object.keys(v).length;
  return 0;
}

function coalesce(_env: ExprEnv, ...args: unknown[]): unknown {
  return args.find((a) => a !== null && a !== undefined && a !== '');
}

/** The server's withdrawal quote (contracts/withdraw-fee.ts) over the withdraw config as fetched. */
function quoteWithdraw(_env: ExprEnv, amount: unknown, cfg: unknown) {
  if (!isObject(cfg)) return undefined;
  const terms = {
    rate_cents: num(cfg.rate_cents),
    fee_fixed_cents: num(cfg.fee_fixed_cents),
    fee_percent: num(cfg.fee_percent),
  };
  return withdrawQuote(num(amount), terms);
}

/** HKD (or another currency) from integer minor units: 69900 -> "HK$699", 69950 -> "HK$699.50" */
function money(_env: ExprEnv, cents: unknown, currency: unknown = 'HKD'): string {
  const n = num(cents);
  return Number.isNaN(n) ? '' : formatMoney(n, str(currency) || 'HKD');
}

const nums = (args: unknown[]) => (Array.isArray(args[0]) && args.length === 1 ? args[0] : args).map(num);

export const FUNCTIONS: Record<string, Fn> = {
  t: (env, key, args) => env.t(str(key), isObject(args) ? args : undefined),
  theme: (_e, token) => themeVar(str(token)),
  status: (env, map, code, field = 'label') =>
    env.status?.(str(map), code, str(field), (k) => env.t(k)) ?? '',
  len,
  includes: (_e, hay, needle) =>
    typeof hay === 'string' ? hay.includes(str(needle)) : Array.isArray(hay) ? hay.includes(needle) : false,
  join: (_e, list, sep = ',') => (Array.isArray(list) ? list.map(str).join(str(sep)) : ''),
  split: (_e, s, sep = ',') => (s == null || s === '' ? [] : str(s).split(str(sep))),
  trim: (_e, s) => str(s).trim(),
  upper: (_e, s) => str(s).toUpperCase(),
  lower: (_e, s) => str(s).toLowerCase(),
  json: (_e, v) => JSON.stringify(v) ?? '',
  number: (_e, v) => num(v),
  string: (_e, v) => str(v),
  default: (_e, v, fallback) => (v === null || v === undefined || v === '' ? fallback : v),
  coalesce,
  min: (_e, ...args) => Math.min(...nums(args)),
  max: (_e, ...args) => Math.max(...nums(args)),
  round: (_e, v, digits = 0) => {
    const f = 10 ** num(digits);
    return Math.round(num(v) * f) / f;
  },
  floor: (_e, v) => Math.floor(num(v)),
  ceil: (_e, v) => Math.ceil(num(v)),
  abs: (_e, v) => Math.abs(num(v)),
  fixed: (_e, v, digits = 2) => (Number.isNaN(num(v)) ? '' : num(v).toFixed(num(digits))),
  now: (env) => env.now?.() ?? Date.now(),
  // date-times show in Hong Kong time whatever the phone's zone (src/engine/time.ts)
  fmtDate: (_e, v, format = 'YYYY-MM-DD HH:mm') => formatHk(v, str(format)),
  /** "20:00" today, "01-17 20:00" on another day: a time alone never stands for another day */
  listTime: (env, v) => listTime(v, env.now?.() ?? Date.now()),
  relTime,
  numUnit,
  mask,
  pad: (_e, v, length = 2, char = '0') => str(v).padStart(num(length), str(char)),
  startsWith: (_e, s, prefix) => str(s).startsWith(str(prefix)),
  endsWith: (_e, s, suffix) => str(s).endsWith(str(suffix)),
  /** a value made safe for a URL's query or path part (percent-encoded; null -> '') */
  urlEncode: (_e, s) => encodeURIComponent(str(s)),
  keys: (_e, o) => (isObject(o) ? Object.keys(o) : []),
  values: (_e, o) => (isObject(o) ? Object.values(o) : []),
  /** the first object of a list whose `key` equals `value` (compared as text): findBy(data.cats.list, 'id', query.id) */
  findBy: (_e, list, key, value) =>
    Array.isArray(list) ? list.find((o) => isObject(o) && str(o[str(key)]) === str(value)) : undefined,
  at: (_e, list, i) => (Array.isArray(list) || typeof list === 'string' ? list.at(num(i)) : undefined),
  slice: (_e, list, start, end) =>
    Array.isArray(list) || typeof list === 'string'
      ? list.slice(num(start ?? 0), end == null ? undefined : num(end))
      : undefined,
  isEmpty: (e, v) => v == null || len(e, v) === 0,
  /** the lists one after the other (a non-list argument counts as one item) */
  concat: (_e, ...lists) => lists.flatMap((l) => (Array.isArray(l) ? l : l == null ? [] : [l])),
  /** a picker's options from a list of objects: options(data.cats.list, 'id', 'name') → [{value, label}] */
  options: (_e, list, valueKey = 'id', labelKey = 'name') =>
    Array.isArray(list)
      ? list.filter(isObject).map((o) => ({ value: o[str(valueKey)], label: str(o[str(labelKey)]) }))
      : [],
  withdrawQuote: quoteWithdraw,
  money,
};
