/**
 * The login screen (screen id auth/login) in a full-screen popup above the pages, driven by the session.
 * It keeps antd-mobile's default z-index so toasts and dialogs opened later still show above it.
 */
import { Popup } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionStore } from '../../state/session-store';
import { ScreenHost } from '../screen-host';

export const LOGIN_SCREEN_ID = 'auth/login';

export function LoginPopup({ store }: { store: SessionStore }) {
  const visible = useSyncExternalStore(store.subscribe, () => store.get().showLoginPopup);
  // the screen needs the page underneath: closing login on /match/index also goes back (spec §2)
  const from = useLocation().pathname;
  return (
    <Popup
      visible={visible}
      position="bottom"
      onClose={() => store.closeLoginPopup()}
      destroyOnClose
      className="gf-login-popup"
      bodyStyle={{ height: '100%', overflowY: 'auto' }}
    >
      {visible && <ScreenHost screenId={LOGIN_SCREEN_ID} path="/login" params={{}} query={{ popup: '1', from }} />}
    </Popup>
  );
}
