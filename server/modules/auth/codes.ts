/**
 * SMS and email verification codes: 6 digits, 5 minutes, one send per target per 60 s, hourly caps
 * per IP and per target, 5 attempts burn a code (counted before comparing). Only the newest code of a target and scene
 * counts; sending a new one retires the older ones.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { verificationCodes } from '../../db/schema';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Target } from './targets';
import { targetKey } from './targets';

export const CODE_TTL_S = 300;
export const RESEND_S = 60;
export const MAX_ATTEMPTS = 5;
const HOUR_MS = 3600_000;

export type CodeScene = 'login' | 'reset' | 'bind_old' | 'bind_new' | 'bind_ticket';

function hashCode(key: string, code: string): Buffer {
  return createHash('sha256').update(`${key}|${code}`).digest();
}

export interface CodeLimits {
  perIpPerHour: number;
  perTargetPerHour: number;
}

/** Throws 100104 (too soon) or 100429 (hourly caps) when this target or IP may not get a code now. */
export async function assertMaySend(db: Db, target: Target, ip: string, limits: CodeLimits): Promise<void> {
  const key = targetKey(target);
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, key))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (latest && nowMs() - latest.createdAt.getTime() < RESEND_S * 1000) throw new ApiError(E.CODE_TOO_SOON);
  const since = new Date(nowMs() - HOUR_MS);
  const [perTarget] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, key), gt(verificationCodes.createdAt, since)));
  if (perTarget.n >= limits.perTargetPerHour) throw new ApiError(E.TOO_MANY);
  const [perIp] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
  if (perIp.n >= limits.perIpPerHour) throw new ApiError(E.TOO_MANY);
}

/** Stores a fresh code (retiring older unspent ones of the same scene) and returns it with its row id. */
export async function createCode(
  db: Db,
  input: { target: Target; scene: CodeScene; ip: string; code?: string },
): Promise<{ id: number; code: string }> {
  const key = targetKey(input.target);
  const code = input.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(verificationCodes)
    .set({ consumedAt: now() })
    .where(
      and(
        eq(verificationCodes.target, key),
        eq(verificationCodes.scene, input.scene),
        isNull(verificationCodes.consumedAt),
      ),
    );
  const [row] = await db
    .insert(verificationCodes)
    .values({
      channel: input.target.kind === 'phone' ? 'sms' : 'email',
      target: key,
      scene: input.scene,
      codeHash: hashCode(key, code).toString('hex'),
      ip: input.ip,
      createdAt: now(),
      expiresAt: new Date(nowMs() + CODE_TTL_S * 1000),
    })
    .returning({ id: verificationCodes.id });
  return { id: row.id, code };
}

/** A code whose message could not be sent must not block a retry for 60 s. */
export async function discardCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/**
 * Spends the code if it matches. The attempt is counted *before* the comparison, by one conditional
 * UPDATE on the newest live code (attempts < 5 is re-checked on the locked row), so parallel guesses
 * compare at most 5 times in all. Throws 100102 (wrong, expired or none) or 100103 (attempts used up:
 * a new code is needed).
 */
export async function consumeCode(db: Db, target: Target, scene: CodeScene, code: string): Promise<void> {
  const key = targetKey(target);
  const live = and(
    eq(verificationCodes.target, key),
    eq(verificationCodes.scene, scene),
    isNull(verificationCodes.consumedAt),
  );
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(live)
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, sql`(${newest})`),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, MAX_ATTEMPTS),
        gt(verificationCodes.expiresAt, now()),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    });
  if (!row) {
    // nothing counted: say why (used up, or no live code at all)
    const [last] = await db
      .select({ attempts: verificationCodes.attempts, expiresAt: verificationCodes.expiresAt })
      .from(verificationCodes)
      .where(live)
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    const usedUp = last && last.expiresAt.getTime() > nowMs() && last.attempts >= MAX_ATTEMPTS;
    throw new ApiError(usedUp ? E.CODE_ATTEMPTS : E.CODE_WRONG);
  }

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = hashCode(key, code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new ApiError(row.attempts >= MAX_ATTEMPTS ? E.CODE_ATTEMPTS : E.CODE_WRONG);
  }
  // the consumedAt guard makes two concurrent uses of one code succeed only once
  const spent = await db
    .update(verificationCodes)
    .set({ consumedAt: now() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw new ApiError(E.CODE_WRONG);
}
