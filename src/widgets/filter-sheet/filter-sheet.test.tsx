import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('filter-sheet', () => {
  it('ticks leagues, writes the choice to state, and "all" clears the filter', async () => {
    renderWidgets(
      [
        {
          type: 'filter-sheet',
          props: {
            options: [
              { id: 1, name: '英超', count: 5 },
              { id: 2, name: '港超', count: 3 },
            ],
            value: '{{ state.leagues }}',
            stateKey: 'leagues',
            label: '篩選賽事',
          },
        },
        { type: 'text', props: { text: "chosen={{ join(state.leagues, ',') }}" } },
      ],
      { state: { leagues: [] } },
    );
    fireEvent.click(screen.getByRole('button', { name: '篩選賽事' }));
    // opening with no filter shows everything ticked (the sheet body loads on the first open)
    expect(await screen.findByRole('button', { name: /英超/, pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /英超/ }));
    expect(screen.getByText('已選 3 / 8 場')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    expect(await screen.findByText('chosen=2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '篩選賽事' }));
    fireEvent.click(await screen.findByRole('button', { name: '全選' }));
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    expect(await screen.findByText('chosen=')).toBeTruthy();
  });
});
