/**
 * The antd-mobile Popup around the login screen; its own chunk (Popup brings react-spring and
 * @use-gesture), fetched the first time the login popup opens.
 */
import { Popup } from 'antd-mobile';
import '../../widgets/antd-setup';
import { ScreenHost } from '../screen-host';

export const LOGIN_SCREEN_ID = 'auth/login';

export interface LoginPopupSheetProps {
  visible: boolean;
  from: string;
  onClose(): void;
}

export default function LoginPopupSheet({ visible, from, onClose }: LoginPopupSheetProps) {
  return (
    <Popup
      visible={visible}
      position="bottom"
      onClose={onClose}
      destroyOnClose
      className="gf-login-popup"
      bodyStyle={{ height: '100%', overflowY: 'auto' }}
    >
      {visible && (
        <ScreenHost screenId={LOGIN_SCREEN_ID} path="/login" params={{}} query={{ popup: '1', from }} />
      )}
    </Popup>
  );
}
