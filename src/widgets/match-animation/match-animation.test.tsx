import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import MatchAnimationWidget from '.';
import { buildScene } from './scene';

afterEach(cleanup);

describe('match animation scene', () => {
  it('moves the ball into the attacking third for an attack, mirrored for the away side', () => {
    expect(buildScene([{ seq: 1, code: 13, side: 1, minute: 5 }])).toMatchObject({
      effect: 'attack',
      possession: 1,
      ball: { x: 72 },
    });
    expect(buildScene([{ seq: 1, code: 14, side: 2, minute: 5 }])).toMatchObject({
      effect: 'danger',
      possession: 2,
      ball: { x: 14 },
    });
    expect(buildScene([{ seq: 1, code: 6, side: 1, x: 100, y: 0 }]).ball).toEqual({ x: 100, y: 0 });
  });

  it('keeps the ball where play stopped for a card and shows its banner; goals get one too', () => {
    const s = buildScene([
      { seq: 1, code: 14, side: 1 },
      { seq: 2, code: 20, side: 2, player_name: '黃威' },
    ]);
    expect(s.effect).toBe('danger');
    expect(s.banner?.code).toBe(20);
    expect(buildScene([{ seq: 3, code: 1, side: 2, home_score: 0, away_score: 1 }])).toMatchObject({
      effect: 'goal',
      ball: { x: 0, y: 50 },
      banner: { code: 1 },
    });
  });

  it('renders the GOAL banner, score and a caption of the latest event', () => {
    initTestI18n();
    const match = { home_name: '傑志', away_name: '東方', home_score: 1, away_score: 0, status: 10 };
    const events = [
      { id: 1, seq: 1, code: 13, side: 1, minute: 11 },
      { id: 2, seq: 2, code: 1, side: 1, minute: 12, player_name: '陳偉豪', home_score: 1, away_score: 0 },
    ];
    const { container, getByTestId } = render(<MatchAnimationWidget {...widgetProps({ match, events })} />);
    expect(container.querySelector('.gf-anim__banner--goal')?.textContent).toContain('GOAL!');
    expect(container.querySelector('[data-effect="goal"]')).toBeTruthy();
    expect(getByTestId('anim-score').textContent).toBe('1 - 0');
    expect(getByTestId('anim-caption').textContent).toBe("12' 入球 · 傑志 · 陳偉豪");
  });
});
