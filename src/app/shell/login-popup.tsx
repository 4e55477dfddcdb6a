/** The login screen (screen id auth/login) in a full-screen popup above everything, driven by the session. */
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
      style={{ '--z-index': '1100' } as React.CSSProperties}
    >
      {visible && <ScreenHost screenId={LOGIN_SCREEN_ID} path="/login" params={{}} query={{ popup: '1' }} />}
    </Popup>
  );
}
