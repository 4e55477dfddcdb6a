/**
 * Follows and user pages:
 *   GET    /dmd/api/v1/followees?user_id=&type=following|followers&page=&size=  (spec §7) whom a user
 *          follows / who follows them (user_id: serial or public id; default the caller), with the
 *          caller's relation code to each (spec §3)
 *   POST   /dmd/api/v1/followees {user_id}     (login) follow: the relation and the follower count
 *   DELETE /dmd/api/v1/followees/{user_id}     (login) unfollow
 *   GET    /mdr/api/v1/users/{id}/follow-state the follow side of a user's page (relation, counts)
 *   GET    /mdr/api/v1/users/{id}/activities   that user's activities, newest first
 * A new follow writes the followee's new-follower message and pushes their unread counts.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { enforce, type RateRule } from '../../ratelimit';
import { pushUnread } from '../messages';
import {
  addFollow,
  followees,
  followState,
  removeFollow,
  resolveUser,
  userActivities,
} from './follows-service';
import { followeePageResponse, followStateResponse, userActivitiesResponse } from './responses';

const BASE = '/dmd/api/v1/followees';
/** a serial id or a public id (u_...) */
const userRef = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const bodyRef = { anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, userRef] } as const;
const refParams = { type: 'object', required: ['id'], properties: { id: userRef } } as const;

/** follow taps per fan (unfollowing is never limited) */
export const FOLLOW_RULES: readonly RateRule[] = [
  { limit: 20, windowMs: 60_000 },
  { limit: 300, windowMs: 86_400_000 },
];

export async function registerFollowsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  app.get(
    BASE,
    {
      config: { auth: 'none' },
      schema: {
        response: followeePageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...paging,
            user_id: userRef,
            type: { type: 'string', enum: ['following', 'followers'], default: 'following' },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const viewer = request.auth.userId;
      const ref = q.user_id ?? (viewer !== null ? String(viewer) : null);
      if (ref === null) throw new ApiError(E.NOT_LOGGED_IN);
      return ok(
        await followees(db, viewer, ref, q.type === 'followers' ? 'followers' : 'following', q.page, q.size),
      );
    },
  );

  const state = (viewer: number, id: number) => followState(db, viewer, String(id));

  app.post(
    BASE,
    {
      config: { auth: 'user' },
      schema: {
        response: followStateResponse,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['user_id'],
          properties: { user_id: bodyRef },
        },
      },
    },
    async (request) => {
      const me = requireUserId(request);
      const id = await resolveUser(db, request.body.user_id);
      await enforce(deps.providers.limiter, `follow:${me}`, FOLLOW_RULES, nowMs(), E.ACTION_TOO_FAST);
      if (await addFollow(db, me, id, new Date(nowMs()))) await pushUnread(db, hub, id);
      return ok(await state(me, id));
    },
  );

  app.delete(
    `${BASE}/:id`,
    { config: { auth: 'user' }, schema: { response: followStateResponse, params: refParams } },
    async (request) => {
      const me = requireUserId(request);
      const id = await resolveUser(db, request.params.id);
      await removeFollow(db, me, id);
      return ok(await state(me, id));
    },
  );

  app.get(
    '/mdr/api/v1/users/:id/follow-state',
    { config: { auth: 'none' }, schema: { response: followStateResponse, params: refParams } },
    async (request) => ok(await followState(db, request.auth.userId, request.params.id)),
  );

  app.get(
    '/mdr/api/v1/users/:id/activities',
    {
      config: { auth: 'none' },
      schema: {
        response: userActivitiesResponse,
        params: refParams,
        querystring: { type: 'object', additionalProperties: false, properties: { ...paging } },
      },
    },
    async (request) =>
      ok(
        await userActivities(
          db,
          request.auth.userId,
          request.params.id,
          request.query.page,
          request.query.size,
        ),
      ),
  );
}
