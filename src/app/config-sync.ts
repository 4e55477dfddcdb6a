/**
 * The app's side of operator-published config (issue 15), loaded after first paint, never on the
 * critical path. The build embeds the repo's config (the seed); this asks the server's manifest
 * (GET /mdr/api/v1/app-config: hashes of the documents operators changed), fetches a document only when
 * its hash is not the one the app already runs (GET /mdr/api/v1/app-config/{hash}, immutable), and
 * takes what it fetched at the next route change, so no page changes under the reader's eyes.
 * A publish pushes a notice on `config:app`; the manifest is asked again then.
 *
 * Preview (operators only): `?cfgPreview=kind/name` in the address lays that document's newest draft
 * (GET /mdr/api/v1/ops/config/{kind}/{name}, operator-only) over this tab until `?cfgPreview=off`; a
 * fan's token gets nothing, so nobody else sees a draft. The screen on display takes it at once.
 *
 * Taken at run time: screens, fragments, forms, status maps, locale texts, the route table and tabs
 * (src/app/live-config.ts: the app re-renders with them, so a published route to a published screen is
 * navigable), the error catalogue (laid over the api client's copy) and theme tokens (one `<style>` after
 * the build's :root stylesheet with the properties that differ from the build's theme) and the rules the
 * screens read (`rules.` in expressions; the server applies published rules itself at once).
 */
import type { ErrorCatalogue } from '../api/error-catalogue';
import { configFilesChanged } from '../engine/config-events';
import { publishedFiles } from '../engine/config-files';
import type { RouteTable, StatusMap, TabLayout } from '../engine/config-types.gen';
import { setPublishedRules } from '../engine/globals';
import { loadedStatusMaps as statusMaps } from '../engine/status-maps';
import { type ThemeTokens, themeProperties } from '../engine/theme';
import { api, realtime, store } from './app-runtime';
import { i18n, loadTextAreas } from './i18n';
import { liveConfig } from './live-config';
import { previewedDoc, takePreviewRequest } from './preview-request';
import { setErrorCatalogue } from './published-catalogue';
import { themeOverrideCss } from './theme-override';

interface Manifest {
  hash: string;
  docs: Record<string, { hash: string; seed: boolean }>;
}

/** document key -> the hash the app runs (absent: the embedded seed) */
const running = new Map<string, string>();
/** fetched, waiting for the next route change */
const pending = new Map<string, { hash: string; body: unknown }>();
/** published locale texts by language: laid over every text part that loads later */
const localeTexts = new Map<string, Record<string, unknown>>();
let lastManifest = '';
/** documents shown as an operator's draft in this tab: the manifest leaves them alone */
const previewing = new Set<string>();

function apply(key: string, body: unknown): void {
  const [kind, name] = key.split('/');
  if (kind === 'screen') publishedFiles.set(name.split('.').join('/'), body);
  else if (kind === 'status') {
    publishedFiles.set(`status/${name}`, body);
    if (statusMaps.has(name)) statusMaps.set(name, body as StatusMap);
  } else if (kind === 'routes') liveConfig.set({ routes: body as RouteTable });
  else if (kind === 'tabs') liveConfig.set({ tabs: body as TabLayout });
  else if (kind === 'errors') setErrorCatalogue(body as ErrorCatalogue);
  else if (kind === 'theme') applyTheme(body as ThemeTokens);
  else if (kind === 'rules') setPublishedRules(body);
  else if (kind === 'locale') {
    localeTexts.set(name, body as Record<string, unknown>);
    if (i18n.hasResourceBundle(name, 'translation'))
      i18n.addResourceBundle(name, 'translation', body, true, true);
  }
}

const THEME_STYLE = 'gf-theme-published';

/** a custom property's value in the build's own `:root` rules (the inlined theme sheet), not ours */
function buildValue(prop: string): string | undefined {
  for (const sheet of Array.from(document.styleSheets)) {
    if ((sheet.ownerNode as Element | null)?.id === THEME_STYLE) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of Array.from(rules))
      if (rule instanceof CSSStyleRule && rule.selectorText === ':root') {
        const v = rule.style.getPropertyValue(prop).trim();
        if (v) return v;
      }
  }
  return undefined;
}

/**
 * One `<style>` after the build's :root stylesheet, with the properties a published theme changes
 * (compared with the build's own rules, read from the page: no request for the seed theme).
 */
function applyTheme(theme: ThemeTokens): void {
  const published = themeProperties(theme);
  const seed: Record<string, string> = {};
  for (const prop of Object.keys(published)) seed[prop] = buildValue(prop) ?? '';
  const css = themeOverrideCss(seed, published);
  let el = document.getElementById(THEME_STYLE);
  if (!css) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('style');
    el.id = THEME_STYLE;
    document.head.append(el);
  }
  el.textContent = css;
}

