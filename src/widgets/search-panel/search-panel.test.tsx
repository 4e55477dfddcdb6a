import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigNode } from '../../engine';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const node: ConfigNode = {
  type: 'search-panel',
  props: { hot: ['曼城', '傑志'] },
  on: { search: [{ type: 'navigate', to: '/searchmatch/list', query: { keyword: '{{ result }}' } }] },
};

describe('search-panel', () => {
  it('searches the typed keyword, remembers it first in the history and offers hot searches', () => {
    localStorage.setItem('historyList', JSON.stringify(['阿仙奴']));
    const { services } = renderWidgets(node);
    expect(screen.getByText('阿仙奴')).toBeTruthy();
    expect(screen.getByText('傑志')).toBeTruthy();
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: '  Liverpool ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(services.navigations.at(-1)).toMatchObject({
      to: '/searchmatch/list',
      query: { keyword: 'Liverpool' },
    });
    const history = screen.getByRole('region', { name: '搜尋歷史' });
    expect([...history.querySelectorAll('.gf-search-panel__chip')].map((b) => b.textContent)).toEqual([
      'Liverpool',
      '阿仙奴',
    ]);
    fireEvent.click(screen.getByText('傑志'));
    expect(services.navigations.at(-1)?.query).toMatchObject({ keyword: '傑志' });
  });

  it('does not search a blank keyword', () => {
    const { services } = renderWidgets(node);
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(services.navigations).toEqual([]);
  });
});
