import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';
import { hkDay, stripDays } from './dates';

afterEach(cleanup);

describe('date-strip', () => {
  it('lists seven Hong Kong days forward or back from today', () => {
    const now = Date.parse('2026-11-21T17:30:00Z'); // already 22 Nov in Hong Kong
    expect(hkDay(now)).toBe('2026-11-22');
    expect(stripDays(now, 7, 1).map((d) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const past = stripDays(now, 7, -1);
    expect(past.at(-1)).toMatchObject({ date: '2026-11-22', offset: 0 });
    expect(past[0].date).toBe('2026-11-16');
  });

  it('marks today by default and writes the picked day to state', async () => {
    renderWidgets(
      [
        { type: 'date-strip', props: { value: '{{ state.date }}', stateKey: 'date' } },
        { type: 'text', props: { text: 'day={{ state.date }}' } },
      ],
      { state: { date: '' } },
    );
    expect(screen.getByRole('tab', { name: /今天/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: /明天/ }));
    const tomorrow = hkDay(Date.now() + 86_400_000);
    expect(await screen.findByText(`day=${tomorrow}`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: /明天/ }).getAttribute('aria-selected')).toBe('true');
  });
});
