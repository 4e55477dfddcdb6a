/**
 * Chat moderation in live rooms: the room's owner, or an operator (console role reviewer), mutes a
 * viewer in the room's chat for some minutes or bans them from the room (for some minutes or until
 * revoked), and revokes either. Each write is one transaction with its ops_audit row (the actor may be
 * the owner: operator_id holds the acting user). Enforced by the chat's room guard (registered by
 * routes.ts): a ban refuses reading and sending, a mute refuses sending; and by the room page (a banned
 * viewer gets 170402 instead of the room).
 */
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { hasOpsRole } from '../../../contracts/ops-roles';
import type { Db } from '../../db';
import { liveRooms, liveSanctions, opsAudit, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

export type SanctionKind = 'mute' | 'ban';

/** The room's owner, or an operator who may moderate live rooms; else 110403. Answers the room. */
export async function assertModerator(db: Db, roomId: number, userId: number) {
  const [room] = await db
    .select({ id: liveRooms.id, creatorId: liveRooms.creatorId })
    .from(liveRooms)
    .where(eq(liveRooms.id, roomId));
  if (!room) throw new ApiError(E.NOT_FOUND);
  if (room.creatorId === userId) return room;
  const [u] = await db
    .select({ role: users.role, opsRoles: users.opsRoles })
    .from(users)
    .where(eq(users.id, userId));
  if (u?.role === 'operator' && hasOpsRole(u.opsRoles, 'reviewer')) return room;
  throw new ApiError(E.NO_PERMISSION);
}

const active = () => or(isNull(liveSanctions.until), gt(liveSanctions.until, now()));

/** The caller's sanction of a kind in the room that still holds (null when none). */
export async function activeSanction(db: Db, roomId: number, userId: number, kind: SanctionKind) {
  const [row] = await db
    .select({ until: liveSanctions.until })
    .from(liveSanctions)
    .where(
      and(
        eq(liveSanctions.roomId, roomId),
        eq(liveSanctions.userId, userId),
        eq(liveSanctions.kind, kind),
        active(),
      ),
    );
  return row ? { until: row.until ? row.until.toISOString() : null } : null;
}

/** 170402 when the viewer is banned from the room (the room page and its chat). */
export async function assertNotBanned(db: Db, roomId: number, userId: number | null): Promise<void> {
  if (userId === null) return;
  const ban = await activeSanction(db, roomId, userId, 'ban');
  if (ban) throw new ApiError(E.LIVE_ROOM_BANNED, ban);
}

/** The chat guard of "live-<id>" rooms: the room exists; banned viewers neither read nor send, muted ones do not send. */
export async function guardLiveChat(db: Db, roomId: number, userId: number | null, action: 'read' | 'send') {
  const [room] = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, roomId));
  if (!room) throw new ApiError(E.NOT_FOUND);
  await assertNotBanned(db, roomId, userId);
  if (action === 'send' && userId !== null) {
    const mute = await activeSanction(db, roomId, userId, 'mute');
    if (mute) throw new ApiError(E.LIVE_CHAT_MUTED, mute);
  }
}

/** Mute or ban a user in a room (minutes null: a ban until revoked); a repeat replaces the end time. */
export async function imposeSanction(
  db: Db,
  roomId: number,
  by: number,
  body: { user_id: number; kind: SanctionKind; minutes?: number | null },
) {
  const room = await assertModerator(db, roomId, by);
  if (body.user_id === room.creatorId) throw new ApiError(E.LIVE_SANCTION_OWNER);
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!target) throw new ApiError(E.NOT_FOUND);
  // a mute always ends; a ban without minutes holds until revoked
  const minutes = body.minutes ?? (body.kind === 'mute' ? 10 : null);
  const until = minutes === null ? null : new Date(now().getTime() + minutes * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(liveSanctions)
      .values({ roomId, userId: body.user_id, kind: body.kind, until, byUserId: by, createdAt: now() })
      .onConflictDoUpdate({
        target: [liveSanctions.roomId, liveSanctions.userId, liveSanctions.kind],
        set: { until, byUserId: by, createdAt: now() },
      });
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: `live.chat.${body.kind}`,
      targetType: 'live_room_user',
      targetId: `${roomId}:${body.user_id}`,
      reason: minutes === null ? 'until revoked' : `${minutes} min`,
    });
  });
  return {
    room_id: roomId,
    user_id: body.user_id,
    kind: body.kind,
    until: until ? until.toISOString() : null,
  };
}

/** Lift a user's mute or ban in a room (kind omitted: both). Revoking nothing is not an error. */
export async function revokeSanction(
  db: Db,
  roomId: number,
  by: number,
  userId: number,
  kind: SanctionKind | undefined,
) {
  await assertModerator(db, roomId, by);
  const revoked = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(liveSanctions)
      .where(
        and(
          eq(liveSanctions.roomId, roomId),
          eq(liveSanctions.userId, userId),
          ...(kind ? [eq(liveSanctions.kind, kind)] : []),
        ),
      )
      .returning({ kind: liveSanctions.kind });
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'live.chat.revoke',
      targetType: 'live_room_user',
      targetId: `${roomId}:${userId}`,
      reason: rows.length ? rows.map((r) => r.kind).join(',') : 'none',
    });
    return rows.map((r) => r.kind);
  });
  return { room_id: roomId, user_id: userId, revoked };
}

/** The room's muted and banned viewers whose sanction still holds, soonest end first (until revoked last). */
export async function listSanctions(db: Db, roomId: number, by: number) {
  await assertModerator(db, roomId, by);
  const rows = await db
    .select({
      user_id: liveSanctions.userId,
      kind: liveSanctions.kind,
      until: liveSanctions.until,
      created_at: liveSanctions.createdAt,
      nickname: users.nickname,
      avatar: users.avatar,
      user_external: users.userExternal,
    })
    .from(liveSanctions)
    .innerJoin(users, eq(users.id, liveSanctions.userId))
    .where(and(eq(liveSanctions.roomId, roomId), active()))
    .orderBy(asc(liveSanctions.until), asc(liveSanctions.userId));
  return {
    list: rows.map((r) => ({
      ...r,
      kind: r.kind as SanctionKind,
      until: r.until ? r.until.toISOString() : null,
      created_at: r.created_at.toISOString(),
    })),
  };
}
