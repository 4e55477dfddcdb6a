/**
 * Follows between users. The relation is the one table `expert_follows` (user_id follows expert_id):
 * experts are users, so following an expert from the expert pages and following a fan from their page
 * are the same relation, and an expert's fan count counts both. Relation codes (spec §3), seen from the
 * viewer: 1 follow-me (they follow the viewer), 2 follow-each-other, 3 follow-him (the viewer follows
 * them), 0 none. (−2/−1 recommend and 4 request-follow belong to recommendations and private accounts,
 * which do not exist here.) A blacklist on either side refuses a follow (110403) and removes the users
 * from each other's lists.
 */
import { and, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { activities, expertFollows, experts, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { blockedIds } from '../chat';
import { sendMessage } from '../messages';

export const REL = { NONE: 0, FOLLOW_ME: 1, EACH_OTHER: 2, FOLLOW_HIM: 3 } as const;

/** A user by serial id ("123") or public id ("u_8f3a..."); deleted accounts are not found. */
export async function resolveUser(db: Db, ref: string | number): Promise<number> {
  const s = String(ref);
  const cond = /^\d{1,9}$/.test(s) ? eq(users.id, Number(s)) : eq(users.userExternal, s);
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(cond, isNull(users.deletedAt)));
  if (!u) throw new ApiError(E.NOT_FOUND);
  return u.id;
}

/** The viewer's relation code to each of `ids`. */
export async function relations(
  db: Db,
  viewerId: number | null,
  ids: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(ids.map((i) => [i, REL.NONE]));
  if (viewerId === null || !ids.length) return out;
  const [mine, theirs] = await Promise.all([
    db
      .select({ id: expertFollows.expertId })
      .from(expertFollows)
      .where(and(eq(expertFollows.userId, viewerId), inArray(expertFollows.expertId, ids))),
    db
      .select({ id: expertFollows.userId })
      .from(expertFollows)
      .where(and(eq(expertFollows.expertId, viewerId), inArray(expertFollows.userId, ids))),
  ]);
  const iFollow = new Set(mine.map((r) => r.id));
  const followsMe = new Set(theirs.map((r) => r.id));
  for (const i of ids) {
    out.set(
      i,
      iFollow.has(i) && followsMe.has(i)
        ? REL.EACH_OTHER
        : iFollow.has(i)
          ? REL.FOLLOW_HIM
          : followsMe.has(i)
            ? REL.FOLLOW_ME
            : REL.NONE,
    );
  }
  return out;
}

/**
 * `followerId` follows `followeeId`: the relation and the followee's new-follower message in one
 * transaction. Answers whether it is new (a repeated follow changes nothing and sends nothing).
 */
export async function addFollow(
  db: Db,
  followerId: number,
  followeeId: number,
  at = new Date(),
): Promise<boolean> {
  if (followerId === followeeId) throw new ApiError(E.FOLLOW_SELF);
  const blocked = await blockedIds(db, followerId);
  if (blocked.includes(followeeId)) throw new ApiError(E.NO_PERMISSION);
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(expertFollows)
      .values({ userId: followerId, expertId: followeeId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: expertFollows.expertId });
    if (!added.length) return false;
    await sendMessage(tx, {
      userId: followeeId,
      category: 'follow',
      kind: 'follow',
      actorId: followerId,
      at,
    });
    return true;
  });
}

export async function removeFollow(db: Db, followerId: number, followeeId: number): Promise<void> {
  await db
    .delete(expertFollows)
    .where(and(eq(expertFollows.userId, followerId), eq(expertFollows.expertId, followeeId)));
}

async function counts(db: Db, id: number) {
  const [row] = await rows(
    db,
    sql`select (select count(*) from expert_follows where user_id = ${id})::int as following,
               (select count(*) from expert_follows where expert_id = ${id})::int as followers,
               (select count(*) from activities where user_id = ${id} and hidden = false)::int as activities`,
  );
  return {
    following: Number(row?.following ?? 0),
    followers: Number(row?.followers ?? 0),
    activities: Number(row?.activities ?? 0),
  };
}

