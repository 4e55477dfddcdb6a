/**
 * Login and password reset. A successful login issues a new user-bound token and revokes every older
 * session of that user (reason 'kicked'); their sockets get {type:'kicked'}.
 */
import type { AuthLoginBody, AuthPasswordResetBody } from '../../http/data-schemas.gen';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { findOrCreateUser, findUser, setPasswordHash, type UserRow } from './accounts';
import { consumeCode } from './codes';
import { revokeDeletionOnLogin } from './deletion';
import { decryptPassword } from './keys';
import { clearPasswordFailures, passwordAttemptSucceeded, reservePasswordAttempt } from './password-throttle';
import { hashPassword, meetsPasswordPolicy, verifyPassword } from './passwords';
import { issueSession, revokeUserSessions } from './sessions';
import { emailTarget, phoneTarget, targetFromBody, targetKey } from './targets';

// The login schema's if/then rules (which fields each login_type needs) are not in its derived type
// (json-schema-to-ts leaves if/then out), so the fields a type needs are read with `!` below: the
// schema has already refused a body without them.
let decoy: Promise<string> | null = null;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-0');
  return decoy;
}

async function userForLogin(deps: AppDeps, body: AuthLoginBody, ip: string): Promise<UserRow> {
  const { db } = deps;
  if (body.login_type === 2) {
    const target = phoneTarget(body.area_code!, body.phone!);
    await consumeCode(db, target, 'login', body.sms_code!);
    return findOrCreateUser(db, target);
  }
  if (body.login_type === 4) {
    const target = emailTarget(body.email!);
    await consumeCode(db, target, 'login', body.email_code!);
    return findOrCreateUser(db, target);
  }
  const password = await decryptPassword(db, body.password!);
  const target = targetFromBody(body);
  const key = targetKey(target);
  // counted before the check so parallel guesses cannot outrun the limit (100429 once used up)
  await reservePasswordAttempt(db, key, ip);
  const user = await findUser(db, target);
  // unknown accounts and accounts without a password pay for one scrypt too and get the same answer,
  // so neither the answer nor its timing tells which accounts exist
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user?.passwordHash || !matches) throw new ApiError(E.WRONG_PASSWORD);
  await passwordAttemptSucceeded(db, key, ip);
  return user;
}

export async function login(
  deps: AppDeps,
  body: AuthLoginBody,
  client: { ip: string; deviceUuid: string | null; device?: string | null },
): Promise<{ id: number; user_external: string; token: string; deletion_revoked: boolean }> {
  const user = await userForLogin(deps, body, client.ip);
  // spec §4: a login during the cooling-off period withdraws a deletion request; the client says so
  const deletionRevoked = await revokeDeletionOnLogin(deps.db, user.id);
  const issued = await issueSession(deps.db, {
    userId: user.id,
    ttlDays: deps.config.tokenTtlDays,
    deviceUuid: client.deviceUuid,
    device: client.device ?? null,
  });
  const kicked = await revokeUserSessions(deps.db, user.id, 'kicked', issued.sessionId);
  await Promise.all(kicked.map((sessionId) => deps.hub.sendToSession(sessionId, { type: 'kicked' })));
  return {
    id: user.id,
    user_external: user.userExternal,
    token: issued.token,
    deletion_revoked: deletionRevoked,
  };
}

/**
 * The policy is checked before the code so a weak password does not burn the code. Afterwards every
 * other session of the account ends: whoever knew the old password is signed out.
 */
export async function resetPassword(
  deps: AppDeps,
  body: AuthPasswordResetBody,
  callerSessionId: number | null,
) {
  const { db } = deps;
  const password = await decryptPassword(db, body.new_password, '/new_password');
  if (!meetsPasswordPolicy(password)) throw new ApiError(E.PASSWORD_POLICY);
  const target = targetFromBody(body);
  await consumeCode(db, target, 'reset', body.code);
  const user = await findUser(db, target);
  if (!user) throw new ApiError(E.NOT_FOUND);
  await setPasswordHash(db, user.id, await hashPassword(password));
  await clearPasswordFailures(db, targetKey(target));
  const ended = await revokeUserSessions(db, user.id, 'password', callerSessionId ?? undefined);
  await Promise.all(ended.map((sessionId) => deps.hub.sendToSession(sessionId, { type: 'logout' })));
}
