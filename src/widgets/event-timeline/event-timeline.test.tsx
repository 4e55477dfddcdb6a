import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import zhhk from '../../../locales/zhhk.json';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import EventTimelineWidget from '.';
import { EVENT_CODES, iconOf } from './codes';

afterEach(cleanup);

describe('event timeline', () => {
  it('maps every spec §4 event code to its own icon and a name in each locale', () => {
    expect(iconOf(1)).toBe('goal');
    expect(iconOf(2)).toBe('own-goal');
    expect(iconOf(6)).toBe('corner');
    expect(iconOf(20)).toBe('yellow');
    expect(iconOf(22)).toBe('red');
    expect(iconOf(26)).toBe('sub');
    expect(iconOf(65)).toBe('var');
    expect(iconOf(999)).toBe('text');
    const names = (zhhk as { match: { event: Record<string, string> } }).match.event;
    for (const code of EVENT_CODES) expect(names[String(code)], `name of ${code}`).toBeTruthy();
  });

  it('draws the icon of each event on its team side, newest first, busy codes left out', () => {
    initTestI18n();
    const events = [
      { id: 1, seq: 1, code: 40, minute: 0, side: 0 },
      { id: 2, seq: 2, code: 13, minute: 3, side: 1 },
      { id: 3, seq: 3, code: 1, minute: 12, side: 1, player_name: '陳偉豪', home_score: 1, away_score: 0 },
      { id: 4, seq: 4, code: 20, minute: 30, side: 2, player_name: '黃威' },
      { id: 5, seq: 5, code: 6, minute: 31, side: 2 },
    ];
    const { container } = render(<EventTimelineWidget {...widgetProps({ events, filter: 'all' })} />);
    const rows = [...container.querySelectorAll('li')];
    expect(rows.map((r) => r.getAttribute('data-code'))).toEqual(['6', '20', '1', '40']);
    expect(rows.map((r) => r.querySelector('svg')?.getAttribute('data-icon'))).toEqual([
      'corner',
      'yellow',
      'goal',
      'whistle',
    ]);
    expect(rows[2].querySelector('.gf-timeline__cell--home')?.textContent).toContain('入球');
    expect(rows[2].textContent).toContain('陳偉豪 1-0');
    expect(rows[1].querySelector('.gf-timeline__cell--away')?.textContent).toContain('黃牌');
    expect(rows[1].querySelector('.gf-timeline__cell--home')?.textContent).toBe('');
  });

  it('names an unnamed player by shirt number and position (goal, card, substitution)', () => {
    initTestI18n();
    const fwd = { number: 9, position: 2 };
    const events = [
      {
        id: 1,
        seq: 1,
        code: 1,
        minute: 12,
        side: 1,
        player_name: null,
        player_unnamed: fwd,
        home_score: 1,
        away_score: 0,
      },
      {
        id: 2,
        seq: 2,
        code: 20,
        minute: 30,
        side: 2,
        player_name: null,
        player_unnamed: { number: 4, position: 4 },
      },
      {
        id: 3,
        seq: 3,
        code: 26,
        minute: 60,
        side: 1,
        player_name: null,
        player_unnamed: { number: 17, position: 3 },
        related_player_name: null,
        related_player_unnamed: { number: 7, position: 1 },
      },
    ];
    const { container } = render(<EventTimelineWidget {...widgetProps({ events, order: 'oldest' })} />);
    const details = [...container.querySelectorAll('.gf-timeline__detail')].map((d) => d.textContent);
    expect(details).toEqual(['9號 · 中鋒 1-0', '4號 · 後衛', '17號 · 中場 ⇄ 7號 · 前鋒']);
  });

  it('shows key events by default and every event behind a toggle', () => {
    initTestI18n();
    const events = [
      { seq: 1, code: 40, minute: 0, side: 0 },
      { seq: 2, code: 7, minute: 4, side: 1 },
      { seq: 3, code: 9, minute: 8, side: 2 },
      { seq: 4, code: 1, minute: 12, side: 1, home_score: 1, away_score: 0 },
      { seq: 5, code: 6, minute: 20, side: 2 },
      { seq: 6, code: 22, minute: 33, side: 2 },
      { seq: 7, code: 26, minute: 46, side: 1 },
      { seq: 8, code: 65, minute: 50, side: 0 },
      { seq: 9, code: 3, minute: 60, side: 2, home_score: 1, away_score: 1 },
      { seq: 10, code: 13, minute: 61, side: 2 },
    ];
    const { container } = render(<EventTimelineWidget {...widgetProps({ events })} />);
    const codes = () => [...container.querySelectorAll('li')].map((r) => Number(r.getAttribute('data-code')));
    expect(codes()).toEqual([3, 65, 26, 22, 1, 40]);
    const toggle = screen.getByRole('button', { name: '顯示全部事件（另有 3 項）' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(codes()).toEqual([3, 65, 26, 22, 6, 1, 9, 7, 40]);
    fireEvent.click(screen.getByRole('button', { name: '只看重要事件' }));
    expect(codes()).toHaveLength(6);
  });

  it('draws the free kick as a ball over a wall, not a circle with an arrow', () => {
    const { container } = render(
      <EventTimelineWidget {...widgetProps({ events: [{ seq: 1, code: 7, side: 1 }], filter: 'all' })} />,
    );
    const icon = container.querySelector('svg[data-icon="free-kick"]')!;
    expect(icon.innerHTML).not.toContain('M14 11l6-6');
    expect(icon.querySelectorAll('path').length).toBeGreaterThanOrEqual(2);
  });
});
