/** Finding and creating accounts by phone or email. */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { now } from '../../http/clock';
import type { Target } from './targets';

export type UserRow = typeof users.$inferSelect;

export function newUserExternal(): string {
  return `u_${randomBytes(8).toString('hex')}`;
}

function whereTarget(target: Target) {
  return target.kind === 'phone'
    ? and(eq(users.areaCode, target.areaCode), eq(users.phone, target.phone))
    : eq(users.email, target.email);
}

export async function findUser(db: Db, target: Target): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(whereTarget(target)).limit(1);
  return row;
}

/** Default nickname of an account created by code login: "球迷" and four digits, editable later. */
function defaultNickname(target: Target): string {
  const digits =
    target.kind === 'phone' ? target.phone.slice(-4) : String(randomInt(0, 10_000)).padStart(4, '0');
  return `球迷${digits}`;
}

/** The account of this phone/email, created on first code login; safe against concurrent first logins. */
export async function findOrCreateUser(db: Db, target: Target): Promise<UserRow> {
  const existing = await findUser(db, target);
  if (existing) return existing;
  await db
    .insert(users)
    .values({
      userExternal: newUserExternal(),
      areaCode: target.kind === 'phone' ? target.areaCode : null,
      phone: target.kind === 'phone' ? target.phone : null,
      email: target.kind === 'email' ? target.email : null,
      nickname: defaultNickname(target),
      createdAt: now(),
      updatedAt: now(),
    })
    .onConflictDoNothing();
  const created = await findUser(db, target);
  if (!created) throw new Error('user neither found nor created');
  return created;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
}
