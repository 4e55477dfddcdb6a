/**
 * Dev/test fixtures on demand: a match between two seeded clubs of a competition at a chosen time.
 * Tests that need a scheduled, live or finished match make one here instead of hoping the generated
 * calendar holds one "today" (it does not at every hour: European slots leave Hong Kong mornings
 * empty). A start in the past is played by the feed at once (a finished or live match); a start in
 * the future is a scheduled match, numbered for the lottery lists when its competition has them.
 * How it will play (its sim seed) and its opening odds come from the provider.
 */
import { and, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, matches, teams } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { ensureOpeningOdds } from './catch-up';
import type { MatchRow } from './items';
import type { MatchFeed } from './live-contract';
import { lotteryNumbersFor } from './seed-numbering';

/** a club plays at most one match in this many hours either side */
const BUSY_MS = 6 * 3_600_000;

export interface DevFixtureInput {
  competition: string;
  startAt: Date;
  /** the timeline must hold a goal by this minute (a 0-0 would leave a test waiting forever) */
  goalBefore?: number;
}

export async function createDevFixture(db: Db, feed: MatchFeed, input: DevFixtureInput): Promise<MatchRow> {
  const [comp] = await db
    .select({ id: competitions.id, code: competitions.code, season: competitions.season })
    .from(competitions)
    .where(eq(competitions.code, input.competition));
  if (!comp) throw new ApiError(E.NOT_FOUND);
  const start = input.startAt;
  const clubs = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.competitionId, comp.id))
    .orderBy(teams.id);
  const ids = clubs.map((c) => c.id);
  const busyRows = ids.length
    ? await db
        .select({ home: matches.homeTeamId, away: matches.awayTeamId })
        .from(matches)
        .where(
          and(
            gte(matches.startAt, new Date(start.getTime() - BUSY_MS)),
            lt(matches.startAt, new Date(start.getTime() + BUSY_MS)),
            or(inArray(matches.homeTeamId, ids), inArray(matches.awayTeamId, ids)),
          ),
        )
    : [];
  const busy = new Set(busyRows.flatMap((r) => [r.home, r.away]));
  const free = ids.filter((id) => !busy.has(id));
  if (free.length < 2) throw new ApiError(E.BAD_REQUEST);
  // the busy check makes successive fixtures at one time pair different clubs
  const [home, away] = [free[0], free[1]];

  // the round and season of the competition's fixtures nearest that date, so the card reads right
  const [near] = await db
    .select({ round: matches.round, season: matches.season })
    .from(matches)
    .where(
      and(
        eq(matches.competitionId, comp.id),
        lt(matches.startAt, new Date(start.getTime() + 4 * 86_400_000)),
      ),
    )
    .orderBy(desc(matches.startAt))
    .limit(1);
  const [row] = await db
    .insert(matches)
    .values({
      competitionId: comp.id,
      season: near?.season ?? comp.season,
      round: near?.round ?? '1',
      homeTeamId: home,
      awayTeamId: away,
      startAt: start,
      status: 1,
    })
    .returning();
  const { simSeed } = await feed.kickoff(row, { goalBefore: input.goalBefore });
  const numbers = await lotteryNumbersFor(db, comp.code, start);
  const [saved] = await db
    .update(matches)
    .set({ simSeed, ...numbers })
    .where(eq(matches.id, row.id))
    .returning();
  await ensureOpeningOdds(db, feed);
  return saved;
}
