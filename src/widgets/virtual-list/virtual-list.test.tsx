import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const day = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, title: `比賽 ${i + 1}` }));

describe('virtual-list', () => {
  it('mounts only the rows in view out of 300, and the rows below after scrolling', async () => {
    const services = createFakeServices({ 'common.noMore': '暫時沒有更多了' });
    services.answer('GET /mdr/api/v1/matches', () => ({ list: day, total: 300 }));
    const { container } = renderWidgets(
      {
        type: 'virtual-list',
        props: { source: 'matches', itemHeight: 100, overscan: 2 },
        children: [{ type: 'text', props: { text: '{{ item.title }}' } }],
      },
      {
        services,
        data: { matches: { request: { method: 'GET', path: '/mdr/api/v1/matches', params: { size: 500 } } } },
      },
    );
    expect(await screen.findByText('比賽 1')).toBeTruthy();
    const rows = () => container.querySelectorAll('.gf-virtual-list__row');
    // jsdom window: 768 px high -> 8 rows in view + 2 overscan
    expect(rows().length).toBe(10);
    expect(screen.queryByText('比賽 300')).toBeNull();
    const windowEl = container.querySelector('.gf-virtual-list__window') as HTMLElement;
    expect(windowEl.style.height).toBe('30000px');
    expect(screen.getByText('暫時沒有更多了')).toBeTruthy();

    // scroll: the list top is now 29,500 px above the viewport
    windowEl.getBoundingClientRect = () => ({ top: -29_500 }) as DOMRect;
    fireEvent.scroll(window);
    expect(await screen.findByText('比賽 300')).toBeTruthy();
    expect(screen.queryByText('比賽 1')).toBeNull();
    expect(rows().length).toBeLessThan(15);
    expect(services.calls[0].params).toMatchObject({ size: 500 });
  });

  it('shows its empty text when there are no rows', async () => {
    const services = createFakeServices();
    services.answer('GET /mdr/api/v1/matches', () => ({ list: [], total: 0 }));
    renderWidgets(
      { type: 'virtual-list', props: { source: 'matches', emptyText: '今日沒有比賽' }, children: [] },
      { services, data: { matches: { request: { method: 'GET', path: '/mdr/api/v1/matches' } } } },
    );
    expect(await screen.findByText('今日沒有比賽')).toBeTruthy();
  });

  it('measured rows: the end text never shows before the rows (it would be pushed down: a layout shift)', async () => {
    const services = createFakeServices({ 'common.noMore': '暫時沒有更多了' });
    services.answer('GET /mdr/api/v1/news', () => ({ list: day.slice(0, 20), total: 20 }));
    const alone: string[] = [];
    const seen = new MutationObserver(() => {
      const end = document.querySelector('.gf-virtual-list__end');
      if (end && !document.querySelector('.gf-virtual-list__window')) alone.push(end.textContent ?? '');
    });
    seen.observe(document.body, { childList: true, subtree: true });
    const { container } = renderWidgets(
      {
        type: 'virtual-list',
        props: { source: 'news', measure: true, itemHeight: 76 },
        children: [{ type: 'text', props: { text: '{{ item.title }}' } }],
      },
      { services, data: { news: { request: { method: 'GET', path: '/mdr/api/v1/news' } } } },
    );
    // (jsdom has no layout, so no row is drawn: the rows' window stands for them)
    await waitFor(() => expect(container.querySelector('.gf-virtual-list__window')).toBeTruthy());
    expect(screen.getByText('暫時沒有更多了')).toBeTruthy();
    seen.disconnect();
    expect(alone).toEqual([]);
  });
});
