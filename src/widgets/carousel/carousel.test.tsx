import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('carousel', () => {
  it('names a slide that is only a picture (screen readers), and keeps a titled slide named by its title', () => {
    renderWidgets({
      type: 'carousel',
      props: {
        items: [{ image: '/a.svg' }, { image: '/b.svg', title: '新球季球衣到貨' }],
      },
    });
    expect(screen.getAllByRole('button', { name: '第 1 張圖（共 2 張）' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: '新球季球衣到貨' }).length).toBeGreaterThan(0);
  });
});
