import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import ImageWidget from '.';

beforeAll(() => {
  initTestI18n();
});
afterEach(cleanup);

const img = () => screen.queryByRole('img', { name: '球隊徽章' }) as HTMLImageElement | null;

describe('image', () => {
  it('retries once by itself, then offers a tap to retry that loads the image again', () => {
    render(<ImageWidget {...widgetProps({ src: '/uploads/crest.jpg', alt: '球隊徽章' })} />);
    expect(img()?.getAttribute('src')).toBe('/uploads/crest.jpg');

    act(() => fireEvent.error(img()!));
    // the automatic retry asks for a fresh copy rather than the cached failure
    expect(img()?.getAttribute('src')).toBe('/uploads/crest.jpg?_r=1');

    act(() => fireEvent.error(img()!));
    expect(img()).toBeNull();
    const retry = screen.getByRole('button', { name: /圖片載入失敗，點擊重試/ });

    fireEvent.click(retry);
    expect(img()).not.toBeNull();
    act(() => fireEvent.load(img()!));
    expect(screen.queryByRole('button')).toBeNull();
    expect(img()!.closest('.gf-image')?.className).toContain('gf-image--loaded');
  });

  it('waits until it is near the viewport when lazy', () => {
    const observed: Element[] = [];
    let trigger: (() => void) | undefined;
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback) {
        trigger = () => cb([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
      }
      observe(el: Element) {
        observed.push(el);
      }
      disconnect() {}
    }
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeObserver as never;
    try {
      render(<ImageWidget {...widgetProps({ src: '/uploads/far.jpg', alt: '球隊徽章' })} />);
      expect(img()).toBeNull();
      expect(observed).toHaveLength(1);
      act(() => trigger?.());
      expect(img()?.getAttribute('src')).toBe('/uploads/far.jpg');
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
