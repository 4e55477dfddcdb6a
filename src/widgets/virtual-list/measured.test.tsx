import { act, cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Measured, { rowAt, rowOffsets, visibleRange } from './measured';

afterEach(cleanup);

describe('measured rows: offsets and range', () => {
  it('sums measured heights and estimates the rest', () => {
    const known: Record<number, number> = { 0: 100, 2: 300 };
    const o = rowOffsets(4, (i) => known[i], 50);
    expect(Array.from(o)).toEqual([0, 100, 150, 450, 500]);
    expect(rowAt(o, 0)).toBe(0);
    expect(rowAt(o, 99)).toBe(0);
    expect(rowAt(o, 100)).toBe(1);
    expect(rowAt(o, 449)).toBe(2);
    expect(rowAt(o, 10_000)).toBe(3);
  });

  it('covers the view with overscan, and nothing for an empty list', () => {
    const o = rowOffsets(100, (i) => (i % 3 === 0 ? 400 : 100), 0);
    // rows 0..: 400,100,100,400,100,100,... view 450..900 -> rows 1..4 (row 3 spans 600..1000)
    expect(visibleRange(o, 450, 900, 0)).toEqual([1, 4]);
    expect(visibleRange(o, 450, 900, 2)).toEqual([0, 6]);
    expect(
      visibleRange(
        rowOffsets(0, () => 1, 1),
        0,
        800,
        4,
      ),
    ).toEqual([0, 0]);
    // the end of the list
    expect(visibleRange(o, 19_000, 30_000, 2)[1]).toBe(100);
  });
});

// jsdom has no layout: rows report the height in their data-h attribute, a ResizeObserver stub reports them
const heightOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
const rects = HTMLElement.prototype.getClientRects;
const RO = globalThis.ResizeObserver;
let observers: { cb: ResizeObserverCallback; els: Set<Element> }[] = [];
let hiddenAll = false;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (hiddenAll) return 0;
      const h = this.querySelector('[data-h]')?.getAttribute('data-h');
      return h ? Number(h) : 0;
    },
  });
  HTMLElement.prototype.getClientRects = function (this: HTMLElement) {
    return (hiddenAll ? [] : [{}]) as unknown as DOMRectList;
  };
  globalThis.ResizeObserver = class {
    o: { cb: ResizeObserverCallback; els: Set<Element> };
    constructor(cb: ResizeObserverCallback) {
      this.o = { cb, els: new Set() };
      observers.push(this.o);
    }
    observe(el: Element) {
      this.o.els.add(el);
    }
    unobserve(el: Element) {
      this.o.els.delete(el);
    }
    disconnect() {
      this.o.els.clear();
    }
  } as unknown as typeof ResizeObserver;
});
afterAll(() => {
  if (heightOf) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', heightOf);
  HTMLElement.prototype.getClientRects = rects;
  globalThis.ResizeObserver = RO;
});
afterEach(() => {
  observers = [];
  hiddenAll = false;
});

function flush() {
  act(() => {
    for (const o of observers)
      o.cb(
        [...o.els].map((target) => ({ target }) as ResizeObserverEntry),
        {} as ResizeObserver,
      );
  });
}

/** post i: text only, one image or nine images */
const heightFor = (i: number) => [80, 260, 420][i % 3];

describe('measured rows: rendering', () => {
  it('places rows of mixed heights one under another and keeps the sizes while hidden', () => {
    const { container } = render(
      <Measured
        count={1000}
        itemHeight={200}
        overscan={1}
        gap={8}
        rowKey={(i) => `post-${i}`}
        renderRow={(i) => <div data-h={heightFor(i)}>post {i}</div>}
      />,
    );
    const win = container.querySelector('.gf-virtual-list__window') as HTMLElement;
    // rows are measured as they are drawn, before a paint: the first five (4 estimated rows in the 768 px
    // jsdom window + 1 overscan) hold 80 + 260 + 420 + 80 + 260 = 1,100 px, the other 995 the estimate
    expect(win.style.height).toBe(`${1100 + 995 * 200}px`);
    flush();
    const rows = [...container.querySelectorAll<HTMLElement>('.gf-virtual-list__row')];
    const tops = rows.map((r) => Number(/translateY\((\d+)px\)/.exec(r.style.transform)?.[1]));
    expect(tops.slice(0, 4)).toEqual([0, 80, 340, 760]);
    for (let i = 1; i < rows.length; i++) {
      const prev = Number(rows[i - 1].dataset.index);
      expect(tops[i]).toBeGreaterThanOrEqual(tops[i - 1] + (heightFor(prev) > 0 ? heightFor(prev) : 0));
    }
    const measuredHeight = win.style.height;
    expect(measuredHeight).not.toBe(`${1000 * 200}px`);
    // the page is hidden (kept alive): rows read 0 px, which changes nothing
    hiddenAll = true;
    flush();
    expect(win.style.height).toBe(measuredHeight);
  });
});
