/**
 * The imperative antd-mobile UI the actions use. Loaded on first use: the overlays bring react-spring and
 * @use-gesture, which the first screen does not need; the widgets' module also sets antd up for React 19.
 */
const overlays = () => import('../../widgets/overlays');

export function showToast(content: string, icon?: 'success' | 'fail' | 'loading', duration?: number) {
  void overlays().then(({ Toast }) => Toast.show({ content, icon, duration: duration ?? 2000 }));
}

export async function confirmDialog(opts: {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  withCancel: boolean;
}): Promise<boolean> {
  const { Dialog } = await overlays();
  if (!opts.withCancel) {
    await Dialog.alert({ title: opts.title, content: opts.content, confirmText: opts.confirmText });
    return true;
  }
  return Dialog.confirm({
    title: opts.title,
    content: opts.content,
    confirmText: opts.confirmText,
    cancelText: opts.cancelText,
  });
}

/** Resolves with the index of the chosen item, or -1 when the sheet is dismissed. */
export async function chooseFromSheet(
  title: string | undefined,
  items: string[],
  cancelText: string,
): Promise<number> {
  const { ActionSheet } = await overlays();
  return new Promise((resolve) => {
    const handler = ActionSheet.show({
      extra: title,
      cancelText,
      actions: items.map((text, i) => ({ key: i, text })),
      onAction: (a) => {
        handler.close();
        resolve(Number(a.key));
      },
      onClose: () => resolve(-1),
    });
  });
}

/** navigator.clipboard needs a secure context (not plain http on a LAN address); fall back to execCommand. */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy path
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
