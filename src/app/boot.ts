/**
 * Start-up sequence (spec §4). Each step is independent: a failing step is logged and the next one runs,
 * so a dead API never keeps the app from showing its screens.
 */
import type { Lang, SessionStore } from '../state/session-store';

export const APP_VERSION_MARKER = '2025-01-16-01';
export const VERSION_KEY = 'appVersion';

export interface BootDeps {
  store: SessionStore;
  storage: Storage;
  /** true when the browser already had a language stored (otherwise the default is chosen) */
  hasStoredLang: boolean;
  defaultLang(): Lang;
  initI18n(lang: Lang): Promise<unknown>;
  fetchToken(): Promise<unknown>;
  connectRealtime(): void;
  reload(): void;
  /** minutes east of UTC are negative here, as Date#getTimezoneOffset reports */
  timezoneOffset(): number;
}

export interface BootResult {
  /** the page is reloading for a new version: do not mount */
  reloading: boolean;
  failed: string[];
}

export async function boot(deps: BootDeps): Promise<BootResult> {
  const failed: string[] = [];
  const step = async (name: string, fn: () => unknown) => {
    try {
      await fn();
    } catch (e) {
      failed.push(name);
      console.error(`[boot] ${name} failed`, e);
    }
  };
  const { store } = deps;

  await step('timezone', () => {
    // 1: the browser is on UTC+8 like the server, so its date-times are shown as they come
    store.set({ tz: deps.timezoneOffset() === -480 ? 1 : 0 });
  });
  // the language is chosen first (the token call sends it as accept-language); then its texts and the
  // token load side by side: neither needs the other, and each is a round trip before the first screen
  if (!deps.hasStoredLang) await step('language', () => store.set({ lang: deps.defaultLang() }));
  await Promise.all([
    step('language', () => deps.initI18n(store.get().lang)),
    step('token', async () => {
      if (!store.get().token) await deps.fetchToken();
    }),
  ]);
  await step('login popup', () => store.closeLoginPopup());
  await step('realtime', () => deps.connectRealtime());

  let reloading = false;
  await step('version', () => {
    const stored = deps.storage.getItem(VERSION_KEY);
    deps.storage.setItem(VERSION_KEY, APP_VERSION_MARKER);
    // a first visit has nothing stale to drop; only a different marker means an old build is cached
    if (stored !== null && stored !== APP_VERSION_MARKER) {
      reloading = true;
      deps.reload();
    }
  });
  return { reloading, failed };
}
