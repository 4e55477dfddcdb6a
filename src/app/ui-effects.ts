/**
 * The API client's side effects, shown with antd-mobile (loaded on first use) and routed through the
 * app's navigation.
 */
import type { ApiEffects } from '../api/client';
import { t } from './i18n';
import { navigateTo, reloadPage } from './navigation';

const overlays = () => import('../widgets/overlays');

export const uiEffects: ApiEffects = {
  toast: (text, durationMs) => {
    void overlays()
      .then(({ Toast }) => Toast.show({ content: text, duration: durationMs }))
      .catch((e) => console.error('[ui] toast failed', e, text));
  },
  confirm: (opts) => overlays().then(({ Dialog }) => Dialog.confirm(opts)),
  navigate: (path) => navigateTo(path),
  reload: reloadPage,
  t: (key) => t(key),
};
