/**
 * Operators and live streams (console role reviewer): grant the creator role (real name verified
 * first), ban a creator for some days (their live room is ended), end a stream, rotate a room's stream
 * key (the running stream is cut by the caller). Each write is one transaction with its ops_audit row.
 * The console lists rooms (live, ended, idle or all) with their viewers, gifts and coins.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveCreators, liveGifts, liveRooms, opsAudit, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { isRealNameVerified } from '../realname';
import { newStreamKey, type RoomStatus, withCreators } from './rooms-service';

export async function grantCreator(db: Db, userId: number, by: number) {
  const [u] = await db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!u || u.deletedAt) throw new ApiError(E.NOT_FOUND);
  if (!(await isRealNameVerified(db, userId))) throw new ApiError(E.REAL_NAME_REQUIRED);
  await db.transaction(async (tx) => {
    // granting again lifts a ban
    await tx
      .insert(liveCreators)
      .values({ userId, grantedBy: by })
      .onConflictDoUpdate({
        target: liveCreators.userId,
        set: { bannedUntil: null, banReason: null, grantedBy: by },
      });
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'live.creator.grant',
      targetType: 'user',
      targetId: String(userId),
      reason: '—',
    });
  });
  return { user_id: userId, banned_until: null };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** In the caller's transaction: end the creator's open rooms and write the audit row; answers the rooms ended. */
async function endCreatorRooms(tx: Tx, userId: number, by: number, action: string, reason: string) {
  const ended = await tx
    .update(liveRooms)
    .set({ status: 'ended', endedAt: now() })
    .where(and(eq(liveRooms.creatorId, userId), inArray(liveRooms.status, ['idle', 'live'])))
    .returning({ id: liveRooms.id });
  await tx
    .insert(opsAudit)
    .values({ operatorId: by, action, targetType: 'user', targetId: String(userId), reason });
  return ended.map((r) => r.id);
}

/** Ends the creator's open rooms too; answers the ids of the rooms ended (their streams are cut by the caller). */
export async function banCreator(db: Db, userId: number, days: number, reason: string, by: number) {
  const until = new Date(now().getTime() + days * 86_400_000);
  return db.transaction(async (tx) => {
    const [c] = await tx
      .update(liveCreators)
      .set({ bannedUntil: until, banReason: reason })
      .where(eq(liveCreators.userId, userId))
      .returning();
    if (!c) throw new ApiError(E.NOT_FOUND);
    const ended = await endCreatorRooms(tx, userId, by, 'live.creator.ban', `${days}d: ${reason}`);
    return { user_id: userId, banned_until: until.toISOString(), ended_rooms: ended };
  });
}

/** Take the creator right away (their open rooms end); answers the ids of the rooms ended. */
export async function revokeCreator(db: Db, userId: number, reason: string, by: number) {
  return db.transaction(async (tx) => {
    const [c] = await tx.delete(liveCreators).where(eq(liveCreators.userId, userId)).returning();
    if (!c) throw new ApiError(E.NOT_FOUND);
    const ended = await endCreatorRooms(tx, userId, by, 'live.creator.revoke', reason);
    return { user_id: userId, ended_rooms: ended };
  });
}

/** The creators, newest grant first, with their ban (if it holds) and how many rooms they opened. */
export async function opsCreators(db: Db, q: { page: number; size: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        user_id: liveCreators.userId,
        nickname: users.nickname,
        user_external: users.userExternal,
        avatar: users.avatar,
        granted_at: liveCreators.createdAt,
        banned_until: liveCreators.bannedUntil,
        ban_reason: liveCreators.banReason,
        rooms: sql<number>`(select count(*)::int from ${liveRooms} where ${liveRooms.creatorId} = ${liveCreators.userId})`,
      })
      .from(liveCreators)
      .innerJoin(users, eq(users.id, liveCreators.userId))
      .orderBy(desc(liveCreators.createdAt), desc(liveCreators.userId))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(liveCreators),
  ]);
  const at = now().getTime();
  return {
    list: rows.map((r) => {
      const banned = !!r.banned_until && r.banned_until.getTime() > at;
      return {
        ...r,
        granted_at: r.granted_at.toISOString(),
        banned,
        banned_until: banned && r.banned_until ? r.banned_until.toISOString() : null,
        ban_reason: banned ? r.ban_reason : null,
      };
    }),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function opsEndRoom(db: Db, roomId: number, reason: string, by: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
    if (!row) throw new ApiError(E.NOT_FOUND);
    if (row.status !== 'ended')
      await tx
        .update(liveRooms)
        .set({ status: 'ended', endedAt: now(), startedAt: row.startedAt ?? now() })
        .where(eq(liveRooms.id, roomId));
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'live.room.end',
      targetType: 'live_room',
      targetId: String(roomId),
      reason,
    });
    return { id: roomId, status: 'ended' as const };
  });
}

export async function opsRooms(db: Db, q: { status?: RoomStatus | 'all'; page: number; size: number }) {
  const where = q.status && q.status !== 'all' ? eq(liveRooms.status, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(liveRooms)
      .where(where)
      // live first, then the newest
      .orderBy(sql`(${liveRooms.status} = 'live') desc`, desc(liveRooms.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(liveRooms).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const sums = ids.length
    ? await db
        .select({
          roomId: liveGifts.roomId,
          gifts: sql<number>`count(*)::int`,
          coins: sql<number>`sum(${liveGifts.price})::int`,
        })
        .from(liveGifts)
        .where(inArray(liveGifts.roomId, ids))
        .groupBy(liveGifts.roomId)
    : [];
  const byRoom = new Map(sums.map((s) => [s.roomId, s]));
  const list = (await withCreators(db, rows)).map((r) => ({
    ...r,
    gifts: byRoom.get(r.id)?.gifts ?? 0,
    coins: byRoom.get(r.id)?.coins ?? 0,
  }));
  return { list, total, page: q.page, size: q.size };
}

/** A new secret key for the room (the old one stops working at once); audited with the reason. */
export async function opsRotateKey(db: Db, roomId: number, reason: string, by: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
    if (!row) throw new ApiError(E.NOT_FOUND);
    if (row.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
    await tx.update(liveRooms).set({ streamKey: newStreamKey() }).where(eq(liveRooms.id, roomId));
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'live.room.key',
      targetType: 'live_room',
      targetId: String(roomId),
      reason,
    });
    return { id: roomId, status: row.status, rotated: true };
  });
}
