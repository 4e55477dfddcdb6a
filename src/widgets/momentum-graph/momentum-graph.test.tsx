import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../event-timeline/codes';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import MomentumGraphWidget from '.';
import { computeMomentum, momentumPath } from './momentum';

afterEach(cleanup);

const burst = (side: 1 | 2, from: number, to: number): MatchEvent[] =>
  Array.from({ length: to - from + 1 }, (_, i) => [
    { code: 13, side, minute: from + i },
    { code: 14, side, minute: from + i },
  ]).flat();

describe('momentum graph', () => {
  it('puts a home attack burst above the axis and an away burst below it', () => {
    const values = computeMomentum([
      ...burst(1, 20, 25),
      ...burst(2, 60, 64),
      { code: 11, side: 1, minute: 22 },
    ]);
    expect(values).toHaveLength(90);
    expect(Math.max(...values.slice(19, 25))).toBeGreaterThan(2);
    expect(Math.min(...values.slice(59, 64))).toBeLessThan(-2);
    expect(values[40]).toBe(0); // a quiet minute stays on the axis
    // the drawn path: y below the mid line (120 / 2 = 60) means above the axis on screen
    const d = momentumPath(values, 360, 120, 90);
    const ys = [...d.matchAll(/L[\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[22]).toBeLessThan(60);
    expect(ys[62]).toBeGreaterThan(60);
  });

  it('ignores neutral events and draws nothing past the current minute', () => {
    expect(
      computeMomentum([
        { code: 40, side: 0, minute: 1 },
        { code: 13, side: 0, minute: 3 },
      ]).every((v) => v === 0),
    ).toBe(true);
    const d = momentumPath(computeMomentum(burst(1, 1, 5)), 360, 120, 10);
    expect(d.match(/L/g)?.length).toBe(11); // 10 minutes + closing point back to the axis
  });

  it('renders home and away areas from event props', () => {
    initTestI18n();
    const { container } = render(
      <MomentumGraphWidget
        {...widgetProps({ events: burst(1, 5, 9), minute: 12, homeName: '傑志', awayName: '東方' })}
      />,
    );
    expect(container.querySelector('path[data-side="home"]')?.getAttribute('d')).toMatch(/^M0 60/);
    expect(container.textContent).toContain('傑志');
  });
});
