/**
 * The "logged in elsewhere" warning (spec §4): shown once at a time while the kicked-offline flag is
 * set; confirming logs out.
 */
import { Dialog } from 'antd-mobile';

export function createKickedPrompt(deps: { t(key: string): string; logout(): Promise<void> }) {
  let open = false;
  return function showKickedPrompt() {
    if (open) return;
    open = true;
    void Dialog.alert({
      title: deps.t('kicked.title'),
      content: deps.t('kicked.message'),
      confirmText: deps.t('common.confirm'),
      onConfirm: () => deps.logout(),
    }).finally(() => {
      open = false;
    });
  };
}
