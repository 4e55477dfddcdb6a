import { describe, expect, it } from 'vitest';
import { backtest, type Finished } from './backtest';
import { fitModel, outcomeOf, percents, pickOf, predict } from './model';

/** Deterministic pseudo-random stream for synthetic leagues (tests only; the model itself uses none). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
function poissonDraw(rand: () => number, lambda: number): number {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= rand();
  } while (p > l);
  return k - 1;
}

/** A synthetic league whose true strengths are known: club 1 strong ... club n weak. */
function league(n: number, rounds: number, seed: number) {
  const rand = lcg(seed);
  const trueAtt = (c: number) => 0.5 - c / n; // club 1 best attack
  const trueDef = (c: number) => 0.4 - (0.8 * c) / n;
  const out: Finished[] = [];
  let id = 1;
  for (let r = 0; r < rounds; r++)
    for (let h = 1; h <= n; h++)
      for (let a = 1; a <= n; a++) {
        if (h === a || (h + a + r) % 3 !== 0) continue;
        const lh = Math.exp(Math.log(1.35) + Math.log(1.25) + trueAtt(h) - trueDef(a));
        const la = Math.exp(Math.log(1.35) + trueAtt(a) - trueDef(h));
        out.push({
          id: id++,
          competitionId: 7,
          home: h,
          away: a,
          homeGoals: poissonDraw(rand, lh),
          awayGoals: poissonDraw(rand, la),
          at: Date.UTC(2026, 7, 15) + (r * 7 + (h % 3)) * 86_400_000,
        });
      }
  return out;
}

describe('Poisson goal model', () => {
  const results = league(12, 6, 42);

  it('rates a strong club above a weak one, in attack and defence', () => {
    const m = fitModel(results, { priorWeight: 0.2 });
    expect(m.att.get(1)!).toBeGreaterThan(m.att.get(12)! + 0.3);
    expect(m.def.get(1)!).toBeGreaterThan(m.def.get(12)! + 0.3);
    // home advantage recovered near the truth (log 1.25 = 0.22)
    expect(m.homeAdv.get(7)!).toBeGreaterThan(0.05);
    expect(m.homeAdv.get(7)!).toBeLessThan(0.45);
  });

  it('makes the strong club the favourite at home and away, probabilities are whole percents summing to 100', () => {
    const m = fitModel(results, { priorWeight: 0.2 });
    const p = predict(m, { competitionId: 7, home: 1, away: 12 });
    const q = predict(m, { competitionId: 7, home: 12, away: 1 });
    expect(pickOf(p)).toBe('home');
    expect(pickOf(q)).toBe('away');
    expect(p.pHome + p.pDraw + p.pAway).toBeCloseTo(1, 6);
    for (const pr of [p, q]) {
      const pc = percents([pr.pHome, pr.pDraw, pr.pAway]);
      expect(pc.reduce((s, x) => s + x, 0)).toBe(100);
      expect(pc.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
    }
    expect(percents([1 / 3, 1 / 3, 1 / 3])).toEqual([34, 33, 33]);
    expect(p.scores[0].p).toBeGreaterThanOrEqual(p.scores[1].p);
  });

  it('a club without results keeps its prior rating', () => {
    const prior = new Map([[99, { att: 0.4, def: 0.1 }]]);
    const m = fitModel(results, { prior, priorWeight: 2 });
    const p = predict(m, { competitionId: 7, home: 99, away: 12 }, prior);
    expect(p.home).toBeGreaterThan(p.away);
  });

  it('converges when the clubs of a competition have not all met yet (split groups, one scoring level)', () => {
    // clubs 1-2 and 3-4 of competition 5 never met; club 2 also played a cup tie against club 9
    const at = Date.UTC(2026, 9, 1);
    const split = [
      { id: 1, competitionId: 5, home: 1, away: 2, homeGoals: 3, awayGoals: 0, at },
      { id: 2, competitionId: 5, home: 3, away: 4, homeGoals: 0, awayGoals: 0, at },
      { id: 3, competitionId: 5, home: 2, away: 1, homeGoals: 1, awayGoals: 1, at },
      { id: 4, competitionId: 6, home: 9, away: 2, homeGoals: 2, awayGoals: 2, at },
    ];
    const m = fitModel(split, { priorWeight: 1, maxSweeps: 500 });
    expect(m.sweeps).toBeLessThan(200);
    expect(m.att.get(1)!).toBeGreaterThan(m.att.get(2)!);
  });

  it('is deterministic', () => {
    const a = fitModel(results);
    const b = fitModel(results);
    expect([...a.att.entries()]).toEqual([...b.att.entries()]);
  });

  it('backtest predicts every day only from earlier days and beats always-home', () => {
    const bt = backtest(results, { priorWeight: 0.5 });
    const firstDay = Math.min(...results.map((r) => Math.floor((r.at + 8 * 3_600_000) / 86_400_000)));
    const dayOf = (at: number) => Math.floor((at + 8 * 3_600_000) / 86_400_000);
    // the first day has no history: not predicted
    for (const r of results) if (dayOf(r.at) === firstDay) expect(bt.entries.has(r.id)).toBe(false);
    // each prediction was trained on exactly the results of earlier days
    for (const r of results) {
      const e = bt.entries.get(r.id);
      if (!e) continue;
      expect(e.trainedOn).toBe(results.filter((x) => dayOf(x.at) < dayOf(r.at)).length);
    }
    const homeHits = [...bt.entries.keys()].filter((id) => {
      const r = results.find((x) => x.id === id)!;
      return outcomeOf(r.homeGoals, r.awayGoals) === 'home';
    }).length;
    expect(bt.total).toBeGreaterThan(100);
    expect(bt.hits).toBeGreaterThanOrEqual(homeHits);
    expect(bt.hits / bt.total).toBeGreaterThan(0.45);
  });

  it('changing a later result never changes an earlier prediction (no look-ahead)', () => {
    const a = backtest(results);
    const last = results.reduce((x, y) => (y.at > x.at ? y : x));
    const tampered = results.map((r) => (r.id === last.id ? { ...r, homeGoals: 9, awayGoals: 0 } : r));
    const b = backtest(tampered);
    for (const [id, e] of a.entries)
      expect(b.entries.get(id)!.prediction.pHome).toBeCloseTo(e.prediction.pHome, 12);
  });
});
