/**
 * The login screen (screen id auth/login) in a full-screen popup above the pages, driven by the session.
 * The popup's code loads the first time it opens and then stays mounted, so it can animate closed.
 * It keeps antd-mobile's default z-index so toasts and dialogs opened later still show above it.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionStore } from '../../state/session-store';

const LoginPopupSheet = lazy(() => import('./login-popup-sheet'));

export function LoginPopup({ store }: { store: SessionStore }) {
  const visible = useSyncExternalStore(store.subscribe, () => store.get().showLoginPopup);
  const [opened, setOpened] = useState(false);
  if (visible && !opened) setOpened(true);
  // the screen needs the page underneath: closing login on /match/index also goes back (spec §2)
  const from = useLocation().pathname;
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoginPopupSheet visible={visible} from={from} onClose={() => store.closeLoginPopup()} />
    </Suspense>
  );
}
