import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const ITEMS = [{ image: '/a.svg' }, { image: '/b.svg', title: '新球季球衣到貨' }];

describe('carousel', () => {
  it('paints its first slide at once, then the swiper takes over at the first touch', async () => {
    const { container } = renderWidgets({ type: 'carousel', props: { items: ITEMS } });
    // a slide that is only a picture is still named for screen readers
    expect(screen.getByRole('button', { name: '第 1 張圖（共 2 張）' })).toBeTruthy();
    expect(container.querySelectorAll('.gf-carousel__dot')).toHaveLength(2);
    expect(container.querySelector('.adm-swiper')).toBeNull();
    await act(async () => {
      fireEvent.pointerDown(container.querySelector('.gf-carousel')!);
    });
    // the swiper holds every slide; a titled slide is named by its title
    expect((await screen.findAllByRole('button', { name: '新球季球衣到貨' })).length).toBeGreaterThan(0);
    expect(container.querySelector('.adm-swiper')).not.toBeNull();
  });

  it('autoplays every interval without loading the swiper, and loops back to the first slide', async () => {
    vi.useFakeTimers();
    try {
      const { container } = renderWidgets({ type: 'carousel', props: { items: ITEMS, interval: 3000 } });
      const on = () =>
        [...container.querySelectorAll('.gf-carousel__dot')].map((d) => d.className.includes('--on'));
      expect(on()).toEqual([true, false]);
      await act(async () => {
        vi.advanceTimersByTime(3000);
      });
      expect(on()).toEqual([false, true]);
      // the slide on show is the one a tap or a screen reader reaches
      expect(screen.getByRole('button', { name: '新球季球衣到貨' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: '第 1 張圖（共 2 張）' })).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(3000);
      });
      expect(on()).toEqual([true, false]);
      expect(container.querySelector('.adm-swiper')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a single banner stays a plain slide (nothing to swipe)', async () => {
    const { container } = renderWidgets({ type: 'carousel', props: { items: [ITEMS[1]] } });
    await act(async () => {
      fireEvent.pointerDown(container.querySelector('.gf-carousel')!);
    });
    expect(screen.getByRole('button', { name: '新球季球衣到貨' })).toBeTruthy();
    expect(container.querySelector('.adm-swiper')).toBeNull();
  });
});
