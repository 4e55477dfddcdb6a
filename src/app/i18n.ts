/**
 * i18next over the three locale files. Only the active locale is fetched before mount; the others
 * arrive by dynamic import when chosen, so a visitor downloads the texts of one language. In a build a
 * language comes in parts (src/app/locale-parts.ts): the core before mount, the texts of other areas
 * when a screen needing them opens (loadScreenTexts, called by ScreenHost). All parts go into the one
 * `translation` bundle, so keys stay `area.key` everywhere.
 * Switching language changes i18next, the session (which drives accept-language), <html lang> (which
 * antd-mobile's built-in texts follow, see widgets/antd-setup.ts) and dayjs at once, without a reload.
 */
import dayjs from 'dayjs';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../state/session-store';
import { LANGS } from '../state/session-store';
import { CORE_TEXTS, FIRST_SCREENS, type Load, loadScreenAreas } from './locale-parts';

export const FALLBACK_LANG: Lang = 'zhhk';
export const HTML_LANG: Record<Lang, string> = { zhhk: 'zh-HK', zhcn: 'zh-CN', zhtw: 'zh-TW' };
const DAYJS_LOCALE: Record<Lang, string> = { zhhk: 'zh-hk', zhcn: 'zh-cn', zhtw: 'zh-tw' };
// dayjs locales register themselves on import; only the chosen one is fetched
const DAYJS_LOADERS: Record<Lang, () => Promise<unknown>> = {
  zhhk: () => import('dayjs/locale/zh-hk'),
  zhcn: () => import('dayjs/locale/zh-cn'),
  zhtw: () => import('dayjs/locale/zh-tw'),
};

const CORE = 'core';
/** areas some screen has asked for: a language switch loads them too, so the whole UI changes at once */
const wantedAreas = new Set<string>();
const loads = new Map<string, Promise<void>>();

export const i18n: I18n = i18next.createInstance();

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** Spec §9: zhhk, except zhcn for a browser set to zh-CN. */
export function defaultLang(browserLanguage: string | undefined = globalThis.navigator?.language): Lang {
  return browserLanguage?.toLowerCase() === 'zh-cn' ? 'zhcn' : FALLBACK_LANG;
}

/** per language, the loaders of its other areas: they come with its core part */
const areaLoaders: Partial<Record<Lang, Record<string, Load>>> = {};

function ensurePart(lang: Lang, part: string): Promise<void> {
  const id = `${lang}/${part}`;
  let p = loads.get(id);
  if (!p) {
    const add = (texts: Record<string, unknown>) =>
      i18n.addResourceBundle(lang, 'translation', texts, true, true);
    p =
      part === CORE
        ? CORE_TEXTS[lang]().then((m) => {
            areaLoaders[lang] = m.AREAS ?? {};
            add(m.default);
          })
        : ensurePart(lang, CORE).then(async () => {
            const load = areaLoaders[lang]?.[part];
            if (load) add((await load()).default);
          });
    // a failed fetch may be retried (the screen's retry button)
    p.catch(() => loads.delete(id));
    loads.set(id, p);
  }
  return p;
}

/** The core texts of a language and every area asked for so far. */
async function ensureLoaded(lang: Lang): Promise<void> {
  await Promise.all([CORE, ...wantedAreas].map((part) => ensurePart(lang, part)));
}

/** The texts a screen needs beyond the core, in the current language (and the fallback's, unawaited). */
let screenAreas: Promise<Record<string, string[]>> | undefined;

export async function loadScreenTexts(screenId: string): Promise<void> {
  if (FIRST_SCREENS.includes(screenId)) return;
  screenAreas ??= loadScreenAreas().then(
    (m) => m.default,
    (err) => {
      screenAreas = undefined; // the screen's retry fetches it again
      throw err;
    },
  );
  const areas = (await screenAreas)[screenId] ?? [];
  if (!areas.length) return;
  for (const a of areas) wantedAreas.add(a);
  const lang = isLang(i18n.language) ? i18n.language : FALLBACK_LANG;
  if (lang !== FALLBACK_LANG) for (const a of areas) void ensurePart(FALLBACK_LANG, a).catch(() => {});
  await Promise.all(areas.map((a) => ensurePart(lang, a)));
}

/** The texts of some areas (top-level keys) in the current language, e.g. those a published tab bar names. */
export async function loadTextAreas(areas: string[]): Promise<void> {
  for (const a of areas) wantedAreas.add(a);
  const lang = isLang(i18n.language) ? i18n.language : FALLBACK_LANG;
  await Promise.all(areas.map((a) => ensurePart(lang, a)));
}

/** Texts and date formats of a language, fetched in parallel. */
async function ensureLanguage(lang: Lang): Promise<void> {
  await Promise.all([ensureLoaded(lang), DAYJS_LOADERS[lang]()]);
}

function applySideLocales(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  dayjs.locale(DAYJS_LOCALE[lang]);
}

export async function initI18n(lang: Lang): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: FALLBACK_LANG,
      resources: {},
      partialBundledLanguages: true,
      // React escapes text itself; double escaping would show &amp; to users
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureLanguage(lang);
  // the fallback matters only for a key missing in one locale; it must not delay the first paint
  if (lang !== FALLBACK_LANG) void ensureLoaded(FALLBACK_LANG).catch(() => {});
  await i18n.changeLanguage(lang);
  applySideLocales(lang);
  return i18n;
}

/** Load and switch; resolves once every text on screen is in the new language. */
export async function changeLang(lang: Lang): Promise<void> {
  await ensureLanguage(lang);
  // a screen opened meanwhile may have asked for more areas (cached parts resolve at once)
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applySideLocales(lang);
}

export function t(key: string, args?: Record<string, unknown>): string {
  return String(i18n.t(key, args as never));
}
