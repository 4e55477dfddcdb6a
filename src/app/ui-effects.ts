/** The API client's side effects, shown with antd-mobile and routed through the app's navigation. */
import { Dialog, Toast } from 'antd-mobile';
import type { ApiEffects } from '../api/client';
import { t } from './i18n';
import { navigateTo, reloadPage } from './navigation';

export const uiEffects: ApiEffects = {
  toast: (text, durationMs) => {
    Toast.show({ content: text, duration: durationMs });
  },
  confirm: (opts) => Dialog.confirm(opts),
  navigate: (path) => navigateTo(path),
  reload: reloadPage,
  t: (key) => t(key),
};
