/**
 * What antd-mobile needs before its first component shows, loaded with the first widget or overlay that
 * uses it (never with the first screen, which has no antd-mobile UI):
 * - the React 19 render function for its imperative components (Toast.show, Dialog.show...): one root
 *   per container, unmounted asynchronously;
 * - its built-in texts (picker buttons, close labels, uploader...) in the app language instead of its
 *   simplified-Chinese default. The app language is read from <html lang>, which i18n keeps current.
 */
// deep imports: the package root evaluates its global stylesheet and drags a chain of shared pieces
// (scroll lock, touch, gestures) into every screen that has a widget
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __antdRoot?: Root };

unstableSetRender((node, container) => {
  const c = container as Container;
  c.__antdRoot ??= createRoot(c);
  const root = c.__antdRoot;
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
    delete c.__antdRoot;
  };
});

const LOCALES: Record<string, typeof zhHK> = { 'zh-HK': zhHK, 'zh-CN': zhCN, 'zh-TW': zhTW };

function followHtmlLang() {
  setDefaultConfig({ locale: LOCALES[document.documentElement.lang] ?? zhHK });
}

if (typeof document !== 'undefined') {
  followHtmlLang();
  new MutationObserver(followHtmlLang).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });
}
