/**
 * The app's singletons wired together: session store, API client, realtime client, encryption and the
 * sign-in/logout sequences. Tests build their own pieces from the factories instead of importing this.
 */
import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../api/client';
import { createNetworkStatus } from '../api/network-status';
import { createRealtimeClient } from '../api/realtime';
import { sessionStore } from '../state';
import { createSessionActions } from '../state/session-actions';
import { navigateTo, reloadPage } from './navigation';
import { uiEffects } from './ui-effects';

export const store = sessionStore;

export const network = createNetworkStatus();

export const api = createApiClient({ store, effects: uiEffects, network });

export const realtime = createRealtimeClient({
  getToken: () => store.get().token,
  onKicked: () => store.set({ kickedOffline: true }),
  onAuthFailed: () => api.fetchToken(),
});

// only sign-in encrypts: its code (and the key fetch) waits for the first password, not the first load
let encryptor: Promise<(plain: string) => Promise<string>> | null = null;
export const encrypt = (plain: string): Promise<string> => {
  encryptor ??= import('../api/encrypt').then(({ createEncryptor }) =>
    createEncryptor((req) => api.request(req)),
  );
  return encryptor.then((e) => e(plain));
};

export const sessionActions = createSessionActions({
  store,
  request: (req) => api.request(req),
  realtime,
  navigate: (path) => navigateTo(path),
  reload: reloadPage,
});

export const queryClient = new QueryClient({
  defaultOptions: {
    // the client already toasted the failure; retrying a business error would toast it again
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
