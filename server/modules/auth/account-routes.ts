/**
 * Account and security, and account deletion (screens /me/account/security, /me/mobile/binding,
 * /me/account/cancellation, /me/reason/cancellation). All need a signed-in user.
 *   POST /mdr/api/v1/user/password/change {old_password?, new_password}   (both RSA-encrypted)
 *   POST /mdr/api/v1/user/bind/codes {step: old|new, channel: phone|email, area_code?, phone?, email?}
 *   POST /mdr/api/v1/user/bind/verify {channel, code}                     -> {ticket}
 *   PUT  /mdr/api/v1/user/bind {channel, area_code?, phone?, email?, code, ticket?}
 *   GET  /mdr/api/v1/user/sessions                                        -> {list: devices}
 *   POST /mdr/api/v1/user/sessions/sign-out-others                        -> {revoked}
 *   GET, POST /mdr/api/v1/user/deletes {reason, images?}                  (spec §7)
 *
 * Binding codes need no image captcha: the caller is signed in, and the resend and hourly limits per
 * target and per IP of every code still apply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { accountLimits, currentDeletion, requestDeletion } from './deletion';
import {
  codeSentResponse,
  deletionResponse,
  deletionStateResponse,
  devicesResponse,
  emptyResponse,
  signedOutResponse,
  ticketResponse,
} from './responses';
import { bind, bindCodeTarget, changePassword, verifyOld } from './security';
import { deliverCode } from './send-code';
import { listUserSessions, revokeUserSessions } from './sessions';

const V1 = '/mdr/api/v1/user';

/** auth-hook's requireUserId, inlined: auth-hook imports this module, so importing it back is a cycle */
function requireUserId(request: FastifyRequest): number {
  if (request.auth.userId === null) throw new ApiError(E.NOT_LOGGED_IN);
  return request.auth.userId;
}
const user = { auth: 'user' as const };

export async function registerAccountRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const app = typed(root);

  app.post(
    `${V1}/password/change`,
    { config: user, schema: { body: dataSchema('auth-password-change'), response: emptyResponse } },
    async (request) => {
      await changePassword(deps, requireUserId(request), request.auth.sessionId, request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    `${V1}/bind/codes`,
    { config: user, schema: { body: dataSchema('auth-bind-code'), response: codeSentResponse } },
    async (request) => {
      const target = await bindCodeTarget(db, requireUserId(request), request.body);
      const scene = request.body.step === 'old' ? 'bind_old' : 'bind_new';
      return ok(await deliverCode(deps, request, target, scene));
    },
  );

  app.post(
    `${V1}/bind/verify`,
    { config: user, schema: { body: dataSchema('auth-bind-verify'), response: ticketResponse } },
    async (request) =>
      ok({ ticket: await verifyOld(db, requireUserId(request), request.body.channel, request.body.code) }),
  );

  app.put(
    `${V1}/bind`,
    { config: user, schema: { body: dataSchema('auth-bind'), response: emptyResponse } },
    async (request) => {
      await bind(db, requireUserId(request), request.body);
      return ok(null);
    },
  );

  app.get(`${V1}/sessions`, { config: user, schema: { response: devicesResponse } }, async (request) =>
    ok({ list: await listUserSessions(db, requireUserId(request), request.auth.sessionId) }),
  );

  app.post(
    `${V1}/sessions/sign-out-others`,
    { config: user, schema: { body: dataSchema('auth-empty'), response: signedOutResponse } },
    async (request) => {
      const ended = await revokeUserSessions(
        db,
        requireUserId(request),
        'signed_out',
        request.auth.sessionId ?? undefined,
      );
      await Promise.all(ended.map((id) => deps.hub.sendToSession(id, { type: 'logout' })));
      return ok({ revoked: ended.length });
    },
  );

  app.get(`${V1}/deletes`, { config: user, schema: { response: deletionStateResponse } }, async (request) =>
    ok({
      request: await currentDeletion(db, requireUserId(request)),
      cooling_days: accountLimits.deletionCoolingDays,
    }),
  );

  app.post(
    `${V1}/deletes`,
    { config: user, schema: { body: dataSchema('account-deletion'), response: deletionResponse } },
    async (request) => ok(await requestDeletion(deps, requireUserId(request), request.body)),
  );
}
