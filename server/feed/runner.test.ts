import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvents, matches } from '../db/schema';
import { insertTestFixtures } from '../modules/matches/test-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { playPastMatches } from './catch-up';
import { onMatchFinished, startFeed, tryFeedLock } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('feed runner', () => {
  it('plays a kicked-off match in real time, publishing ordered messages, and reports the end', {
    timeout: 60_000,
  }, async () => {
    const f = await insertTestFixtures(t.db, { perDay: 2, days: [1, 1], prefix: 'RUN' });
    const id = f.matchIds[0];
    const sent: { topic: string; data: any }[] = [];
    const hub = t.app.deps.hub;
    const orig = hub.publish.bind(hub);
    hub.publish = async (topic, data) => {
      sent.push({ topic, data });
      return orig(topic, data);
    };
    const finished: number[] = [];
    const off = onMatchFinished((mid) => {
      finished.push(mid);
    });
    const stop = await startFeed(
      { ...t.app.deps, config: { ...t.app.deps.config, simSpeed: 3000 } },
      { info() {}, warn() {}, error: console.error },
    );
    // kick off once the feed has caught up with everything else, so the whole match is played live
    expect((await t.call('POST', `/dev/matches/${id}/kickoff`)).code).toBe(0);
    const deadline = Date.now() + 45_000;
    while (!finished.includes(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await stop();
    off();
    hub.publish = orig;
    expect(finished).toContain(id);
    const mine = sent.filter((s) => s.topic === `match:${id}`).map((s) => s.data);
    expect(mine.length).toBeGreaterThan(50);
    // strictly increasing (a loaded machine may fall behind and have a stretch written as one batch)
    for (let i = 1; i < mine.length; i++) expect(mine[i].seq).toBeGreaterThan(mine[i - 1].seq);
    const statuses = mine.map((m) => m.data.status).filter((s) => s !== undefined);
    // the first message is a live state (2 first half, or later when a loaded machine wrote the first
    // stretch as one batch at this 3000x speed), never an already finished match
    expect(statuses[0]).toBeGreaterThanOrEqual(2);
    expect(statuses[0]).toBeLessThan(10);
    expect(statuses.at(-1)).toBe(10);
    expect(mine.some((m) => m.stats)).toBe(true);
    expect(mine.some((m) => m.odds)).toBe(true);
    const live = sent.filter((s) => s.topic === 'matches:live' && s.data.data.id === id);
    expect(live.length).toBe(mine.length);
    expect(live.every((s) => !s.data.stats && !s.data.odds)).toBe(true);
    const [row] = await t.db.select().from(matches).where(eq(matches.id, id));
    expect(row.status).toBe(10);
    expect(row.seq).toBe(mine.at(-1).seq);
    const evs = await t.db.select().from(matchEvents).where(eq(matchEvents.matchId, id));
    const goals = evs.filter((e) => [1, 2, 3].includes(e.code));
    expect(goals.filter((g) => g.side === 1).length).toBe(row.homeScore);
    expect(goals.filter((g) => g.side === 2).length).toBe(row.awayScore);
    expect(new Set(evs.map((e) => e.seq)).size).toBe(evs.length);
  });

  it('catch-up is idempotent and matches what the runner would write', async () => {
    const now = Date.now();
    const f = await insertTestFixtures(t.db, { now, perDay: 4, days: [-2, -1], prefix: 'CU' });
    const first = await playPastMatches(t.db, new Date(now));
    expect(first.finished).toBeGreaterThanOrEqual(f.matchIds.length - 1);
    const again = await playPastMatches(t.db, new Date(now));
    expect(again.finished + again.live + again.events).toBe(0);
    const rows = await t.db.select().from(matches).where(eq(matches.competitionId, f.leagueId));
    for (const r of rows) expect([10, 11, 13, 14]).toContain(r.status);
  });

  it('holds the feed lock on one connection only', async () => {
    const lock = await tryFeedLock(t.db);
    expect(lock).not.toBeNull();
    await lock?.release();
  });
});
