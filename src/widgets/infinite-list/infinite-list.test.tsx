import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../engine';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

// jsdom has no layout: InfiniteScroll only loads when its sentinel has an offsetParent (is displayed)
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});

const listScreen = {
  data: {
    news: {
      request: { method: 'GET' as const, path: '/mdr/api/v1/news' },
      paged: { size: 2, listPath: 'list' },
    },
  },
};
const listNode = {
  type: 'infinite-list',
  props: { source: 'news', emptyText: '還沒有新聞' },
  children: [{ type: 'text', props: { text: '{{ index + 1 }}. {{ item.title }}' } }],
};

describe('infinite-list', () => {
  it('renders each item with the template and says when there is no more', async () => {
    const services = createFakeServices({ 'common.noMore': '暫時沒有更多了' });
    const pages: Record<number, unknown> = {
      1: {
        list: [
          { id: 1, title: '曼城勝利' },
          { id: 2, title: '阿仙奴和局' },
        ],
        total: 3,
      },
      2: { list: [{ id: 3, title: '利物浦落敗' }], total: 3 },
    };
    services.answer('GET /mdr/api/v1/news', (req: ApiRequest) => pages[Number(req.params?.page)]);
    renderWidgets(listNode, { ...listScreen, services });

    expect(await screen.findByText('1. 曼城勝利')).toBeTruthy();
    expect(screen.getByText('2. 阿仙奴和局')).toBeTruthy();
    // the end of the list is in view, so the next page loads without scrolling
    expect(await screen.findByText('3. 利物浦落敗')).toBeTruthy();
    expect(await screen.findByText('暫時沒有更多了')).toBeTruthy();
  });

  it('shows the empty state when the source has nothing', async () => {
    const services = createFakeServices();
    services.answer('GET /mdr/api/v1/news', () => ({ list: [], total: 0 }));
    renderWidgets(listNode, { ...listScreen, services });
    expect(await screen.findByText('還沒有新聞')).toBeTruthy();
    expect(screen.queryByText('暫時沒有更多了')).toBeNull();
  });

  it('paints the rows first, then wraps the very same rows in pull-to-refresh when the browser is idle', async () => {
    const idle: (() => void)[] = [];
    const saved = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
    window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = () => {};
    try {
      const services = createFakeServices();
      services.answer('GET /mdr/api/v1/news', () => ({ list: [{ id: 1, title: '曼城勝利' }], total: 1 }));
      renderWidgets(listNode, { ...listScreen, services });
      const row = await screen.findByText('1. 曼城勝利');
      expect(document.querySelector('.adm-pull-to-refresh')).toBeNull();
      for (const task of idle.splice(0)) task();
      await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull());
      // moved, not remounted: the row is the node that painted first
      expect(screen.getByText('1. 曼城勝利')).toBe(row);
      expect(document.querySelector('.adm-pull-to-refresh')?.contains(row)).toBe(true);
    } finally {
      cleanup();
      window.requestIdleCallback = saved.request;
      window.cancelIdleCallback = saved.cancel;
    }
  });
});
