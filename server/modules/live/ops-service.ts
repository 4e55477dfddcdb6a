/**
 * Operators and live streams (console role reviewer): grant the creator role (real name verified
 * first), ban a creator for some days (their live room is ended), end a stream. Each is one
 * transaction with its ops_audit row.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveCreators, liveRooms, opsAudit, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { isRealNameVerified } from '../realname';

export async function grantCreator(db: Db, userId: number, by: number) {
  const [u] = await db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!u || u.deletedAt) throw new ApiError(E.NOT_FOUND);
  if (!(await isRealNameVerified(db, userId))) throw new ApiError(E.REAL_NAME_REQUIRED);
  await db.transaction(async (tx) => {
    await tx.insert(liveCreators).values({ userId, grantedBy: by }).onConflictDoNothing();
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

/** Ends the creator's open rooms too; answers the ids of the rooms ended (their streams are cut by the caller). */
export async function banCreator(db: Db, userId: number, days: number, reason: string, by: number) {
  const until = new Date(now().getTime() + days * 86_400_000);
  return db.transaction(async (tx) => {
    const [c] = await tx
      .update(liveCreators)
      .set({ bannedUntil: until })
      .where(eq(liveCreators.userId, userId))
      .returning();
    if (!c) throw new ApiError(E.NOT_FOUND);
    const ended = await tx
      .update(liveRooms)
      .set({ status: 'ended', endedAt: now() })
      .where(and(eq(liveRooms.creatorId, userId), inArray(liveRooms.status, ['idle', 'live'])))
      .returning({ id: liveRooms.id });
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'live.creator.ban',
      targetType: 'user',
      targetId: String(userId),
      reason: `${days}d: ${reason}`,
    });
    return { user_id: userId, banned_until: until.toISOString(), ended_rooms: ended.map((r) => r.id) };
  });
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
