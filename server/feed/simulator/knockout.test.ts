/**
 * Extra time and shoot-outs belong to knock-out ties only: a cup's league-phase matchday ("5") ends
 * after 90 minutes and stoppage time like any league match.
 */
import { describe, expect, it } from 'vitest';
import { isKnockout, type SimRefs, timelineFor } from './context';
import { EV, STATUS } from './types';

const squad = (base: number) =>
  Array.from({ length: 18 }, (_, i) => ({
    id: base + i,
    position: i < 2 ? 5 : i < 8 ? 4 : i < 14 ? 3 : 2,
    number: i + 1,
  }));
const refs: SimRefs = {
  teams: new Map([
    [1, { attack: 100, defence: 100 }],
    [2, { attack: 100, defence: 100 }],
  ]),
  squads: new Map([
    [1, squad(100)],
    [2, squad(200)],
  ]),
  cups: new Set([7]),
};
const EXTRA = [EV.ET_END, EV.SHOOTOUT_START, EV.SHOOTOUT_GOAL, EV.SHOOTOUT_MISS];

function play(competitionId: number, round: string, n = 300) {
  return Array.from({ length: n }, (_, i) =>
    timelineFor(
      refs,
      { id: i + 1, competitionId, round, homeTeamId: 1, awayTeamId: 2, simSeed: 1000 + i },
      1,
    ),
  );
}

describe('knock-out rounds only', () => {
  it('names knock-out rounds, never a matchday number', () => {
    for (const r of ['1', '5', '8', '36']) expect(isKnockout(true, r)).toBe(false);
    for (const r of ['R16', 'QF', 'SF', 'F', 'playoff', '決賽']) expect(isKnockout(true, r)).toBe(true);
    expect(isKnockout(false, 'QF')).toBe(false);
  });

  it('a league-phase matchday or a league match never goes past 90 minutes plus stoppage time', () => {
    for (const tl of [...play(7, '5'), ...play(3, '12')]) {
      for (const e of tl.entries) {
        expect([STATUS.EXTRA_TIME, STATUS.PENALTIES]).not.toContain(e.state.status);
        expect(e.state.minute).toBeLessThanOrEqual(90);
        if (e.event) expect(EXTRA).not.toContain(e.event.code);
      }
    }
  });

  it('a level knock-out tie goes to extra time (and sometimes penalties)', () => {
    const tls = play(7, 'QF');
    expect(tls.some((tl) => tl.entries.some((e) => e.state.status === STATUS.EXTRA_TIME))).toBe(true);
  });
});
