/**
 * Fixed-row-height windowing over the nearest scrolling ancestor (the page body) or the window: only the
 * rows in view plus `overscan` are mounted, so a day of 300-500 matches scrolls as smoothly as ten.
 * Fixed heights keep it exact without measuring (cards are designed to a fixed height).
 */
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { scrollParent, useScrollTracking, viewport } from './track';

export interface WindowedProps {
  count: number;
  itemHeight: number;
  overscan: number;
  renderRow(index: number): ReactNode;
  rowKey(index: number): string | number;
  /** called when the last rows come into range (paged sources load the next page) */
  onEndReached?(): void;
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

  useScrollTracking(ref, measure);

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
