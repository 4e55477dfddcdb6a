import { describe, expect, it } from 'vitest';
import { allOdds, lotteryOdds, probs1x2 } from './odds';
import { simulateMatch } from './simulate';
import { EV, GOAL_CODES, type SimInput, STATUS, TRANSITIONS } from './types';

const squad = (base: number) =>
  Array.from({ length: 22 }, (_, i) => ({
    id: base + i,
    position: i === 0 || i === 20 ? 5 : i === 21 ? 10 : i < 8 ? 4 : i < 15 ? 3 : 1,
    number: i + 1,
  }));

const input = (seed: number, knockout = false): SimInput => ({
  seed,
  home: { id: 1, attack: 115, defence: 105, players: squad(100) },
  away: { id: 2, attack: 90, defence: 95, players: squad(200) },
  knockout,
});

describe('simulateMatch', () => {
  it('is deterministic: same seed, identical timeline; different seed, different one', () => {
    const a = simulateMatch(input(42));
    const b = simulateMatch(input(42));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = simulateMatch(input(43));
    expect(JSON.stringify(c.entries)).not.toBe(JSON.stringify(a.entries));
  });

  it('produces valid sequences over many seeds', () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 400; seed++) {
      const tl = simulateMatch(input(seed, seed % 4 === 0));
      let status = 1;
      let lastT = -1;
      let lastMinute = 0;
      const goals = [0, 0];
      for (const e of tl.entries) {
        expect(e.t).toBeGreaterThanOrEqual(lastT);
        lastT = e.t;
        if (e.state.status !== status) {
          expect(TRANSITIONS[status]).toContain(e.state.status);
          status = e.state.status;
        }
        seen.add(status);
        expect(e.state.minute).toBeGreaterThanOrEqual(lastMinute);
        lastMinute = e.state.minute;
        if (e.event && GOAL_CODES.includes(e.event.code)) {
          goals[e.event.side - 1]++;
          expect(e.event.home_score).toBe(goals[0]);
          expect(e.event.away_score).toBe(goals[1]);
        }
        if (e.event?.code === EV.HALF_TIME) expect(e.state.minute).toBeGreaterThanOrEqual(45);
        if (e.event?.code === EV.END) expect(e.state.minute).toBeGreaterThanOrEqual(90);
      }
      expect(tl.final.home_score).toBe(goals[0]);
      expect(tl.final.away_score).toBe(goals[1]);
      if (tl.outcome === 'played') {
        expect(tl.final.status).toBe(STATUS.FINISHED);
        expect(tl.final.home_half_score).not.toBeNull();
        expect(tl.entries[0].event?.code).toBe(EV.START);
        expect(tl.entries.at(-1)?.event?.code).toBe(EV.END);
        expect(tl.finalStats.possession[0] + tl.finalStats.possession[1]).toBe(100);
        expect(tl.finalStats.corners).toEqual([tl.final.home_corners, tl.final.away_corners]);
      }
      if (tl.final.status === STATUS.PENALTIES || tl.final.home_pen_score !== null) {
        expect(tl.final.home_pen_score).not.toBe(tl.final.away_pen_score);
        expect(tl.final.home_score).toBe(tl.final.away_score);
      }
    }
    // over 400 seeds with knock-outs, extra time, penalties and a pre-match postponement show up
    expect(seen.has(STATUS.EXTRA_TIME)).toBe(true);
    expect(seen.has(STATUS.PENALTIES)).toBe(true);
    expect(seen.has(STATUS.POSTPONED) || seen.has(STATUS.CANCELLED)).toBe(true);
  });

  it('uses players of the line-up and gives the stronger side more goals on average', () => {
    let home = 0;
    let away = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const tl = simulateMatch(input(seed));
      home += tl.final.home_score;
      away += tl.final.away_score;
      const ids = new Set(
        [
          ...tl.lineups[0].starters,
          ...tl.lineups[0].bench,
          ...tl.lineups[1].starters,
          ...tl.lineups[1].bench,
        ].map((p) => p.person_id),
      );
      for (const e of tl.entries) if (e.event?.player_id) expect(ids.has(e.event.player_id)).toBe(true);
      expect(tl.lineups[0].starters).toHaveLength(11);
    }
    expect(home).toBeGreaterThan(away);
    expect((home + away) / 300).toBeGreaterThan(1.8);
    expect((home + away) / 300).toBeLessThan(4.2);
  });
});

describe('odds', () => {
  const s = { homeAttack: 115, homeDefence: 105, awayAttack: 90, awayDefence: 95 };
  it('prices carry a margin: implied probabilities sum above 1', () => {
    for (const live of [
      { minute: 0, homeScore: 0, awayScore: 0 },
      { minute: 60, homeScore: 1, awayScore: 1 },
    ]) {
      for (const row of allOdds(s, live)) {
        const vals =
          row.market === 'eu'
            ? [row.odds.home, row.odds.draw, row.odds.away]
            : row.market === 'asia'
              ? [row.odds.home + 1, row.odds.away + 1]
              : [row.odds.over + 1, row.odds.under + 1];
        const implied = vals.reduce((a, v) => a + 1 / v, 0);
        expect(implied).toBeGreaterThan(1);
        expect(implied).toBeLessThan(1.2);
      }
    }
    for (const row of lotteryOdds(s)) expect(Object.values(row.odds).length).toBeGreaterThan(2);
  });
  it('favours the stronger side and follows the score', () => {
    const [w, , l] = probs1x2(s, { minute: 0, homeScore: 0, awayScore: 0 });
    expect(w).toBeGreaterThan(l);
    const [w2, , l2] = probs1x2(s, { minute: 80, homeScore: 0, awayScore: 2 });
    expect(l2).toBeGreaterThan(0.8);
    expect(w2).toBeLessThan(0.05);
  });
});
