/**
 * The login screen (screen id auth/login) in a full-screen popup above the pages, driven by the session.
 * It keeps antd-mobile's default z-index so toasts and dialogs opened later still show above it.
 */
import { Popup } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import type { SessionStore } from '../../state/session-store';
import { ScreenHost } from '../screen-host';

export const LOGIN_SCREEN_ID = 'auth/login';

export function LoginPopup({ store }: { store: SessionStore }) {
  const visible = useSyncExternalStore(store.subscribe, () => store.get().showLoginPopup);
  return (
    <Popup
      visible={visible}
      position="bottom"
      onClose={() => store.closeLoginPopup()}
      destroyOnClose
      className="gf-login-popup"
      bodyStyle={{ height: '100%', overflowY: 'auto' }}
    >
      {visible && <ScreenHost screenId={LOGIN_SCREEN_ID} path="/login" params={{}} query={{ popup: '1' }} />}
    </Popup>
  );
}
