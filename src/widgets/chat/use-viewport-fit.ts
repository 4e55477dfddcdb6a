/**
 * A full-screen chat must end at the bottom of what the user sees, and with the on-screen keyboard open
 * that is the visual viewport, not the layout one (100vh is taller than the screen on phones with
 * browser bars, which left the composer 24-32 px below the fold). The widget's height follows
 * `visualViewport.height` minus its own top, and when the browser scrolls the page to show the focused
 * input (which pushed the page title out of view) the page is put back: the composer already sits
 * above the keyboard.
 */
import { type RefObject, useEffect, useState } from 'react';

const MIN_HEIGHT = 200;

export function useViewportFit(ref: RefObject<HTMLElement | null>, enabled: boolean): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const vv = window.visualViewport;
    if (!enabled || !vv) return;
    const fitToViewport = () => {
      const el = ref.current;
      // a kept-alive page hidden behind the current one has nothing to fit
      if (!el?.offsetParent) return;
      if (window.scrollY > 0 && el.contains(document.activeElement)) window.scrollTo(0, 0);
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(vv.height - top)));
    };
    fitToViewport();
    vv.addEventListener('resize', fitToViewport);
    vv.addEventListener('scroll', fitToViewport);
    window.addEventListener('focusin', fitToViewport);
    return () => {
      vv.removeEventListener('resize', fitToViewport);
      vv.removeEventListener('scroll', fitToViewport);
      window.removeEventListener('focusin', fitToViewport);
    };
  }, [enabled, ref]);
  return height;
}
