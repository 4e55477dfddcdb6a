import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigNode } from '../../engine/config-types.gen';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const bar: ConfigNode = {
  type: 'support-bar',
  props: {
    home: '{{ state.m.home_support_rate }}',
    away: '{{ state.m.away_support_rate }}',
    supported: '{{ state.m.supported }}',
    homeName: '傑志',
    awayName: '東方',
  },
  // the screen's job in the real app: login check + POST; here the vote simply lands in state
  on: {
    vote: [
      { type: 'setState', path: 'm.supported', value: '{{ result }}' },
      { type: 'setState', path: 'm.home_support_rate', value: 61 },
      { type: 'setState', path: 'm.away_support_rate', value: 39 },
    ],
  },
};

describe('support bar', () => {
  it('votes once, then shows the chosen side and disables both buttons', async () => {
    renderWidgets(bar, { state: { m: { home_support_rate: 60, away_support_rate: 40, supported: 0 } } });
    expect(screen.getByText('60%')).toBeTruthy();
    const home = screen.getByRole('button', { name: '撐傑志' });
    expect((home as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(home);
    });
    expect(screen.getByText('61%')).toBeTruthy();
    expect(screen.getByText('你支持傑志')).toBeTruthy();
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(screen.getByRole('button', { name: '已支持' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts locked when the viewer supported earlier', () => {
    renderWidgets(bar, { state: { m: { home_support_rate: 30, away_support_rate: 70, supported: 2 } } });
    expect(screen.getByText('你支持東方')).toBeTruthy();
    expect((screen.getByRole('button', { name: '撐傑志' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
