/**
 * Operator roles (issue 15): what each operator of the console may do. The server checks them on every
 * console endpoint; the console reads the expanded list (`ops_roles` of the own user info) to hide
 * what a role cannot do.
 *   reviewer    review queues: real-name, expert applications, experts, withdrawals, moderation
 *   editor      screens, rules, protocol documents, theme, articles
 *   translator  locale texts only
 *   admin       everything above, and grants roles
 */
export const OPS_ROLES = ['reviewer', 'editor', 'translator', 'admin'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const isOpsRole = (x: unknown): x is OpsRole => OPS_ROLES.includes(x as OpsRole);

/** the roles a stored set grants: admin implies every role; unknown values are ignored */
export function effectiveOpsRoles(stored: readonly string[] | null | undefined): OpsRole[] {
  const own = (stored ?? []).filter(isOpsRole);
  return own.includes('admin') ? [...OPS_ROLES] : OPS_ROLES.filter((r) => own.includes(r));
}

export const hasOpsRole = (stored: readonly string[] | null | undefined, needed: OpsRole): boolean =>
  effectiveOpsRoles(stored).includes(needed);
