/** EngineServices (src/engine/services.ts) over the router, the session store, the API client and i18n. */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { RealtimeClient } from '../api/realtime';
import type { RouteTable } from '../engine/config-types.gen';
import type { SessionView } from '../engine/contract';
import type { EngineServices } from '../engine/services';
import { statusField } from '../engine/status-maps';
import { isExtraField, type SessionState, type SessionStore } from '../state/session-store';
import { analytics } from './analytics';
import { changeLang, isLang, t } from './i18n';
import { goBack, navigateTo } from './navigation';
import { resolveTarget } from './routing/route-table';

export interface EngineServicesDeps {
  store: SessionStore;
  api: ApiClient;
  encrypt(plain: string): Promise<string>;
  signIn(token: string): Promise<void>;
  logout(): Promise<void>;
  routes: RouteTable;
  queryClient: QueryClient;
  /** live data sources and widgets (chat) subscribe to topics through it */
  realtime?: RealtimeClient;
}

export function createEngineServices(deps: EngineServicesDeps): EngineServices {
  const { store } = deps;
  // useSyncExternalStore needs the same snapshot object until something changes
  let lastState: SessionState | null = null;
  let lastView: SessionView | null = null;
  const view = (): SessionView => {
    const s = store.get();
    if (s !== lastState || !lastView) {
      lastState = s;
      // spec §3's fields stay private but for these four; what screens stored themselves reads back
      const extras = Object.fromEntries(Object.entries(s).filter(([k]) => isExtraField(k)));
      lastView = { ...extras, isLogin: !!s.isLogin, lang: s.lang, user: s.user, userInfo: s.userInfo };
    }
    return lastView;
  };

  function setLang(lang: string) {
    if (!isLang(lang)) return;
    void changeLang(lang)
      .then(() => {
        store.set({ lang });
        // server texts (messages, regions, protocols) depend on accept-language
        void deps.queryClient.invalidateQueries();
      })
      .catch((e) => console.error('[i18n] language change failed', e));
  }

  return {
    api: {
      request: (req) => deps.api.request(req),
      upload: (path, files) => deps.api.upload(path, files),
    },
    navigate(to, opts) {
      if (opts?.clearOrderId) store.set({ orderId: null });
      navigateTo(resolveTarget(deps.routes, to, opts?.query), { replace: opts?.replace });
    },
    back: (fallback) => goBack(fallback),
    session: {
      get: view,
      subscribe: (listener) => store.subscribe(listener),
      signIn: (token) => deps.signIn(token),
      set(patch) {
        const { lang, ...rest } = patch;
        if (Object.keys(rest).length) store.set(rest as Partial<SessionState>);
        if (lang !== undefined) setLang(String(lang));
      },
    },
    openLogin: () => store.openLoginPopup(),
    closeLogin: () => store.closeLoginPopup(),
    logout: () => deps.logout(),
    setLang,
    t: (key, args) => t(key, args),
    status: statusField,
    encrypt: (plain) => deps.encrypt(plain),
    analytics,
    realtime: deps.realtime && {
      subscribe: (topic, onMessage) => deps.realtime!.subscribe(topic, (data) => onMessage(data)),
      isUp: () => deps.realtime!.state === 'open',
      onStatus: (listener) => deps.realtime!.onState(() => listener()),
    },
  };
}
