/**
 * Who is calling. Route option `config: { auth: 'none' | 'token' | 'user' }`:
 *   none   no token needed (a valid one is still recognised, so handlers may personalise)
 *   token  a valid session token, visitor or user (default for API paths /prs, /mdr, /byn)
 *   user   a token bound to a logged-in user, else 110000
 *   operator  a logged-in user whose role is 'operator': visitors get 110000, other users 110403; with
 *             `opsRole` also that console role (contracts/ops-roles.ts, admin implies all), else 110403
 * Non-API routes (static files, /uploads, /dev, /ws) default to 'none'.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasOpsRole, type OpsRole } from '../../contracts/ops-roles';
import type { Db } from '../db';
import { users } from '../db/schema/auth';
import { resolveToken } from '../modules/auth';
import { ApiError, E } from './errors';

export type AuthMode = 'none' | 'token' | 'user' | 'operator';

export interface RequestAuth {
  sessionId: number | null;
  userId: number | null;
  token: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** with auth 'operator': the console role the route needs */
    opsRole?: OpsRole;
  }
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

const API_PATH = /^\/(prs|mdr|byn)\//;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

function modeOf(request: FastifyRequest): AuthMode {
  const configured = request.routeOptions.config?.auth;
  if (configured) return configured;
  const url = request.routeOptions.url ?? request.url;
  return API_PATH.test(url) ? 'token' : 'none';
}

export function registerAuthHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null as unknown as RequestAuth);
  app.addHook('onRequest', async (request) => {
    request.auth = { sessionId: null, userId: null, token: null };
    if (request.is404) return;
    const mode = modeOf(request);
    const token = bearerToken(request);
    if (!token) {
      if (mode === 'none') return;
      throw new ApiError(E.TOKEN_MISSING);
    }
    if (token.length > 200) {
      if (mode === 'none') return;
      throw new ApiError(E.TOKEN_UNKNOWN);
    }
    const session = await resolveToken(db, token);
    if (!session.ok) {
      if (mode === 'none') return;
      throw new ApiError(session.code);
    }
    request.auth = { sessionId: session.sessionId, userId: session.userId, token };
    if ((mode === 'user' || mode === 'operator') && session.userId === null)
      throw new ApiError(E.NOT_LOGGED_IN);
    if (mode === 'operator') {
      // read the role on every call (not cached in the session) so a revoked operator loses access at once
      const [row] = await db
        .select({ role: users.role, opsRoles: users.opsRoles })
        .from(users)
        .where(eq(users.id, session.userId as number));
      if (row?.role !== 'operator') throw new ApiError(E.NO_PERMISSION);
      const needed = request.routeOptions.config?.opsRole;
      if (needed && !hasOpsRole(row.opsRoles, needed)) throw new ApiError(E.NO_PERMISSION);
    }
  });
}

/** For handlers on 'user' routes: the caller's user id (the hook guarantees it is set). */
export function requireUserId(request: FastifyRequest): number {
  if (request.auth.userId === null) throw new ApiError(E.NOT_LOGGED_IN);
  return request.auth.userId;
}
