/**
 * Whether the bottom tab bar may show: hidden while the page is fullscreen (video) and toggled by a
 * `footer-visibility` window event (detail: true / false / {visible}; no detail toggles).
 */
import { useEffect, useState } from 'react';

export const FOOTER_EVENT = 'footer-visibility';

export function readFooterEventDetail(detail: unknown, current: boolean): boolean {
  if (typeof detail === 'boolean') return detail;
  if (
    detail &&
    typeof detail === 'object' &&
    typeof (detail as { visible?: unknown }).visible === 'boolean'
  ) {
    return (detail as { visible: boolean }).visible;
  }
  return !current;
}

export function useFooterVisibility(): boolean {
  const [wanted, setWanted] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onToggle = (e: Event) => setWanted((cur) => readFooterEventDetail((e as CustomEvent).detail, cur));
    const onFullscreen = () => setFullscreen(!!document.fullscreenElement);
    window.addEventListener(FOOTER_EVENT, onToggle);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.removeEventListener(FOOTER_EVENT, onToggle);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);
  return wanted && !fullscreen;
}