function applyPending(): void {
  for (const [key, { hash, body }] of pending) {
    apply(key, body);
    running.set(key, hash);
  }
  pending.clear();
}

/** the text areas a tab bar's `$t:` titles name (a published title may name a key of an area not loaded yet) */
const tabTexts = (body: unknown) =>
  loadTextAreas([
    ...new Set(
      ((body as TabLayout).tabs ?? [])
        .map((tab) => tab.title)
        .filter((title) => title.startsWith('$t:'))
        .map((title) => title.slice(3).split('.')[0]),
    ),
  ]).catch((e) => console.warn('[config] tab texts failed', e));

/**
 * the text areas a published screen names (`$t:area.` texts, `t('area.` calls): a screen an operator
 * created is in no build-time list of areas, so its texts would show as raw keys without this
 */
const screenTexts = (body: unknown) => {
  const areas = new Set<string>();
  for (const m of JSON.stringify(body).matchAll(/(?:\$t:|\bt\(\s*')([A-Za-z][A-Za-z0-9_]*)\./g))
    areas.add(m[1]);
  return loadTextAreas([...areas]).catch((e) => console.warn('[config] screen texts failed', e));
};

async function refresh(): Promise<void> {
  const m = await api.request<Manifest>({ method: 'GET', path: '/mdr/api/v1/app-config', silent: true });
  if (m.hash === lastManifest) return;
  lastManifest = m.hash;
  await Promise.all(
    Object.entries(m.docs).map(async ([key, { hash, seed }]) => {
      if (previewing.has(key)) return;
      if ((running.get(key) ?? (seed ? hash : '')) === hash || pending.get(key)?.hash === hash) return;
      const body = await api.request<unknown>({
        method: 'GET',
        path: `/mdr/api/v1/app-config/${hash}`,
        silent: true,
      });
      if (key === 'tabs/tabs') await tabTexts(body);
      else if (key.startsWith('screen/')) await screenTexts(body);
      pending.set(key, { hash, body });
    }),
  );
  // a document the app has not shown yet can be taken now (the first check after start)
  if (!started) applyPending();
  // which published config this app holds (taken or waiting for the next route change): for support and tests
  document.documentElement.dataset.gfConfig = m.hash;
}

let started = false;
let syncing = false;

async function preview(): Promise<void> {
  if (takePreviewRequest() === 'off') {
    // the published texts come back with a fresh start of the tab
    if (previewing.size) location.reload();
    return;
  }
  const key = previewedDoc();
  if (!key || previewing.has(key)) return;
  // a visitor who opens a shared preview link sees the published app: asking would only bring the
  // login popup (110000) up over it
  if (!store.get().isLogin) return;
  const doc = await api.request<{ head: unknown }>({
    method: 'GET',
    path: `/mdr/api/v1/ops/config/${key}`,
    silent: true,
  });
  if (key.startsWith('screen/')) await screenTexts(doc.head);
  previewing.add(key);
  apply(key, doc.head);
  // the screen on display takes the draft now: the operator opened the link to see it
  configFilesChanged();
  // and so does every text outside it (the tab bar, the header): react-i18next re-renders its readers on
  // this event; the draft may arrive after the last route change, which would otherwise keep the old texts
  if (key.startsWith('locale/')) i18n.emit('languageChanged', i18n.language);
}
const previewNow = () => void preview().catch((e) => console.warn('[config] preview failed', e));

/**
 * `late`: started by a publish notice while a page is on screen (not at start-up): the documents it
 * fetches wait for the next route change like any later one, instead of being taken at once.
 */
export function startConfigSync(late = false): void {
  if (started || syncing) return;
  syncing = true;
  if (late) started = true;
  const first = refresh().catch((e) => console.warn('[config] manifest failed', e));
  void first.finally(() => {
    started = true;
    previewNow();
  });
  // a text part loaded later (another area, another language) must not bring the seed's text back
  let laying = false;
  i18n.store.on('added', (lng: string) => {
    const texts = localeTexts.get(lng);
    if (!texts || laying) return;
    laying = true;
    i18n.addResourceBundle(lng, 'translation', texts, true, true);
    laying = false;
  });
  // a route change: the router moves by history.pushState (no event of its own), back/forward by popstate
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      applyPending();
      original(...args);
      if (String(args[2] ?? '').includes('cfgPreview=')) previewNow();
    };
  }
  // capture: before the router's own listener reads the route table
  window.addEventListener('popstate', applyPending, { capture: true });
  window.addEventListener('hashchange', () => {
    applyPending();
    previewNow();
  });
  realtime.subscribe('config:app', () => {
    refresh().catch((e) => console.warn('[config] manifest failed', e));
  });
}
