import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionState } from './session-store';

export type { Lang, SessionState, SessionStore } from './session-store';
export { createSessionStore, LANGS } from './session-store';

/** The app's one session store; tests build their own with createSessionStore. */
export const sessionStore = createSessionStore();

/** Subscribe a component to one slice of the session. Select primitives or stored objects, not new objects. */
export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(sessionStore.get()));
}
