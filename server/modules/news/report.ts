/** Filing automatic match reports: one article per finished match, written once from its facts. */
import { and, asc, eq, gte, inArray, isNull, like, lt, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, newsArticles } from '../../db/schema';
import { getRefs } from '../matches';

import { FINISHED, type ReportFacts, reportFacts, SCRIPTS, type Script } from './report-facts';
import { type ReportText, writeReport } from './report-text';

/**
 * The written columns of a report: its text in the three scripts and its player tags (named scorers
 * only: an unnamed squad slot is not a player a fan could follow).
 */
function columns(f: ReportFacts) {
  const t = Object.fromEntries(SCRIPTS.map((s) => [s, writeReport(f, s)])) as Record<Script, ReportText>;
  return {
    titleZhhk: t.zhhk.title,
    titleZhcn: t.zhcn.title,
    titleZhtw: t.zhtw.title,
    summaryZhhk: t.zhhk.summary,
    summaryZhcn: t.zhcn.summary,
    summaryZhtw: t.zhtw.summary,
    bodyZhhk: t.zhhk.body,
    bodyZhcn: t.zhcn.body,
    bodyZhtw: t.zhtw.body,
    playerIds: [
      ...new Set(
        f.goals
          .filter((g) => !g.scorerUnnamed)
          .map((g) => g.scorerId)
          .filter((x): x is number => !!x),
      ),
    ],
  };
}

/** Published a little after the final whistle (about when a desk would file it). */
const FILED_AFTER_MS = 2 * 3600_000 + 5 * 60_000;

/**
 * Writes the report of one finished match (once: a second call, on this node or another, does
 * nothing). Returns the article id when a report was written.
 */
export async function generateReport(db: Db, matchId: number, nowMs = Date.now()): Promise<number | null> {
  const f = await reportFacts(db, matchId);
  if (!f) return null;
  const published = Math.min(f.startAt.getTime() + FILED_AFTER_MS, nowMs);
  const rows = await db
    .insert(newsArticles)
    .values({
      kind: 'report',
      ...columns(f),
      competitionId: f.competitionId,
      clubIds: [f.homeId, f.awayId],
      matchId,
      publishedAt: new Date(published),
    })
    .onConflictDoNothing()
    .returning({ id: newsArticles.id });
  return rows[0]?.id ?? null;
}

/**
 * Reports for matches finished in the window that have none yet: headline competitions (hot) and
 * matches flagged hot. Used by the seed (last week) and by the sweep job (last two days).
 */
export async function generateMissingReports(
  db: Db,
  opts: { sinceMs: number; untilMs: number; limit?: number },
): Promise<number[]> {
  const refs = await getRefs(db);
  const hot = [...refs.competitions.values()].filter((c) => c.hot).map((c) => c.id);
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .leftJoin(newsArticles, eq(newsArticles.matchId, matches.id))
    .where(
      and(
        eq(matches.status, FINISHED),
        gte(matches.startAt, new Date(opts.sinceMs)),
        lt(matches.startAt, new Date(opts.untilMs)),
        isNull(newsArticles.id),
        or(eq(matches.hot, true), inArray(matches.competitionId, hot.length ? hot : [-1])),
      ),
    )
    .orderBy(asc(matches.startAt))
    .limit(opts.limit ?? 500);
  const out: number[] = [];
  for (const r of rows) {
    const id = await generateReport(db, r.id, opts.untilMs);
    if (id) out.push(id);
  }
  return out;
}

/**
 * Reports written before unnamed squad slots were labelled as such called them "諾域治7號球員", as if a
 * person of that name existed: their text is written again from the same facts (title, summary, body and
 * player tags; comments, praise and the publishing time stay). Idempotent and cheap: it matches nothing
 * once done. Answers how many were rewritten.
 */
export async function rewritePlaceholderReports(db: Db): Promise<number> {
  const old = await db
    .select({ id: newsArticles.id, matchId: newsArticles.matchId })
    .from(newsArticles)
    .where(
      and(
        eq(newsArticles.kind, 'report'),
        or(like(newsArticles.bodyZhhk, '%號球員%'), like(newsArticles.bodyZhcn, '%号球员%')),
      ),
    );
  let n = 0;
  for (const a of old) {
    if (!a.matchId) continue;
    const f = await reportFacts(db, a.matchId);
    if (!f) continue;
    await db.update(newsArticles).set(columns(f)).where(eq(newsArticles.id, a.id));
    n++;
  }
  return n;
}
