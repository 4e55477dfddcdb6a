/**
 * The demo accounts (README) ship in every database this repo seeds, production included, with their
 * passwords in the README: +852 90000000 / Ops12345 would be an operator of a public deployment. In
 * production, at every start (a reseed would restore them), each demo account whose password is still
 * the documented one loses it and its sessions, and the demo operator phone loses the operator role
 * whatever its password (the number is not the deployer's). A production's operators are granted by
 * its owner (`update users set role = 'operator' where ...`). DEMO_ACCOUNTS_IN_PRODUCTION=1 keeps them
 * (a closed staging deployment only).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { sessions, users } from '../../db/schema';
import { now } from '../../http/clock';
import { DEMO_USERS, findUser, phoneTarget, verifyPassword } from '../auth';
import { OPERATOR_AREA_CODE, OPERATOR_PASSWORD, OPERATOR_PHONE } from './seed';

export interface DemoLockResult {
  /** users whose documented password was removed */
  passwordsRemoved: number[];
  /** the demo operator's id when it lost the role */
  operatorDemoted: number | null;
}

export async function lockDemoAccounts(db: Db): Promise<DemoLockResult> {
  const result: DemoLockResult = { passwordsRemoved: [], operatorDemoted: null };
  const known = [
    ...DEMO_USERS.filter((d) => d.password).map((d) => ({ target: d.target, password: d.password! })),
    { target: phoneTarget(OPERATOR_AREA_CODE, OPERATOR_PHONE), password: OPERATOR_PASSWORD },
  ];
  for (const { target, password } of known) {
    const user = await findUser(db, target);
    if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) continue;
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    result.passwordsRemoved.push(user.id);
  }
  const operator = await findUser(db, phoneTarget(OPERATOR_AREA_CODE, OPERATOR_PHONE));
  if (operator?.role === 'operator') {
    await db.update(users).set({ role: 'user', opsRoles: [] }).where(eq(users.id, operator.id));
    result.operatorDemoted = operator.id;
  }
  const ids = [...new Set([...result.passwordsRemoved, ...(operator ? [operator.id] : [])])];
  if (ids.length)
    await db
      .update(sessions)
      .set({ revokedAt: now(), revokedReason: 'password' })
      .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
  return result;
}
