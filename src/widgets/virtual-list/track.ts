/**
 * What both windowed lists (fixed rows, windowed.tsx; measured rows, measured.tsx) share: finding the
 * box that scrolls, the visible span of it, and one listener that reads the range again at most once a
 * frame while the fan scrolls or the window is resized.
 */
import { useEffect } from 'react';

type Scroller = HTMLElement | Window;

export function scrollParent(el: HTMLElement | null): Scroller {
  for (let p = el?.parentElement; p; p = p.parentElement) {
    const oy = getComputedStyle(p).overflowY;
    // an overflow:auto box that grows with its content does not scroll: the window (or a box above) does
    if ((oy === 'auto' || oy === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return window;
}

export function viewport(s: Scroller): { top: number; height: number } {
  if (!('getBoundingClientRect' in s)) return { top: 0, height: window.innerHeight };
  const r = s.getBoundingClientRect();
  // only the part of the box inside the window is in view; jsdom and hidden pages report 0 sizes
  const top = Math.max(0, r.top);
  const bottom = Math.min(window.innerHeight, r.top + (s.clientHeight || window.innerHeight));
  return { top, height: Math.max(0, bottom - top) || window.innerHeight };
}

/** Calls `measure` (at most once a frame) when the list's scroller scrolls or the window is resized. */
export function useScrollTracking(list: { readonly current: HTMLElement | null }, measure: () => void): void {
  useEffect(() => {
    const scroller = scrollParent(list.current);
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [list, measure]);
}
