/**
 * Granting console roles (admins only): the operators and their roles, and setting a user's roles in
 * one transaction with its audit row. Giving any role makes the user an operator; taking every role
 * away makes them a user again (their console sessions lose access at once: the auth hook reads the
 * roles on every call).
 */
import { asc, eq } from 'drizzle-orm';
import { OPS_ROLES, type OpsRole } from '../../../contracts/ops-roles';
import type { Db } from '../../db';
import { opsAudit, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';

const operatorView = (u: {
  id: number;
  userExternal: string;
  nickname: string;
  avatar: string;
  opsRoles: string[];
}) => ({
  id: u.id,
  user_external: u.userExternal,
  nickname: u.nickname,
  avatar: u.avatar,
  roles: OPS_ROLES.filter((r) => u.opsRoles.includes(r)),
});

const cols = {
  id: users.id,
  userExternal: users.userExternal,
  nickname: users.nickname,
  avatar: users.avatar,
  opsRoles: users.opsRoles,
};

export async function listOperators(db: Db) {
  const rows = await db.select(cols).from(users).where(eq(users.role, 'operator')).orderBy(asc(users.id));
  return { list: rows.map(operatorView) };
}

export async function setOpsRoles(db: Db, userId: number, wanted: readonly OpsRole[], by: number) {
  const roles = OPS_ROLES.filter((r) => wanted.includes(r));
  if (userId === by && !roles.includes('admin'))
    // the last door out of the console: an admin cannot lock themselves out of granting roles
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/roles', keyword: 'ownAdmin' });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row || row.deletedAt) throw new ApiError(E.NOT_FOUND);
    const [u] = await tx
      .update(users)
      .set({ role: roles.length ? 'operator' : 'user', opsRoles: roles, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(cols);
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'role.grant',
      targetType: 'user',
      targetId: String(userId),
      reason: roles.join(', ') || '—',
    });
    return operatorView(u);
  });
}
