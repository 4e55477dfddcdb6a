/**
 * Account and security of a signed-in user (screen /me/account/security): change the password with
 * the old one, bind another phone or email, and the signed-in devices with "sign out others".
 *
 * Binding is two steps when something is bound already: a code to the *current* phone/email proves the
 * owner is present (a stolen session alone cannot move the account to the thief's number), and answers
 * a ticket; then a code to the *new* one proves it is theirs. The ticket is stored like a code (scene
 * 'bind_ticket', hashed, 5 minutes, 5 attempts) so no new table or signing key is needed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { now } from '../../http/clock';
import type { AuthBindBody, AuthPasswordChangeBody } from '../../http/data-schemas.gen';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { consumeCode, createCode } from './codes';
import { decryptPassword } from './keys';
import { reservePasswordAttempt } from './password-throttle';
import { hashPassword, meetsPasswordPolicy, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { emailTarget, phoneTarget, type Target } from './targets';

type Channel = 'phone' | 'email';

async function userRow(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row || row.deletedAt) throw new ApiError(E.NOT_LOGGED_IN);
  return row;
}

/**
 * Wrong old password: 100105 (the login's "wrong password"). Attempts are counted per account like
 * login attempts, so a stolen session cannot guess the password at full speed. Afterwards every other
 * session ends, as after a reset.
 */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  sessionId: number | null,
  body: AuthPasswordChangeBody,
  ip: string,
): Promise<void> {
  const { db } = deps;
  const user = await userRow(db, userId);
  const next = await decryptPassword(db, body.new_password, '/new_password');
  if (!meetsPasswordPolicy(next)) throw new ApiError(E.PASSWORD_POLICY);
  if (user.passwordHash) {
    if (!body.old_password) throw new ApiError(E.WRONG_PASSWORD);
    const old = await decryptPassword(db, body.old_password, '/old_password');
    await reservePasswordAttempt(db, `change:${userId}`, ip);
    if (!(await verifyPassword(old, user.passwordHash))) throw new ApiError(E.WRONG_PASSWORD);
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), updatedAt: now() })
    .where(eq(users.id, userId));
  const ended = await revokeUserSessions(db, userId, 'password', sessionId ?? undefined);
  await Promise.all(ended.map((id) => deps.hub.sendToSession(id, { type: 'logout' })));
}

function currentTarget(user: typeof users.$inferSelect, channel: Channel): Target {
  if (channel === 'phone') {
    if (!user.phone || !user.areaCode) throw new ApiError(E.NOTHING_BOUND);
    return phoneTarget(user.areaCode, user.phone);
  }
  if (!user.email) throw new ApiError(E.NOTHING_BOUND);
  return emailTarget(user.email);
}

export function newTarget(body: {
  channel: Channel;
  area_code?: string;
  phone?: string;
  email?: string;
}): Target {
  if (body.channel === 'phone') {
    if (!body.area_code || !body.phone)
      throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/phone', keyword: 'required' });
    return phoneTarget(body.area_code, body.phone);
  }
  if (!body.email) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/email', keyword: 'required' });
  return emailTarget(body.email);
}

/** Where a binding code of this step goes (the send itself, limits included, is the routes' sendCode). */
export async function bindCodeTarget(
  db: Db,
  userId: number,
  body: { step: 'old' | 'new'; channel: Channel; area_code?: string; phone?: string; email?: string },
): Promise<Target> {
  const user = await userRow(db, userId);
  return body.step === 'old' ? currentTarget(user, body.channel) : newTarget(body);
}

/** Per user and channel, so a ticket of one account can never be spent on another. */
const ticketTarget = (userId: number, channel: Channel): Target =>
  emailTarget(`bind-ticket:${userId}:${channel}`);

/** Step one: the code sent to the current phone/email; answers the ticket for step two. */
export async function verifyOld(db: Db, userId: number, channel: Channel, code: string): Promise<string> {
  const user = await userRow(db, userId);
  await consumeCode(db, currentTarget(user, channel), 'bind_old', code);
  const ticket = randomBytes(24).toString('base64url');
  await createCode(db, { target: ticketTarget(userId, channel), scene: 'bind_ticket', ip: '', code: ticket });
  return ticket;
}

/**
 * Step two: the code sent to the new phone/email (and the ticket, when something is bound). The new
 * one must not belong to another account; the unique index settles a race between two binders.
 */
export async function bind(db: Db, userId: number, body: AuthBindBody) {
  const user = await userRow(db, userId);
  const target = newTarget(body);
  const taken = target.kind === 'phone' ? E.PHONE_TAKEN : E.EMAIL_TAKEN;
  const where =
    target.kind === 'phone'
      ? and(eq(users.areaCode, target.areaCode), eq(users.phone, target.phone), ne(users.id, userId))
      : and(eq(users.email, target.email), ne(users.id, userId));
  const [other] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  if (other) throw new ApiError(taken);
  // the new code first: a mistyped code is the common failure and must not burn the ticket
  await consumeCode(db, target, 'bind_new', body.code);
  const bound = body.channel === 'phone' ? user.phone : user.email;
  if (bound) {
    if (!body.ticket) throw new ApiError(E.BIND_VERIFY_OLD);
    await consumeCode(db, ticketTarget(userId, body.channel), 'bind_ticket', body.ticket).catch(() => {
      throw new ApiError(E.BIND_VERIFY_OLD);
    });
  }
  const set =
    target.kind === 'phone' ? { areaCode: target.areaCode, phone: target.phone } : { email: target.email };
  try {
    await db
      .update(users)
      .set({ ...set, updatedAt: now() })
      .where(eq(users.id, userId));
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw new ApiError(taken);
    throw err;
  }
}
