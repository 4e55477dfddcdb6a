/**
 * The match journeys at any hour: with the server clock set to 03:00, 07:30, 12:00 and 20:00 Hong Kong
 * time on a weekday and on a Sunday, the steps the browser journeys take through the API hold — the
 * date-strip days answer, a test-made fixture is scheduled, listed today / in the schedule and on the
 * jczq list, kicks off, plays live first on the instant list, finishes into the results, and a fixture
 * made a day back is a finished match of yesterday. CI once failed at 07:10 HKT because the browser
 * tests looked for a scheduled match in the generated calendar; this keeps that from coming back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playPastMatches } from '../../feed/catch-up';
import { resetClock, setClock } from '../../http/clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { ensureFixtures } from './fixtures';
import { hkDate } from './items';
import { dropListCache } from './list-cache';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const LIVE = [2, 3, 4, 5, 7];

/** `hh:mm` Hong Kong time on the first `weekday` (0 Sunday) at least a day after `fromMs` */
function hkAt(fromMs: number, weekday: number, hhmm: string): number {
  const [hh, mm] = hhmm.split(':').map(Number);
  const day = new Date(fromMs + 8 * HOUR_MS + DAY_MS);
  const ahead = (weekday - day.getUTCDay() + 7) % 7;
  const local = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + ahead, hh, mm);
  return local - 8 * HOUR_MS;
}

const realNow = Date.now();
const HOURS = ['03:00', '07:30', '12:00', '20:00'];
/** Wednesday and Sunday, in time order: the database only moves forward */
const instants = [3, 0]
  .flatMap((weekday) => HOURS.map((h) => hkAt(realNow, weekday, h)))
  .sort((a, b) => a - b);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

interface Item {
  id: number;
  status: number;
  start_ms: number;
  league_id: number;
  jczq_num: string | null;
}

/** what the feed does after writing: the next list read sees the played matches */
async function play(now: number, ids?: number[]) {
  await playPastMatches(t.db, new Date(now), ids ? { ids } : {});
  dropListCache(t.db);
}

async function list(query: string): Promise<Item[]> {
  const r = await t.call('GET', `/mdr/api/v1/matches?${query}&size=500`);
  expect(r.code, query).toBe(0);
  return r.data.list;
}

describe.sequential('match journeys at any hour (server clock set)', () => {
  for (const at of instants) {
    const label = new Date(at + 8 * HOUR_MS).toISOString().slice(0, 16).replace('T', ' ');
    it(`${label} HKT (${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(at + 8 * HOUR_MS).getUTCDay()]})`, async () => {
      let now = at;
      setClock(() => now);
      // what the server does at start and hourly: fixtures around now, everything past played
      await ensureFixtures(t.db, new Date(now));
      await play(now);
      const today = hkDate(now);

      // the date strips: seven days each way answer
      for (let d = -6; d <= 6; d++) {
        const date = hkDate(now + d * DAY_MS);
        await list(`tab=${d < 0 ? 'results' : 'schedule'}&date=${date}`);
      }
      const instant = await list('tab=instant');
      const firstIdle = instant.findIndex((m) => !LIVE.includes(m.status));
      if (firstIdle >= 0) expect(instant.slice(firstIdle).some((m) => LIVE.includes(m.status))).toBe(false);

      // a scheduled match made for the test: listed on its day, on the jczq list with odds
      const made = await t.call('POST', '/dev/matches', { body: { start_in_min: 30, goal_before: 30 } });
      expect(made.code).toBe(0);
      const m = made.data as Item;
      expect(m.status).toBe(1);
      expect(m.start_ms).toBe(now + 30 * 60_000);
      const day = hkDate(m.start_ms);
      expect((await list(`tab=schedule&date=${day}&league_ids=${m.league_id}`)).map((x) => x.id)).toContain(
        m.id,
      );
      if (day === today) expect((await list('tab=instant')).map((x) => x.id)).toContain(m.id);
      // as the publish form asks (one paging limit everywhere: size <= 100)
      const jczq = await t.call('GET', '/mdr/api/v1/jczq/matches?page=1&size=100');
      const onList = jczq.data.list.find((x: Item) => x.id === m.id);
      expect(onList?.jczq_num).toMatch(/^周.\d{3}$/);
      expect(onList?.odds?.jczq).toBeTruthy();

      // kick-off now; twenty minutes on it is live and first on the instant list
      expect((await t.call('POST', `/dev/matches/${m.id}/kickoff?goal_before=30`)).code).toBe(0);
      now += 20 * 60_000;
      await play(now, [m.id]);
      const live = await list('tab=instant');
      const row = live.find((x) => x.id === m.id);
      expect(row && LIVE.includes(row.status)).toBe(true);
      expect(live.findIndex((x) => x.id === m.id)).toBeLessThan(
        live.findIndex((x) => !LIVE.includes(x.status)) === -1
          ? Number.POSITIVE_INFINITY
          : live.findIndex((x) => !LIVE.includes(x.status)),
      );

      // three hours on it is a finished match of its day
      now += 3 * HOUR_MS;
      await play(now, [m.id]);
      const results = await list(`tab=results&date=${hkDate(at)}&league_ids=${m.league_id}`);
      expect(results.find((x) => x.id === m.id)?.status).toBe(10);

      // a match made a day back is played at once: a finished match of yesterday
      const past = (await t.call('POST', '/dev/matches', { body: { start_in_min: -24 * 60 } })).data as Item;
      await play(now, [past.id]);
      const yesterday = await list(`tab=results&date=${hkDate(now - DAY_MS)}&league_ids=${past.league_id}`);
      expect(yesterday.find((x) => x.id === past.id)?.status).toBe(10);
    }, 60_000);
  }
});

describe('POST /dev/matches', () => {
  it('refuses bad input with 100400 and unknown competitions with 100404', async () => {
    resetClock();
    for (const body of [
      { start_in_min: 'soon' },
      { start_in_min: 1e9 },
      { competition: 'epl; drop table matches' },
      { goal_before: 0 },
      { extra: 1 },
    ])
      expect((await t.call('POST', '/dev/matches', { body })).code, JSON.stringify(body)).toBe(100400);
    expect((await t.call('POST', '/dev/matches', { body: { competition: 'NOPE' } })).code).toBe(100404);
  });

  it('pairs different clubs for two fixtures at the same time', async () => {
    const a = (await t.call('POST', '/dev/matches', { body: { start_in_min: 600 } })).data;
    const b = (await t.call('POST', '/dev/matches', { body: { start_in_min: 600 } })).data;
    const clubs = [a.home_id, a.away_id, b.home_id, b.away_id];
    expect(new Set(clubs).size).toBe(4);
  });

  it('is absent when the dev outbox is off (production)', async () => {
    const prod = await createTestApp({ config: { devOutbox: false } });
    try {
      const r = await prod.call('POST', '/dev/matches', { body: {} });
      expect(r.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
