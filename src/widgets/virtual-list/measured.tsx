/**
 * Windowing for rows of varying height (a post with no image, one image or nine): each mounted row is
 * measured (ResizeObserver) and its height kept by row key; rows not measured yet count `estimate` px.
 * Row tops are the running sum of the heights, so rows never overlap, and the window's height is the sum
 * of all of them. Loaded lazily (its own chunk): only lists that ask for `measure` pay for it.
 *
 * Hand-written rather than @tanstack/react-virtual: the build's first-load vendor group takes every
 * `node_modules/@tanstack/*` module into the chunk every route loads (vite.config.ts, owned by the
 * engine), so the library would have grown the first load of #/match even when loaded lazily here.
 *
 * Kept-alive pages: a hidden page (display:none) reports 0 px for every row; such readings are ignored
 * and the range is left alone while the list is hidden, so the window keeps its height and the saved
 * scroll position is still there on return. A row above the view that changes height moves the scroll
 * offset by the same amount, so what the fan is reading does not jump.
 */
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { scrollParent, useScrollTracking, viewport } from './track';
import type { WindowedProps } from './windowed';

/** Row tops: offsets[i] is the top of row i, offsets[count] the total height. */
export function rowOffsets(
  count: number,
  sizeOf: (index: number) => number | undefined,
  estimate: number,
): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i] + (sizeOf(i) ?? estimate);
  return offsets;
}

/** The first row whose bottom is below `y` (binary search over the tops). */
export function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo);
}

/** Rows [start, end) covering the visible span [top, bottom) of the list, plus `overscan` on each side. */
export function visibleRange(
  offsets: Float64Array,
  top: number,
  bottom: number,
  overscan: number,
): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, 0];
  const first = rowAt(offsets, Math.max(0, top));
  let last = first;
  while (last < count && offsets[last] < bottom) last++;
  return [Math.max(0, first - overscan), Math.min(count, Math.max(last, first + 1) + overscan)];
}

function isHidden(el: HTMLElement): boolean {
  return el.getClientRects().length === 0;
}

export interface MeasuredProps extends WindowedProps {
  /** px under each row (spacing between cards), part of the row's measured height */
  gap?: number;
}

export default function Measured({
  count,
  itemHeight,
  overscan,
  renderRow,
  rowKey,
  onEndReached,
  gap = 0,
}: MeasuredProps) {
  const ref = useRef<HTMLDivElement>(null);
  const sizes = useRef(new Map<string | number, number>());
  const [version, setVersion] = useState(0);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const keyRef = useRef(rowKey);
  keyRef.current = rowKey;

  // biome-ignore lint/correctness/useExhaustiveDependencies: version bumps when a row's height changes
  const offsets = useMemo(
    () => rowOffsets(count, (i) => sizes.current.get(rowKey(i)), itemHeight),
    [count, itemHeight, rowKey, version],
  );
  const offsetsRef = useRef(offsets);
  offsetsRef.current = offsets;
  /** the drawn rows by index */
  const observed = useRef(new Map<number, HTMLElement>());

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el || isHidden(el)) return;
    const vp = viewport(scrollParent(el));
    const top = el.getBoundingClientRect().top - vp.top; // list top relative to the visible area
    const [start, end] = visibleRange(offsetsRef.current, -top, vp.height - top, overscan);
    setRange((r) => (r[0] === start && r[1] === end ? r : [start, end]));
    if (count > 0 && end >= count) endRef.current?.();
  }, [count, overscan]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new heights move rows in and out of range
  useLayoutEffect(measure, [measure, offsets]);

  useScrollTracking(ref, measure);

  /**
   * Reads the heights of `rows` and keeps the new ones; a row wholly above the view that changed moves
   * the scroll offset by as much, so the rows in view stay where they are. A hidden row (0 px) is ignored.
   * Answers whether any height changed.
   */
  const readHeights = useCallback((rows: Iterable<HTMLElement>): boolean => {
    const list = ref.current;
    if (!list || isHidden(list)) return false;
    let changed = false;
    let shift = 0;
    const listTop = list.getBoundingClientRect().top;
    const viewTop = viewport(scrollParent(list)).top;
    for (const row of rows) {
      const h = row.offsetHeight;
      const index = Number(row.dataset.index);
      if (!h || !Number.isInteger(index) || index >= offsetsRef.current.length - 1) continue;
      const key = keyRef.current(index);
      const old = sizes.current.get(key) ?? offsetsRef.current[index + 1] - offsetsRef.current[index];
      if (old === h) continue;
      sizes.current.set(key, h);
      changed = true;
      if (listTop + offsetsRef.current[index + 1] <= viewTop) shift += h - old;
    }
    if (shift) scrollParent(list).scrollBy(0, shift);
    return changed;
  }, []);

  // rows just drawn are measured before the browser paints (a state update in a layout effect renders
  // again at once), so a frame with rows placed by the estimate, overlapping, is never shown
  useLayoutEffect(() => {
    if (readHeights(observed.current.values())) setVersion((v) => v + 1);
  });

  // later changes (an image's box, a font) come through one observer, also applied before paint
  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    return new ResizeObserver((entries) => {
      if (readHeights(entries.map((e) => e.target as HTMLElement))) flushSync(() => setVersion((v) => v + 1));
    });
  }, [readHeights]);
  useEffect(() => () => observer?.disconnect(), [observer]);

  const rowRef = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !observer) return;
      observer.observe(el);
    },
    [observer],
  );
  // rows that left the range are unobserved
  useEffect(() => {
    for (const [i, el] of observed.current) {
      if (i < range[0] || i >= range[1] || !el.isConnected) {
        observer?.unobserve(el);
        observed.current.delete(i);
      }
    }
  }, [range, observer]);

  const rows: ReactNode[] = [];
  const end = Math.min(range[1], count);
  for (let i = range[0]; i < end; i++) {
    rows.push(
      <div
        key={rowKey(i)}
        ref={(el) => {
          if (el) observed.current.set(i, el);
          else observed.current.delete(i);
          rowRef(el);
        }}
        className="gf-virtual-list__row gf-virtual-list__row--measured"
        style={{ transform: `translateY(${offsets[i]}px)`, paddingBottom: gap || undefined }}
        data-index={i}
      >
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      className="gf-virtual-list__window gf-virtual-list__window--measured"
      style={{ height: offsets[count] }}
    >
      {rows}
    </div>
  );
}
