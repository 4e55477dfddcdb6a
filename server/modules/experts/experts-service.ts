/**
 * Expert directory: lists by kind, an expert's home, statistics over windows, rankings and follows.
 * Only approved experts are listed (a banned expert keeps history but leaves the lists).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { expertFollows, experts } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { addFollow, removeFollow } from '../follows';
import { type ExpertSummary, expertSummaries, hasActiveSubscription, rate } from '../plans';

export type ExpertListType = 'all' | 'nine' | 'free' | 'hot';

async function followedSet(db: Db, userId: number | null, ids: number[]): Promise<Set<number>> {
  if (userId === null || !ids.length) return new Set();
  const found = await rows(
    db,
    sql`select expert_id from expert_follows where user_id = ${userId}
        and expert_id = any(array[${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}]::int[])`,
  );
  return new Set(found.map((r) => Number(r.expert_id)));
}

async function decorate(db: Db, userId: number | null, found: Row[]) {
  const ids = found.map((r) => Number(r.id));
  const [summaries, followed] = await Promise.all([expertSummaries(db, ids), followedSet(db, userId, ids)]);
  return found.map((r) => ({
    ...(summaries.get(Number(r.id)) as ExpertSummary),
    open_plans: Number(r.open_plans ?? 0),
    followers: Number(r.followers ?? 0),
    followed: followed.has(Number(r.id)),
  }));
}

export async function listExperts(
  db: Db,
  type: ExpertListType,
  page: number,
  size: number,
  userId: number | null,
) {
  const at = now();
  const filter =
    type === 'nine'
      ? sql`and exists (select 1 from plans p where p.expert_id = e.user_id and p.play_type = 'rx9')`
      : type === 'free'
        ? sql`and exists (select 1 from plans p where p.expert_id = e.user_id and p.price = 0
                            and p.settle_state = 0 and p.close_at > ${at})`
        : sql``;
  const order =
    type === 'hot'
      ? sql`sales desc, followers desc, e.user_id`
      : sql`case when coalesce(s.predicted_count, 0) = 0 then 0
                 else s.predicted_hits::float / s.predicted_count end desc, open_plans desc, e.user_id`;
  const found = await rows(
    db,
    sql`select e.user_id as id,
          (select count(*) from plans p where p.expert_id = e.user_id and p.settle_state = 0
             and p.close_at > ${at})::int as open_plans,
          (select count(*) from expert_follows f where f.expert_id = e.user_id)::int as followers,
          (select coalesce(sum(p.buy_count), 0) from plans p where p.expert_id = e.user_id)::int as sales
        from experts e left join expert_stats s on s.expert_id = e.user_id
        where e.status = 'approved' ${filter}
        order by ${order}
        limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ total }] = await rows(
    db,
    sql`select count(*)::int as total from experts e where e.status = 'approved' ${filter}`,
  );
  return { list: await decorate(db, userId, found), total: Number(total), page, size };
}

export async function expertStatistics(db: Db, expertId: number) {
  const settled = await rows(
    db,
    sql`select hit, settled_at from plans where expert_id = ${expertId} and settle_state = 1
        order by close_at desc, id desc limit 1000`,
  );
  const [summary] = [...(await expertSummaries(db, [expertId])).values()];
  if (!summary) throw new ApiError(E.NOT_FOUND);
  const at = now().getTime();
  const windows = [7, 15, 30].map((days) => {
    const inWindow = settled.filter(
      (r) => at - new Date(String(r.settled_at)).getTime() <= days * 86_400_000,
    );
    const hits = inWindow.filter((r) => r.hit === true).length;
    return { days, count: inWindow.length, hits, hit_rate: rate(hits, inWindow.length) };
  });
  const lasts = [3, 5, 10].map((n) => {
    const last = settled.slice(0, n);
    const hits = last.filter((r) => r.hit === true).length;
    return {
      last: n,
      count: last.length,
      hits,
      hit_rate: rate(hits, last.length),
      results: last.map((r) => r.hit === true),
    };
  });
  const recent = lasts[2];
  return {
    expert_id: expertId,
    predicted_count: summary.predicted_count,
    predicted_hits: summary.predicted_hits,
    hit_rate: summary.hit_rate,
    recent_count: recent.count,
    recent_hits: recent.hits,
    recent_hit_rate: recent.hit_rate,
    current_streak: summary.current_streak,
    best_streak: summary.best_streak,
    windows,
    lasts,
  };
}

export async function expertHome(db: Db, expertId: number, userId: number | null) {
  const [e] = await db.select().from(experts).where(eq(experts.userId, expertId));
  if (!e) throw new ApiError(E.NOT_FOUND);
  const [stats, followed, [{ followers }]] = await Promise.all([
    expertStatistics(db, expertId),
    followedSet(db, userId, [expertId]),
    rows(db, sql`select count(*)::int as followers from expert_follows where expert_id = ${expertId}`),
  ]);
  const summary = (await expertSummaries(db, [expertId])).get(expertId);
  return {
    ...summary,
    status: e.status,
    followers: Number(followers),
    followed: followed.has(expertId),
    subscribed: userId !== null && userId !== expertId && (await hasActiveSubscription(db, userId, expertId)),
    is_self: userId === expertId,
    statistics: stats,
  };
}

export type RankPeriod = 'week' | 'month' | 'season';

/** Start of the ranking window: last 7 days, last 30 days, or the season (from 1 August). */
export function periodStart(period: RankPeriod, at = now()): Date {
  if (period === 'week') return new Date(at.getTime() - 7 * 86_400_000);
  if (period === 'month') return new Date(at.getTime() - 30 * 86_400_000);
  const year = at.getUTCMonth() >= 7 ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  return new Date(Date.UTC(year, 7, 1) - 8 * 3600_000);
}

