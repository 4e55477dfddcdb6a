/**
 * Session tokens: opaque random strings, stored only as sha256. Resolving a token tells apart the
 * cases the client reacts to differently (unknown, expired, kicked by a newer login).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { runPrepared } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { now, nowMs } from '../../http/clock';
import { E } from '../../http/errors';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  token: string;
  sessionId: number;
  expiresIn: number;
}

export async function issueSession(
  db: Db,
  opts: { userId: number | null; ttlDays: number; deviceUuid?: string | null; device?: string | null },
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresIn = Math.round(opts.ttlDays * 86400);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: opts.userId,
      deviceUuid: opts.deviceUuid ?? null,
      device: opts.device ?? null,
      createdAt: now(),
      lastSeenAt: now(),
      expiresAt: new Date(nowMs() + expiresIn * 1000),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id, expiresIn };
}

export type ResolvedSession =
  | { ok: true; sessionId: number; userId: number | null }
  | { ok: false; code: number };

export async function resolveToken(db: Db, token: string): Promise<ResolvedSession> {
  // on every authenticated call: a prepared statement (planned once on PGlite, see db/prepared.ts)
  const [row] = await runPrepared(
    db,
    'auth_resolve_token',
    sql`select id, user_id, expires_at, revoked_at, revoked_reason, last_seen_at from sessions
        where token_hash = ${hashToken(token)} limit 1`,
  );
  if (!row) return { ok: false, code: E.TOKEN_UNKNOWN };
  if (row.revoked_at !== null)
    return { ok: false, code: row.revoked_reason === 'kicked' ? E.TOKEN_KICKED : E.TOKEN_UNKNOWN };
  if (new Date(row.expires_at as string | Date).getTime() <= nowMs())
    return { ok: false, code: E.TOKEN_EXPIRED };
  if (row.user_id !== null) await touch(db, Number(row.id), row.last_seen_at as string | Date | null);
  return { ok: true, sessionId: Number(row.id), userId: row.user_id === null ? null : Number(row.user_id) };
}

const TOUCH_EVERY_MS = 60_000;

/**
 * "Last seen" of the devices list. Written only when the stored value is a minute old, so a burst of
 * calls costs one write; the guard in the WHERE keeps parallel requests from all writing.
 */
async function touch(db: Db, sessionId: number, lastSeen: string | Date | null): Promise<void> {
  if (lastSeen !== null && nowMs() - new Date(lastSeen).getTime() < TOUCH_EVERY_MS) return;
  const stale = new Date(nowMs() - TOUCH_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now() })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
}

export type RevokeReason = 'kicked' | 'password' | 'signed_out' | 'deletion';

/** Revokes the user's live sessions except one; returns the ids revoked (to notify their sockets). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  exceptSessionId?: number,
): Promise<number[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function revokeSession(db: Db, sessionId: number, reason: 'logout'): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The signed-in devices of a user: live (unrevoked, unexpired) sessions, most recently seen first. */
export async function listUserSessions(db: Db, userId: number, currentSessionId: number | null) {
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((r) => {
    const seen = r.lastSeenAt ?? r.createdAt;
    return {
      id: r.id,
      device: r.device ?? '',
      created_ms: r.createdAt.getTime(),
      last_seen_at: seen.toISOString(),
      last_seen_ms: seen.getTime(),
      current: r.id === currentSessionId,
    };
  });
}
