/**
 * The demo operator account (README "Operator console"): +852 90000000 / Ops12345, nickname 營運小編.
 * It signs in through the normal login and then reaches the console at #/ops. Created only when
 * missing; an existing account with that phone is promoted to operator. It is the console's admin
 * (every role, and it grants roles: contracts/ops-roles.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { findUser, hashPassword, newUserExternal, phoneTarget } from '../auth';

export const OPERATOR_AREA_CODE = '852';
export const OPERATOR_PHONE = '90000000';
export const OPERATOR_PASSWORD = 'Ops12345';
export const OPERATOR_NICKNAME = '營運小編';

export async function seedOps(db: Db): Promise<void> {
  const existing = await findUser(db, phoneTarget(OPERATOR_AREA_CODE, OPERATOR_PHONE));
  if (existing) {
    if (existing.role !== 'operator' || !existing.opsRoles.includes('admin'))
      await db
        .update(users)
        .set({ role: 'operator', opsRoles: ['admin'] })
        .where(eq(users.id, existing.id));
    return;
  }
  await db
    .insert(users)
    .values({
      userExternal: newUserExternal(),
      areaCode: OPERATOR_AREA_CODE,
      phone: OPERATOR_PHONE,
      passwordHash: await hashPassword(OPERATOR_PASSWORD),
      nickname: OPERATOR_NICKNAME,
      role: 'operator',
      opsRoles: ['admin'],
    })
    .onConflictDoNothing();
}
