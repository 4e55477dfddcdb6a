/**
 * Automatic reports never invent a person: over every seeded report, in every script, no placeholder
 * name ("7號球員", "Norwich #7", "head coach") appears; a goal by an unnamed squad slot reads as the
 * line-ups label it (club, shirt number, position) with a note that the club's squad is not on file, and
 * such a slot never makes a headline or a player tag. Reports written with the old wording are rewritten.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EV } from '../../../contracts/match';
import { matchEvents, newsArticles, people } from '../../db/schema';
import { reportFacts, writeReport } from './index';
import { rewritePlaceholderReports } from './report';
import { setUpNewsApp, t } from './test-kit';

setUpNewsApp();

/** what a made-up person looks like in any script: "諾域治7號球員", "7号球员", "Norwich #7", "head coach" */
const PLACEHOLDER =
  /\d+\s*[號号]\s*球[員员]|(?<!&)#\s*\d+|head coach|player\s*\d+|球[員员]\s*\d+|球[員员][甲乙丙丁]/i;
const FIELDS = [
  'titleZhhk',
  'titleZhcn',
  'titleZhtw',
  'summaryZhhk',
  'summaryZhcn',
  'summaryZhtw',
  'bodyZhhk',
  'bodyZhcn',
  'bodyZhtw',
] as const;

/** a finished, reported match with a goal scored by a named player (the slot the tests empty) */
async function reportedGoal() {
  const reports = await t.db
    .select({ id: newsArticles.id, matchId: newsArticles.matchId })
    .from(newsArticles)
    .where(eq(newsArticles.kind, 'report'));
  const ids = reports.map((r) => r.matchId).filter((x): x is number => !!x);
  const goals = await t.db
    .select({ matchId: matchEvents.matchId, playerId: matchEvents.playerId })
    .from(matchEvents)
    .where(and(inArray(matchEvents.matchId, ids), eq(matchEvents.code, EV.GOAL)));
  for (const g of goals) {
    if (!g.playerId) continue;
    const [p] = await t.db.select().from(people).where(eq(people.id, g.playerId));
    if (p?.nameZhhk && p.number !== null)
      return { person: p, article: reports.find((r) => r.matchId === g.matchId)?.id as number };
  }
  throw new Error('no reported goal by a named player in the seed');
}

describe('automatic reports name no placeholder people', () => {
  it('no seeded report, in any script, names a made-up person', async () => {
    const rows = await t.db.select().from(newsArticles).where(eq(newsArticles.kind, 'report'));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows)
      for (const f of FIELDS) expect(r[f], `report ${r.id} ${f}`).not.toMatch(PLACEHOLDER);
  });

  it('a goal by an unnamed squad slot reads as the line-ups show it, with a note, and makes no headline', async () => {
    const { person, article } = await reportedGoal();
    const [row] = await t.db.select().from(newsArticles).where(eq(newsArticles.id, article));
    // the scorer's club has no real squad on file: his slot is unnamed (as seed-squads leaves such clubs)
    await t.db
      .update(people)
      .set({ nameZhhk: '', nameZhcn: '', nameZhtw: '', nameEn: '' })
      .where(eq(people.id, person.id));
    try {
      const f = await reportFacts(t.db, row.matchId as number);
      expect(f).not.toBeNull();
      if (!f) return;
      const goal = f.goals.find((g) => g.scorerId === person.id);
      expect(goal?.scorerUnnamed).toBe(true);
      expect(f.unnamedSides.length).toBeGreaterThan(0);
      const hk = writeReport(f, 'zhhk');
      const cn = writeReport(f, 'zhcn');
      const tw = writeReport(f, 'zhtw');
      for (const x of [hk, cn, tw]) {
        expect(x.title + x.summary + x.body).not.toMatch(PLACEHOLDER);
        // a shirt number never makes the headline (no "7號梅開二度")
        expect(x.title).not.toContain(`${person.number}號`);
        expect(x.title).not.toContain(`${person.number}号`);
      }
      expect(hk.body).toContain(`${person.number}號（`);
      expect(cn.body).toContain(`${person.number}号（`);
      expect(tw.body).toContain(`${person.number}號（`);
      expect(hk.body).toContain('球員名單未有資料，球員以球衣號碼及位置標示');
      expect(cn.body).toContain('球员名单暂无资料，球员以球衣号码及位置标示');
      expect(tw.body).toContain('球員名單尚無資料，球員以球衣號碼及位置標示');

      // a report filed with the old wording is written again, and the unnamed slot is no player tag
      await t.db
        .update(newsArticles)
        .set({ bodyZhhk: `<ul><li>63' 諾域治${person.number}號球員，諾域治 1:0</li></ul>` })
        .where(eq(newsArticles.id, article));
      expect(await rewritePlaceholderReports(t.db)).toBe(1);
      const [again] = await t.db.select().from(newsArticles).where(eq(newsArticles.id, article));
      expect(again.bodyZhhk).toBe(hk.body);
      expect(again.titleZhcn).toBe(cn.title);
      expect(again.playerIds).not.toContain(person.id);
      expect(again.publishedAt.getTime()).toBe(row.publishedAt.getTime());
      expect(await rewritePlaceholderReports(t.db)).toBe(0);
    } finally {
      await t.db
        .update(people)
        .set({
          nameZhhk: person.nameZhhk,
          nameZhcn: person.nameZhcn,
          nameZhtw: person.nameZhtw,
          nameEn: person.nameEn,
        })
        .where(eq(people.id, person.id));
      await t.db
        .update(newsArticles)
        .set({
          titleZhhk: row.titleZhhk,
          titleZhcn: row.titleZhcn,
          titleZhtw: row.titleZhtw,
          summaryZhhk: row.summaryZhhk,
          summaryZhcn: row.summaryZhcn,
          summaryZhtw: row.summaryZhtw,
          bodyZhhk: row.bodyZhhk,
          bodyZhcn: row.bodyZhcn,
          bodyZhtw: row.bodyZhtw,
          playerIds: row.playerIds,
        })
        .where(eq(newsArticles.id, article));
    }
  });
});
