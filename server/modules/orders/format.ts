import type { Row } from '../../db/rows';
import type { Lang } from '../../http/i18n';

export const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];

/** a column name by script; `lang` is one of three constants, never input text */
export function byLang(base: string, lang: Lang): string {
  if (!LANGS.includes(lang)) throw new Error(`unknown lang ${lang}`);
  return `${base}_${lang}`;
}

export function ms(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.getTime();
}

export function iso(v: unknown): string | null {
  const t = ms(v);
  return t === null ? null : new Date(t).toISOString();
}

export const n = (r: Row, k: string) => Number(r[k]);
