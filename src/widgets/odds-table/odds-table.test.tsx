import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import OddsTableWidget from '.';
import { movement } from './odds';

afterEach(cleanup);

const odds = [
  {
    bookmaker: 'b365',
    bookmaker_name: 'Bet365',
    market: 'eu',
    opening: { home: 2.1, draw: 3.2, away: 3.4 },
    previous: { home: 2.05, draw: 3.2, away: 3.5 },
    current: { home: 2.15, draw: 3.2, away: 3.3 },
  },
  { bookmaker: 'macau', market: 'asia', opening: [0.9, '-0.5', 0.95], current: [0.88, '-0.5/1', 0.97] },
];

describe('odds table', () => {
  it('compares numbers and handicap lines', () => {
    expect(movement('2.05', '2.15')).toBe('up');
    expect(movement('3.5', '3.3')).toBe('down');
    expect(movement('3.2', '3.20')).toBe('');
    expect(movement('-0.5', '-0.5/1')).toBe('down');
    expect(movement('', '1.9')).toBe('');
  });

  it('marks live odds up or down against the previous line and passes the bookmaker on press', () => {
    initTestI18n();
    const p = widgetProps({ odds, market: 'eu' as const }, { on: { press: [] } });
    const { container, getByText } = render(<OddsTableWidget {...p} />);
    const live = [...container.querySelectorAll('.gf-odds__live .gf-odds__v')];
    expect(live.map((v) => v.getAttribute('data-move'))).toEqual(['up', null, 'down']);
    expect(live[0].textContent).toBe('2.15↑');
    expect(live[2].className).toContain('gf-odds__v--down');
    fireEvent.click(getByText('Bet365'));
    expect(p.emit).toHaveBeenCalledWith('press', { item: odds[0] });
  });

  it('shows a history newest first with arrows against the change before', () => {
    initTestI18n();
    const history = [
      { at: '2026-11-21T20:10:00+08:00', home: 2.2, draw: 3.1, away: 3.2 },
      { at: '2026-11-21T19:50:00+08:00', home: 2.1, draw: 3.2, away: 3.2 },
      { at: '2026-11-21T18:00:00+08:00', home: 2.1, draw: 3.3, away: 3.0 },
    ];
    const { container } = render(
      <OddsTableWidget
        {...widgetProps({ odds: history, market: 'eu' as const, mode: 'history' as const })}
      />,
    );
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(3);
    expect([...rows[0].querySelectorAll('.gf-odds__v')].map((v) => v.getAttribute('data-move'))).toEqual([
      'up',
      'down',
      null,
    ]);
    expect([...rows[2].querySelectorAll('[data-move]')]).toHaveLength(0);
  });
});
