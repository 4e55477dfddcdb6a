/** Chat limits from screens/rules.json (`chat`), the same values the chat widget shows. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ChatRules {
  messageMax: number;
  minIntervalMs: number;
  perMinute: number;
  reportReasonMax: number;
  historyPageSize: number;
}

const DEFAULTS: ChatRules = {
  messageMax: 200,
  minIntervalMs: 2000,
  perMinute: 10,
  reportReasonMax: 100,
  historyPageSize: 30,
};

const unwrap = (v: unknown) =>
  v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;

function load(): ChatRules {
  const file = resolve(import.meta.dirname, '..', '..', '..', 'screens', 'rules.json');
  const out = { ...DEFAULTS };
  try {
    const chat = (JSON.parse(readFileSync(file, 'utf8')) as { chat?: Record<string, unknown> }).chat ?? {};
    for (const key of Object.keys(DEFAULTS) as (keyof ChatRules)[]) {
      const v = unwrap(chat[key]);
      if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
    }
  } catch {
    // the defaults are the documented values
  }
  return out;
}

export const chatRules: ChatRules = load();
