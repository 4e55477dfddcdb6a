/**
 * Session state (spec §3) kept in browser storage so a reload or a new tab starts where the user left.
 * Every field has its own storage key (the names of spec §3), so other tools reading localStorage see the
 * same keys; `orderId` lives in sessionStorage because an order in progress belongs to one tab.
 */
export type Lang = 'zhhk' | 'zhcn' | 'zhtw';

export interface SessionState {
  token: string | null;
  user: Record<string, unknown> | null;
  userInfo: Record<string, unknown> | null;
  isLogin: boolean;
  address: unknown;
  realName: unknown;
  showLoginPopup: boolean;
  kickedOffline: boolean;
  identified: boolean;
  location: unknown;
  lang: Lang;
  /** 1 when the browser is on UTC+8 like the server; 0 means server date-times need converting (spec §9) */
  tz: 1 | 0;
  orderId: string | null;
  /** anything else a screen stores with a `session` action (message count, search history...) */
  [extra: string]: unknown;
}

export const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];

const DEFAULTS: SessionState = {
  token: null,
  user: null,
  userInfo: null,
  isLogin: false,
  address: null,
  realName: null,
  showLoginPopup: false,
  kickedOffline: false,
  identified: false,
  location: null,
  lang: 'zhhk',
  tz: 0,
  orderId: null,
};

/** A field a screen stored with a `session` action (not one of spec §3's): expressions may read it back. */
export const isExtraField = (key: string): boolean => !(key in DEFAULTS);

const SESSION_SCOPED = new Set(['orderId']);
/** keys of extra fields ever written, so they can be restored after a reload */
const EXTRA_INDEX_KEY = 'sessionExtraKeys';

export interface SessionStore {
  get(): SessionState;
  set(patch: Partial<SessionState>): void;
  subscribe(listener: () => void): () => void;
  openLoginPopup(): void;
  closeLoginPopup(): void;
  toggleLoginPopup(): void;
}

function read(storage: Storage | undefined, key: string): unknown {
  const raw = storage?.getItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    // values written by older builds as bare strings (a token) are still valid
    return raw;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown) {
  if (!storage) return;
  if (value === null || value === undefined) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

export function createSessionStore(
  local: Storage | undefined = globalThis.localStorage,
  session: Storage | undefined = globalThis.sessionStorage,
): SessionStore {
  const storageFor = (key: string) => (SESSION_SCOPED.has(key) ? session : local);
  const extraKeys = new Set<string>((read(local, EXTRA_INDEX_KEY) as string[] | undefined) ?? []);

  let state: SessionState = { ...DEFAULTS };
  for (const key of [...Object.keys(DEFAULTS), ...extraKeys]) {
    const stored = read(storageFor(key), key);
    if (stored !== undefined) state[key] = stored;
  }
  if (!LANGS.includes(state.lang)) state.lang = DEFAULTS.lang;

  const listeners = new Set<() => void>();

  function set(patch: Partial<SessionState>) {
    const next: SessionState = { ...state, ...patch };
    // spec §4: setting user or user info closes the login popup
    if (('user' in patch || 'userInfo' in patch) && !('showLoginPopup' in patch)) next.showLoginPopup = false;
    let extrasChanged = false;
    for (const key of Object.keys(next)) {
      if (next[key] === state[key]) continue;
      if (!(key in DEFAULTS) && !extraKeys.has(key)) {
        extraKeys.add(key);
        extrasChanged = true;
      }
      write(storageFor(key), key, next[key]);
    }
    if (extrasChanged) write(local, EXTRA_INDEX_KEY, [...extraKeys]);
    state = next;
    for (const l of listeners) l();
  }

  return {
    get: () => state,
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openLoginPopup: () => set({ showLoginPopup: true }),
    closeLoginPopup: () => set({ showLoginPopup: false }),
    toggleLoginPopup: () => set({ showLoginPopup: !state.showLoginPopup }),
  };
}