/**
 * The follow side of a user's page (the profile itself is the users module's
 * `/mdr/api/v1/users/{id}/profiles`): the viewer's relation, counts, expert badge.
 */
export async function followState(db: Db, viewerId: number | null, ref: string) {
  const id = await resolveUser(db, ref);
  const blocked = await blockedIds(db, viewerId);
  if (blocked.includes(id)) throw new ApiError(E.NOT_FOUND);
  const [[expert], rel, c] = await Promise.all([
    db.select({ status: experts.status }).from(experts).where(eq(experts.userId, id)),
    relations(db, viewerId, [id]),
    counts(db, id),
  ]);
  return {
    user_id: id,
    is_self: viewerId === id,
    is_expert: expert?.status === 'approved',
    relation: rel.get(id) ?? REL.NONE,
    following_count: c.following,
    follower_count: c.followers,
    activity_count: c.activities,
  };
}

/** A user's recent activities (the poster's page): hidden ones and blacklisted viewers see none. */
export async function userActivities(
  db: Db,
  viewerId: number | null,
  ref: string,
  page: number,
  size: number,
) {
  const id = await resolveUser(db, ref);
  const blocked = await blockedIds(db, viewerId);
  if (blocked.includes(id)) return { list: [], total: 0, page, size };
  const where = and(eq(activities.userId, id), eq(activities.hidden, false));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(activities).where(where);
  const rows = await db
    .select()
    .from(activities)
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    list: rows.map((r) => ({
      id: r.id,
      text: r.text,
      images: r.images ?? [],
      praise_count: r.praiseCount,
      comment_count: r.commentCount,
      created_at: r.createdAt.toISOString(),
      created_ms: r.createdAt.getTime(),
    })),
    total: Number(total),
    page,
    size,
  };
}

/**
 * Whom a user follows ('following') or who follows them ('followers'), newest first, each with the
 * viewer's relation code. Blacklisted users (either side of the viewer's list) are left out.
 */
export async function followees(
  db: Db,
  viewerId: number | null,
  ref: string,
  type: 'following' | 'followers',
  page: number,
  size: number,
) {
  const id = await resolveUser(db, ref);
  const blocked = await blockedIds(db, viewerId);
  const other = type === 'following' ? expertFollows.expertId : expertFollows.userId;
  const own = type === 'following' ? expertFollows.userId : expertFollows.expertId;
  const conds: SQL[] = [eq(own, id), isNull(users.deletedAt)];
  if (blocked.length) conds.push(notInArray(other, blocked));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(expertFollows)
    .innerJoin(users, eq(users.id, other))
    .where(where);
  const rows = await db
    .select({
      id: users.id,
      external: users.userExternal,
      nickname: users.nickname,
      avatar: users.avatar,
      desc: users.desc,
      at: expertFollows.createdAt,
    })
    .from(expertFollows)
    .innerJoin(users, eq(users.id, other))
    .where(where)
    .orderBy(desc(expertFollows.createdAt), desc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const ids = rows.map((r) => r.id);
  const [rel, ex] = await Promise.all([
    relations(db, viewerId, ids),
    ids.length
      ? db
          .select({ id: experts.userId })
          .from(experts)
          .where(and(inArray(experts.userId, ids), eq(experts.status, 'approved')))
      : Promise.resolve([]),
  ]);
  const isExpert = new Set(ex.map((e) => e.id));
  return {
    list: rows.map((r) => ({
      id: r.id,
      user_external: r.external,
      nickname: r.nickname,
      avatar: r.avatar,
      desc: r.desc,
      is_expert: isExpert.has(r.id),
      is_self: viewerId === r.id,
      relation: rel.get(r.id) ?? REL.NONE,
      followed_at: r.at.toISOString(),
    })),
    total: Number(total),
    page,
    size,
  };
}
