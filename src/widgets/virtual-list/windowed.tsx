/**
 * Fixed-row-height windowing over the nearest scrolling ancestor (the page body) or the window: only the
 * rows in view plus `overscan` are mounted, so a day of 300-500 matches scrolls as smoothly as ten.
 * Fixed heights keep it exact without measuring (cards are designed to a fixed height).
 */
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface WindowedProps {
  count: number;
  itemHeight: number;
  overscan: number;
  renderRow(index: number): ReactNode;
  rowKey(index: number): string | number;
  /** called when the last rows come into range (paged sources load the next page) */
  onEndReached?(): void;
}

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

export function Windowed({ count, itemHeight, overscan, renderRow, rowKey, onEndReached }: WindowedProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const vp = viewport(scrollParent(el));
    const top = el.getBoundingClientRect().top - vp.top; // list top relative to the visible area
    const first = Math.floor(Math.max(0, -top) / itemHeight);
    const last = Math.ceil(Math.max(0, vp.height - top) / itemHeight);
    const start = Math.max(0, first - overscan);
    const end = Math.min(count, last + overscan);
    setRange((r) => (r[0] === start && r[1] === end ? r : [start, end]));
    if (count > 0 && end >= count) endRef.current?.();
  }, [count, itemHeight, overscan]);

  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    const scroller = scrollParent(ref.current);
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
  }, [measure]);

  const rows: ReactNode[] = [];
  for (let i = range[0]; i < range[1]; i++) {
    rows.push(
      <div
        key={rowKey(i)}
        className="gf-virtual-list__row"
        style={{ transform: `translateY(${i * itemHeight}px)`, height: itemHeight }}
        data-index={i}
      >
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div ref={ref} className="gf-virtual-list__window" style={{ height: count * itemHeight }}>
      {rows}
    </div>
  );
}
