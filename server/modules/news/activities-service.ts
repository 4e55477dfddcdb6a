/**
 * Fans' activities: plain text (rendered inert) with up to nine JPEG images the poster uploaded, and an
 * optional match or club tag. Publishing needs a verified real name (spec §6: 110011); a per-user rate
 * limit is checked under a per-user advisory lock, so it holds across nodes. Hidden posts are never
 * served. Comments, praise and collect are the news module's, with target type 'activity'.
 */
import { and, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { activities, matches, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { enforce, type RateLimiter, type RateRule } from '../../ratelimit';
import { blockedIds } from '../chat';
import { getRefs } from '../matches';
import { assertMayPost } from '../moderation';
import { assertOwnUploads, isRealNameVerified } from '../realname';
import { cleanText } from './comments-service';
import { hkIso } from './items';
import { viewerState } from './reactions';

export const ACTIVITY_LIMITS = { max: 1000, images: 9, minIntervalMs: 30_000, perHour: 10 };
/** ACTIVITY_LIMITS as limiter rules (the same limits across nodes) */
export const ACTIVITY_RULES: readonly RateRule[] = [
  { limit: 1, windowMs: ACTIVITY_LIMITS.minIntervalMs },
  { limit: ACTIVITY_LIMITS.perHour, windowMs: 3_600_000 },
];

type Row = typeof activities.$inferSelect & { userExternal: string; nickname: string; avatar: string };

const columns = {
  a: activities,
  userExternal: users.userExternal,
  nickname: users.nickname,
  avatar: users.avatar,
};

async function toWire(db: Db, rows: Row[], lang: Lang) {
  const refs = await getRefs(db);
  const matchIds = [...new Set(rows.map((r) => r.matchId).filter((x): x is number => !!x))];
  const ms = matchIds.length
    ? await db
        .select({
          id: matches.id,
          home: matches.homeTeamId,
          away: matches.awayTeamId,
          comp: matches.competitionId,
        })
        .from(matches)
        .where(inArray(matches.id, matchIds))
    : [];
  const byMatch = new Map(ms.map((m) => [m.id, m]));
  return rows.map((r) => {
    const m = r.matchId ? byMatch.get(r.matchId) : undefined;
    const club = r.clubId ? refs.teams.get(r.clubId) : undefined;
    const name = (id: number) => refs.teams.get(id)?.short[lang] ?? '';
    return {
      id: r.id,
      text: r.text,
      images: r.images ?? [],
      created_at: hkIso(r.createdAt.getTime()),
      created_ms: r.createdAt.getTime(),
      user: { id: r.userId, user_external: r.userExternal, nickname: r.nickname, avatar: r.avatar },
      match: m
        ? {
            id: m.id,
            title:
              `${refs.competitions.get(m.comp)?.short[lang] ?? ''} ${name(m.home)} vs ${name(m.away)}`.trim(),
          }
        : null,
      club: club ? { id: club.id, name: club.short[lang] } : null,
      praise_count: r.praiseCount,
      comment_count: r.commentCount,
      collect_count: r.collectCount,
    };
  });
}

const flat = (r: {
  a: typeof activities.$inferSelect;
  userExternal: string;
  nickname: string;
  avatar: string;
}) => ({ ...r.a, userExternal: r.userExternal, nickname: r.nickname, avatar: r.avatar }) as Row;

export async function activityFeed(
  db: Db,
  lang: Lang,
  page: number,
  size: number,
  viewerId: number | null = null,
) {
  // posts of users on either side of the viewer's blacklist are not shown
  const blocked = await blockedIds(db, viewerId);
  const where = and(
    eq(activities.hidden, false),
    blocked.length ? notInArray(activities.userId, blocked) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(activities).where(where);
  const rows = await db
    .select(columns)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(size)
    .offset((page - 1) * size);
  return { list: await toWire(db, rows.map(flat), lang), total, page, size };
}

/** Visible activities by id, as the feed serves them, in the order of `ids`; posts of people on either side of the viewer's blacklist are left out. */
export async function activitiesByIds(db: Db, ids: number[], lang: Lang, viewerId: number | null) {
  if (!ids.length) return [];
  const blocked = await blockedIds(db, viewerId);
  const rows = await db
    .select(columns)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(
      and(
        inArray(activities.id, ids),
        eq(activities.hidden, false),
        blocked.length ? notInArray(activities.userId, blocked) : undefined,
      ),
    );
  const order = new Map(ids.map((id, i) => [id, i]));
  const list = rows.map(flat).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toWire(db, list, lang);
}

export async function activityDetail(db: Db, id: number, lang: Lang, viewerId: number | null) {
  const [row] = await db
    .select(columns)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(and(eq(activities.id, id), eq(activities.hidden, false)));
  if (!row) throw new ApiError(E.NOT_FOUND);
  const [item] = await toWire(db, [flat(row)], lang);
  return { ...item, ...(await viewerState(db, 'activity', id, viewerId)) };
}

export interface ActivityInput {
  text: string;
  images?: string[];
  match_id?: number;
  club_id?: number;
}

export async function postActivity(
  db: Db,
  userId: number,
  input: ActivityInput,
  nowMs: number,
  lang: Lang,
  limiter?: RateLimiter,
) {
  if (!(await isRealNameVerified(db, userId))) throw new ApiError(E.REAL_NAME_REQUIRED);
  await assertMayPost(db, userId, nowMs);
  const text = cleanText(input.text);
  if (!text) throw new ApiError(E.COMMENT_EMPTY);
  if ([...text].length > ACTIVITY_LIMITS.max)
    throw new ApiError(E.COMMENT_TOO_LONG, { max: ACTIVITY_LIMITS.max });
  const images = [...new Set(input.images ?? [])];
  if (images.length > ACTIVITY_LIMITS.images)
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/images', keyword: 'maxItems' });
  if (images.some((u) => !/\.jpe?g$/i.test(u)))
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/images', keyword: 'jpeg' });
  await assertOwnUploads(db, userId, Object.fromEntries(images.map((u, i) => [`/images/${i}`, u])));
  if (input.match_id) {
    const [m] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, input.match_id));
    if (!m) throw new ApiError(E.NOT_FOUND);
  }
  if (input.club_id && !(await getRefs(db, [input.club_id])).teams.has(input.club_id))
    throw new ApiError(E.NOT_FOUND);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x61637476}, ${userId})`);
    const recent = await tx
      .select({ at: activities.createdAt })
      .from(activities)
      .where(
        and(
          eq(activities.userId, userId),
          gte(activities.createdAt, new Date(nowMs - 3600_000)),
          lte(activities.createdAt, new Date(nowMs)),
        ),
      )
      .orderBy(desc(activities.createdAt));
    const wait = Math.max(
      recent.length ? recent[0].at.getTime() + ACTIVITY_LIMITS.minIntervalMs - nowMs : 0,
      recent.length >= ACTIVITY_LIMITS.perHour
        ? recent[ACTIVITY_LIMITS.perHour - 1].at.getTime() + 3600_000 - nowMs
        : 0,
    );
    if (wait > 0) throw new ApiError(E.COMMENT_TOO_FAST, { retry_after_ms: Math.ceil(wait) });
    if (limiter) await enforce(limiter, `activity:${userId}`, ACTIVITY_RULES, nowMs, E.COMMENT_TOO_FAST);
    const [row] = await tx
      .insert(activities)
      .values({
        userId,
        text,
        images,
        matchId: input.match_id ?? null,
        clubId: input.club_id ?? null,
        createdAt: new Date(nowMs),
      })
      .returning({ id: activities.id });
    return row.id;
  });
  return activityDetail(db, id, lang, userId);
}

/** Hide or restore a post (operators, audited by the caller). */
export async function setActivityHidden(db: Pick<Db, 'update'>, id: number, hidden: boolean): Promise<void> {
  const rows = await db
    .update(activities)
    .set({ hidden })
    .where(eq(activities.id, id))
    .returning({ id: activities.id });
  if (!rows.length) throw new ApiError(E.NOT_FOUND);
}
