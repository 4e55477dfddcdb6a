import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import LineupPitchWidget from '.';
import { parseFormation, placePlayers } from './layout';

afterEach(cleanup);

const positions = [5, 4, 4, 4, 4, 3, 3, 3, 1, 2, 1];
const starters = positions.map((position, i) => ({ number: i + 1, name: `球員${i + 1}`, position }));

describe('lineup pitch', () => {
  it('lays 11 players out by formation: keeper at the goal, forwards furthest up', () => {
    expect(parseFormation('4-2-3-1')).toEqual([4, 2, 3, 1]);
    expect(parseFormation('nonsense')).toEqual([4, 4, 2]);
    const placed = placePlayers(starters, '4-3-3');
    expect(placed).toHaveLength(11);
    expect(placed[0].player.position).toBe(5);
    const depthOf = (pos: number) => placed.filter((p) => p.player.position === pos).map((p) => p.depth);
    expect(Math.max(...depthOf(5))).toBeLessThan(Math.min(...depthOf(4)));
    expect(Math.max(...depthOf(4))).toBeLessThan(Math.min(...depthOf(3)));
    // each spot is different
    expect(new Set(placed.map((p) => `${p.depth}:${p.across}`)).size).toBe(11);
  });

  it('uses feed positions when every starter has them', () => {
    const withXY = starters.map((p, i) => ({ ...p, x: 10 + i * 5, y: 50 }));
    expect(placePlayers(withXY, '4-3-3')[3]).toMatchObject({ depth: 25, across: 50 });
  });

  it('draws 11 shirts with numbers and names, the coach and the bench', () => {
    initTestI18n();
    const team = {
      formation: '4-3-3',
      starters,
      bench: [{ number: 12, name: '後備甲' }],
      coach_name: '教練乙',
    };
    const { container } = render(
      <LineupPitchWidget {...widgetProps({ team, teamName: '傑志', color: '#c00' })} />,
    );
    const shirts = container.querySelectorAll('.gf-lineup__player');
    expect(shirts).toHaveLength(11);
    expect(shirts[0].textContent).toContain('1');
    expect(container.textContent).toContain('球員10');
    expect(container.textContent).toContain('教練乙');
    expect(container.textContent).toContain('後備甲');
  });

  it('shows an unnamed squad slot by shirt number and position, with a note, and no coach line without a coach', () => {
    initTestI18n();
    const unnamed = positions.map((position, i) => ({ number: i + 1, name: null, unnamed: true, position }));
    const team = {
      formation: '4-3-3',
      starters: unnamed,
      bench: [{ number: 19, name: null, unnamed: true, position: 2 }],
      coach_name: '',
    };
    const { container } = render(
      <LineupPitchWidget {...widgetProps({ team, teamName: '諾域治', color: '#c00' })} />,
    );
    const shirts = [...container.querySelectorAll('.gf-lineup__player')];
    expect(shirts[0].textContent).toBe('1門將');
    expect(shirts.map((s) => s.querySelector('.gf-lineup__name')?.textContent)).toContain('前鋒');
    expect(container.querySelector('.gf-lineup__bench li')?.textContent).toBe('1919號 · 中鋒');
    expect(container.textContent).toContain('球員名單未提供');
    expect(container.textContent).not.toMatch(/諾域治\s*\d+號|主教練/);
    expect(container.querySelector('.gf-lineup__coach')).toBeNull();
  });
});
