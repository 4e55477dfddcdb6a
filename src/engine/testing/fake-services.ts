import type { AnalyticsEvent, SessionView } from '../contract';
import type { ApiRequest, EngineServices } from '../services';

type Handler = (req: ApiRequest) => unknown;

/** Stand-in for the app shell in engine and widget tests: records calls, answers from a route table. */
export interface FakeServices extends EngineServices {
  calls: ApiRequest[];
  navigations: { to: string; query?: Record<string, string> }[];
  events: AnalyticsEvent[];
  /** answer requests `"METHOD /path"`; a thrown {code, msg} becomes a rejection */
  answer(route: string, handler: Handler): void;
  setSession(patch: Partial<SessionView>): void;
}

export function interpolate(text: string, args?: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k) => String(args?.[k] ?? ''));
}

export function createFakeServices(texts: Record<string, string> = {}): FakeServices {
  const handlers = new Map<string, Handler>();
  let session: SessionView = { isLogin: false, lang: 'zhhk', user: null, userInfo: null };
  const listeners = new Set<() => void>();
  const setSession = (patch: Partial<SessionView>) => {
    session = { ...session, ...patch };
    for (const l of listeners) l();
  };
  const fake: FakeServices = {
    calls: [],
    navigations: [],
    events: [],
    answer: (route, handler) => handlers.set(route, handler),
    setSession,
    api: {
      async request<T>(req: ApiRequest): Promise<T> {
        fake.calls.push(req);
        const h = handlers.get(`${req.method} ${req.path}`);
        if (!h) throw { code: 100404, msg: `no fake for ${req.method} ${req.path}` };
        return (await h(req)) as T;
      },
      async upload(_path, files) {
        return files.map((f) => ({ url: `/uploads/${f.name}`, name: f.name, size: f.size }));
      },
    },
    navigate: (to, opts) => fake.navigations.push({ to, query: opts?.query }),
    back: () => fake.navigations.push({ to: 'back' }),
    session: {
      get: () => session,
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      signIn: async () => setSession({ isLogin: true }),
      set: (patch) => setSession(patch as Partial<SessionView>),
    },
    openLogin: () => fake.navigations.push({ to: 'login' }),
    closeLogin: () => {},
    logout: async () => setSession({ isLogin: false, user: null }),
    setLang: (lang) => setSession({ lang: lang as SessionView['lang'] }),
    t: (key, args) => interpolate(texts[key] ?? key, args),
    encrypt: async (plain) => `enc(${plain})`,
    analytics: (e) => fake.events.push(e),
  };
  return fake;
}
