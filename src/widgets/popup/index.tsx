/**
 * The popup widget. Its antd-mobile body (Popup, CenterPopup: spring animation, drag gestures, ~30 KB
 * gzip) loads when the popup first opens, and is fetched ahead once the browser is idle: a screen that
 * merely holds a popup (the login page's country picker and captcha) no longer downloads and evaluates
 * that code before its first paint.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { whenIdle } from '../shared/when-idle';
import type { PopupProps } from './popup-props';

const loadBody = () => import('./popup-body');
const PopupBody = lazy(loadBody);

export default function PopupWidget(p: WidgetProps<PopupProps>) {
  const visible = Boolean(p.props.visible);
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  useEffect(() => whenIdle(() => void loadBody().catch(() => {})), []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PopupBody {...p} />
    </Suspense>
  );
}