export async function rankings(db: Db, period: RankPeriod, size: number, userId: number | null) {
  const since = periodStart(period);
  const found = await rows(
    db,
    sql`select p.expert_id as id, count(*)::int as n, (count(*) filter (where p.hit))::int as h
        from plans p join experts e on e.user_id = p.expert_id and e.status = 'approved'
        where p.settle_state = 1 and p.settled_at >= ${since}
        group by p.expert_id
        order by (count(*) filter (where p.hit))::float / count(*) desc, h desc, p.expert_id
        limit ${size}`,
  );
  const decorated = await decorate(db, userId, found);
  return {
    period,
    since_ms: since.getTime(),
    list: decorated.map((d, i) => ({
      rank: i + 1,
      ...d,
      period_count: Number(found[i].n),
      period_hits: Number(found[i].h),
      period_hit_rate: rate(Number(found[i].h), Number(found[i].n)),
    })),
  };
}

export async function follow(db: Db, userId: number, expertId: number) {
  if (userId === expertId) throw new ApiError(E.FOLLOW_SELF);
  const [e] = await db.select({ id: experts.userId }).from(experts).where(eq(experts.userId, expertId));
  if (!e) throw new ApiError(E.NOT_FOUND);
  // the one follow relation between users (the follows module), which also tells the expert
  await addFollow(db, userId, expertId);
  return { expert_id: expertId, followed: true };
}

export async function unfollow(db: Db, userId: number, expertId: number) {
  await removeFollow(db, userId, expertId);
  return { expert_id: expertId, followed: false };
}

export async function myFollows(db: Db, userId: number, page: number, size: number) {
  const found = await db
    .select({ id: expertFollows.expertId })
    .from(expertFollows)
    // the relation holds follows of any user: this list is the followed experts only
    .innerJoin(experts, and(eq(experts.userId, expertFollows.expertId), eq(experts.status, 'approved')))
    .where(eq(expertFollows.userId, userId))
    .orderBy(desc(expertFollows.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const [{ total }] = await rows(
    db,
    sql`select count(*)::int as total from expert_follows f join experts e on e.user_id = f.expert_id
        and e.status = 'approved' where f.user_id = ${userId}`,
  );
  return { list: await decorate(db, userId, found as Row[]), total: Number(total), page, size };
}
