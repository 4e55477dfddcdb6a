import { afterAll, describe, expect, it } from 'vitest';
import { backtest, type Finished } from './backtest';
import { backtestOffThread, fitOffThread, stopFitThread } from './fit-thread';
import { fitModel } from './model';

afterAll(stopFitThread);

const DAY = 86_400_000;
/** four clubs over 40 days, a fixed pattern of scores: club 1 strong, club 4 weak */
function season(): Finished[] {
  const out: Finished[] = [];
  let id = 1;
  for (let d = 0; d < 40; d++) {
    const home = (d % 4) + 1;
    const away = ((d + 1) % 4) + 1;
    out.push({
      id: id++,
      competitionId: 1,
      home,
      away,
      homeGoals: Math.max(0, 4 - home + (d % 2)),
      awayGoals: Math.max(0, 3 - away),
      at: Date.UTC(2026, 7, 1) + d * DAY,
    });
  }
  return out;
}

describe('fits off the event loop', () => {
  it('the thread fits the same model as the main thread would', async () => {
    const results = season();
    const opts = { priorWeight: 10, asOf: Date.UTC(2026, 8, 15) };
    const here = fitModel(results, opts);
    const there = await fitOffThread(results, opts);
    expect([...there.att.entries()]).toEqual([...here.att.entries()]);
    expect(there.n).toBe(40);
  });

  it('the backtest comes back whole (hits, per competition, per match)', async () => {
    const results = season();
    const here = backtest(results, { priorWeight: 10, windowDays: 10 });
    const there = await backtestOffThread(results, { priorWeight: 10, windowDays: 10 });
    expect(there.total).toBe(here.total);
    expect(there.hits).toBe(here.hits);
    expect(there.byCompetition.get(1)).toEqual(here.byCompetition.get(1));
    expect(there.entries.get(40)?.pick).toBe(here.entries.get(40)?.pick);
  });

  it('the event loop stays free while the thread works', async () => {
    // a big backtest: many fits of several hundred results
    const many: Finished[] = [];
    for (let k = 0; k < 15; k++)
      for (const r of season()) many.push({ ...r, id: many.length + 1, at: r.at + k * 41 * DAY });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await backtestOffThread(many, { priorWeight: 10, windowDays: 60 });
    const took = performance.now() - started;
    clearInterval(timer);
    // a blocked loop would have ticked about never; a free one about every 5 ms of the wait
    expect(ticks).toBeGreaterThan(Math.floor(took / 5 / 4));
  });
});
