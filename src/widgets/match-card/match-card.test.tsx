import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';
import { nameWidth } from '.';
import { liveMinute } from './live-minute';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const base = {
  id: 7,
  league_short: '英超',
  league_color: '#3d195b',
  round: '第12輪',
  start_time: '2026-11-21T19:30:00+08:00',
  home_name: '曼城',
  away_name: '利物浦',
  home_score: 0,
  away_score: 0,
  jczq_num: '周六001',
};

/** a card bound to state.m, and a button that scores for the home side through a setState action */
function renderCard(match: Record<string, unknown>) {
  return renderWidgets(
    [
      {
        type: 'match-card',
        props: { match: '{{ state.m }}' },
        on: { press: [{ type: 'navigate', to: '/match/index', query: { id: '{{ state.m.id }}' } }] },
      },
      {
        type: 'button',
        props: { text: 'score' },
        on: { press: [{ type: 'setState', path: 'm.home_score', value: '{{ state.m.home_score + 1 }}' }] },
      },
    ],
    { state: { m: match } },
  );
}

describe('match-card', () => {
  it('labels the status from the status map and shows teams, time and lottery number', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:00:00+08:00')); // the match day, in HK
    renderCard({ ...base, status: 1 });
    expect(screen.getByText('未開賽')).toBeTruthy();
    expect(screen.getByText('曼城')).toBeTruthy();
    expect(screen.getByText('利物浦')).toBeTruthy();
    expect(screen.getByText('19:30')).toBeTruthy();
    expect(screen.getByText('周六001')).toBeTruthy();
    expect(screen.getByText('VS')).toBeTruthy();
    cleanup();
    renderCard({ ...base, status: 10, home_score: 2, away_score: 1, home_half_score: 1, away_half_score: 0 });
    expect(screen.getByText('完場')).toBeTruthy();
    expect(screen.getByText('半 1-0')).toBeTruthy();
    cleanup();
    renderCard({ ...base, status: 13 });
    expect(screen.getByText('推遲')).toBeTruthy();
    cleanup();
    renderCard({ ...base, status: 3, home_score: 1 });
    expect(screen.getByText('中場')).toBeTruthy();
  });

  it('shows the date beside the time when the match is not today (in HK time)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T23:59:00+08:00'));
    renderCard({ ...base, status: 1 });
    expect(screen.getByText('11-21 19:30')).toBeTruthy();
  });

  it('draws a crest per club, and one dense row in compact mode', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:00:00+08:00'));
    const m = {
      ...base,
      status: 1,
      home_short: '曼城',
      home_color: '#6cabdd',
      away_short: '利記',
      away_color: '#ffffff',
    };
    const { container } = renderWidgets(
      [{ type: 'match-card', props: { match: '{{ state.m }}', compact: true } }],
      { state: { m } },
    );
    const card = container.querySelector('.gf-match-card')!;
    expect(card.classList.contains('gf-match-card--compact')).toBe(true);
    expect([...card.querySelectorAll('.gf-crest')].map((c) => c.getAttribute('data-crest'))).toEqual([
      '曼城',
      '利記',
    ]);
    expect(card.querySelector('.gf-match-card__meta')).toBeNull();
    expect(card.querySelector('.gf-match-card__extra')).toBeNull();
    expect(screen.getByText('19:30')).toBeTruthy();
    expect(screen.getByText('曼城')).toBeTruthy();
  });

  it('compact: a finished match of another day shows its date, one of today its kickoff', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00+08:00'));
    const finished = { ...base, status: 10, home_score: 2, away_score: 1 };
    const { container } = renderWidgets(
      [
        { type: 'match-card', props: { match: '{{ state.a }}', compact: true, bookable: false } },
        { type: 'match-card', props: { match: '{{ state.b }}', compact: true, bookable: false } },
      ],
      { state: { a: finished, b: { ...finished, id: 8, start_time: '2026-11-23T01:30:00+08:00' } } },
    );
    const times = [...container.querySelectorAll('.gf-match-card__time')].map((e) => e.textContent);
    expect(times).toEqual(['11-21', '01:30']);
  });

  it('ticks the live minute every second from period_started_ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now() - (21 * 60 + 59) * 1000; // second half, 21:59 played -> 67'
    renderCard({ ...base, status: 4, home_score: 1, period_started_ms: start });
    expect(screen.getByTestId('live-minute').textContent).toBe("67'");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('live-minute').textContent).toBe("68'");
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('live-minute').textContent).toBe("69'");
  });

  it('computes injury time and never goes back behind a pushed minute', () => {
    const now = 1_000_000_000_000;
    expect(liveMinute({ status: 2, period_started_ms: now - 47.5 * 60_000 }, now)).toBe('45+3');
    expect(liveMinute({ status: 2, minute: 30, period_started_ms: now - 60_000 }, now)).toBe('30');
    expect(liveMinute({ status: 5, period_started_ms: now - 1000 }, now)).toBe('91');
    expect(liveMinute({ status: 3, minute: 45 }, now)).toBeNull();
    // a simulated clock at 60x: ten real seconds are ten match minutes
    expect(liveMinute({ status: 2, clock_speed: 60, period_started_ms: now - 10_500 }, now)).toBe('11');
    expect(liveMinute({ status: 10 }, now)).toBeNull();
  });

  it('flashes when a score goes up, then calms down', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const { container } = renderCard({
      ...base,
      status: 2,
      minute: 20,
      period_started_ms: Date.now() - 20 * 60_000,
    });
    const card = () => container.querySelector('.gf-match-card') as HTMLElement;
    expect(card().className).not.toContain('gf-match-card--goal');
    fireEvent.click(screen.getByText('score'));
    expect(card().className).toContain('gf-match-card--goal');
    expect(screen.getByText('入球')).toBeTruthy();
    expect(card().querySelector('.gf-match-card__score')?.textContent).toBe('1-0');
    act(() => vi.advanceTimersByTime(4100));
    expect(card().className).not.toContain('gf-match-card--goal');
  });

  it('opens the match on press and asks visitors to log in before booking', () => {
    const { services } = renderCard({ ...base, status: 1 });
    fireEvent.click(screen.getByText('曼城'));
    expect(services.navigations.at(-1)).toMatchObject({ to: '/match/index', query: { id: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '預約比賽' }));
    expect(services.navigations.at(-1)).toEqual({ to: 'login' });
  });

  it('books a match for a logged-in user', async () => {
    const { services } = renderCard({ ...base, status: 1 });
    services.setSession({ isLogin: true });
    services.answer('POST /mdr/api/v1/matches/7/appointment', () => ({}));
    fireEvent.click(screen.getByRole('button', { name: '預約比賽' }));
    expect(await screen.findByRole('button', { name: '取消預約' })).toBeTruthy();
    expect(services.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/mdr/api/v1/matches/7/appointment',
    });
  });
});

describe('match-card names', () => {
  it('weighs a Chinese character as one and a Latin letter as about half', () => {
    expect(nameWidth('曼城')).toBe(2);
    expect(nameWidth('大田Hana市民')).toBeCloseTo(6.2);
  });

  it('shows a long club name whole, a size smaller, in the compact row', () => {
    renderWidgets([
      {
        type: 'match-card',
        props: {
          compact: true,
          match: { ...base, status: 1, home_name: '伊斯坦堡巴沙克謝希爾', away_name: '特拉布宗體育' },
        },
      },
    ]);
    const long = screen.getByText('伊斯坦堡巴沙克謝希爾');
    expect(long.className).toContain('gf-match-card__name--long');
    expect(screen.getByText('特拉布宗體育').className).not.toContain('--long');
  });
});
