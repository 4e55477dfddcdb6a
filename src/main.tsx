import { createElement, lazy, Suspense, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { api, realtime, store } from './app/app-runtime';
import { boot } from './app/boot';
import { probeWindow, shouldShowDesktopFrame } from './app/desktop/detect';
import { warmFirstScreen } from './app/first-screen';
import { defaultLang, initI18n } from './app/i18n';
import { liveConfig } from './app/live-config';
import { reloadPage } from './app/navigation';
import { previewedDoc, takePreviewRequest } from './app/preview-request';
import { registerServiceWorker } from './app/pwa';
import { yieldToMain } from './app/yield-to-main';
import './app/base.css';
// the screens' "$theme:" tokens as custom properties on :root (scripts/lib/theme-css.ts)
import 'virtual:gf-theme.css';

/** How long the first render waits for the opening screen's code before drawing the shell without it. */
const FIRST_SCREEN_WAIT_MS = 2500;

const DesktopFrame = lazy(() => import('./app/desktop/desktop-frame'));

function removeSplash() {
  document.getElementById('gf-splash')?.remove();
}

/** The splash stays until the app's first commit, so no blank frame shows between the two. */
function AppRoot() {
  useLayoutEffect(removeSplash, []);
  return createElement(App);
}

async function start() {
  const rootEl = document.getElementById('root')!;
  const hasStoredLang = localStorage.getItem('lang') !== null;

  // the operator console (#/ops) is a desktop tool too: it renders full width instead of in the phone frame
  const isConsole = /^#\/ops(\/|\?|$)/.test(window.location.hash);
  if (shouldShowDesktopFrame(probeWindow()) && !isConsole) {
    // the framed phone boots the real app itself; this page only needs its texts
    if (!hasStoredLang) store.set({ lang: defaultLang() });
    await initI18n(store.get().lang).catch((e) => console.error('[boot] i18n failed', e));
    createRoot(rootEl).render(createElement(Suspense, { fallback: null }, createElement(DesktopFrame)));
    removeSplash();
    return;
  }

  // the opening screen's config and widgets load alongside the token and the texts; its own texts once
  // the language is settled
  let languageSettled: () => void = () => {};
  const warming = warmFirstScreen(
    liveConfig.routes(),
    new Promise<void>((resolve) => {
      languageSettled = resolve;
    }),
  );
  const result = await boot({
    store,
    storage: localStorage,
    hasStoredLang,
    defaultLang: () => defaultLang(),
    // the entry's module evaluation is one task already; i18next's start-up runs in the next one, after
    // the token request has gone out
    initI18n: (lang) => yieldToMain().then(() => initI18n(lang)),
    fetchToken: () => api.fetchToken(),
    connectRealtime: () => realtime.connect(),
    reload: reloadPage,
    timezoneOffset: () => new Date().getTimezoneOffset(),
  });
  if (result.reloading) return;
  languageSettled();
  // bounded: on a bad network the shell (with the page's skeleton) shows rather than the splash
  await Promise.race([warming, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  const root = createRoot(rootEl);
  // a transition render is time-sliced (it yields to the browser every few ms): the first render of a
  // whole tab no longer blocks input as one long task, which is what Total Blocking Time measures
  startTransition(() => root.render(createElement(AppRoot)));
  registerServiceWorker();
  // config operators published (issue 15): the manifest is asked after first paint, and the code that
  // takes changed documents loads only when there is one, or when a publish is announced
  const sync = (late = false) => void import('./app/config-sync').then((m) => m.startConfigSync(late));
  // an operator's preview link (or a tab already previewing) needs that code too: a draft is in no manifest
  const previewAsked = () => takePreviewRequest() !== null || previewedDoc() !== null;
  previewAsked();
  // the console's preview button moves by the router (history.pushState, no hashchange of its own); hooked
  // at once, so a tap before the manifest check below is not missed
  const push = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    push(...args);
    if (previewAsked()) sync();
  };
  window.addEventListener('hashchange', () => previewAsked() && sync());
  // started by a publish while a page is open: what it fetches waits for the next route change
  realtime.subscribe('config:app', () => sync(true));
  setTimeout(() => {
    api
      .request<{ hash: string; docs: object }>({
        method: 'GET',
        path: '/mdr/api/v1/app-config',
        silent: true,
      })
      .then(
        (m) => {
          if (Object.keys(m.docs).length || previewAsked()) sync();
          // nothing published: the app holds the manifest as it is (config-sync names it after fetching otherwise)
          else document.documentElement.dataset.gfConfig = m.hash;
        },
        () => {},
      );
  }, 300);
}

void start();
