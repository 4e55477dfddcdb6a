/**
 * Localized envelope messages, from the `errors` section of locales/*.json, picked by the request's
 * accept-language: zh-CN (and other simplified tags) -> zhcn, zh-TW -> zhtw, anything else -> zhhk.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Lang = 'zhhk' | 'zhcn' | 'zhtw';
export const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];

const LOCALES_DIR = resolve(import.meta.dirname, '..', '..', 'locales');

let cache: Record<Lang, Record<string, string>> | null = null;

function errorTexts(): Record<Lang, Record<string, string>> {
  if (!cache) {
    const load = (lang: Lang) => {
      const json = JSON.parse(readFileSync(join(LOCALES_DIR, `${lang}.json`), 'utf8'));
      return (json.errors ?? {}) as Record<string, string>;
    };
    cache = { zhhk: load('zhhk'), zhcn: load('zhcn'), zhtw: load('zhtw') };
  }
  return cache;
}

/** First supported language in the header's order; q-values are ignored because clients send one tag. */
export function langFrom(acceptLanguage: string | string[] | undefined): Lang {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans') || tag === 'zhcn') return 'zhcn';
    if (tag === 'zh-tw' || tag === 'zh-hant-tw' || tag === 'zhtw') return 'zhtw';
    if (tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant') || tag === 'zhhk') return 'zhhk';
  }
  return 'zhhk';
}

/** error texts operators published per language (a locale document's `errors` section), over the files' */
const published: Partial<Record<Lang, Record<string, string>>> = {};

/**
 * Take a published locale's `errors` texts for the envelope messages (null: the files' again); the
 * config documents module calls it when a locale is published or rolled back, and at start.
 */
export function setPublishedErrorTexts(lang: Lang, texts: Record<string, string> | null): void {
  if (texts) published[lang] = texts;
  else delete published[lang];
}

/** `{{name}}` in a text from the error's data (a number or a string), e.g. the limit a rule has now */
function fill(text: string, values: unknown): string {
  if (!values || typeof values !== 'object') return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => {
    const v = (values as Record<string, unknown>)[name];
    return typeof v === 'number' || typeof v === 'string' ? String(v) : all;
  });
}

export function msgFor(code: number, acceptLanguage?: string | string[], values?: unknown): string {
  const files = errorTexts();
  const texts = {
    zhhk: published.zhhk ?? files.zhhk,
    zhcn: published.zhcn ?? files.zhcn,
    zhtw: published.zhtw ?? files.zhtw,
  };
  const lang = langFrom(acceptLanguage);
  const key = String(code);
  return fill(
    texts[lang][key] ?? texts.zhhk[key] ?? texts[lang]['100500'] ?? texts.zhhk['100500'] ?? 'Error',
    values,
  );
}
