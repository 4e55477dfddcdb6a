// antd-mobile renders its imperative components (Toast.show, Dialog.show...) through a render function
// that on React 19 must be given explicitly; one root per container, unmounted asynchronously.
import { unstableSetRender } from 'antd-mobile';
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
