/**
 * The "logged in elsewhere" warning (spec §4): shown once at a time while the kicked-offline flag is
 * set; confirming logs out. antd-mobile's Dialog (with react-spring) loads on the first warning.
 */
export function createKickedPrompt(deps: { t(key: string): string; logout(): Promise<void> }) {
  let open = false;
  return function showKickedPrompt() {
    if (open) return;
    open = true;
    void import('../../widgets/overlays')
      .then(({ Dialog }) =>
        Dialog.alert({
          title: deps.t('kicked.title'),
          content: deps.t('kicked.message'),
          confirmText: deps.t('common.confirm'),
          onConfirm: () => deps.logout(),
        }),
      )
      .catch((e) => console.error('[shell] kicked prompt failed', e))
      .finally(() => {
        open = false;
      });
  };
}
