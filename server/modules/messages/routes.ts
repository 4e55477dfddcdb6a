/**
 * Message centre API (login):
 *   GET  /mdr/api/v1/messages/unread                         unread counts per category and total
 *   GET  /mdr/api/v1/messages?category=follow|praise|comment|system&page=&size=   newest first
 *   GET  /mdr/api/v1/user/lottery/operation-record/messages  system notices (spec §7), newest first
 *   POST /mdr/api/v1/messages/read {category?}               mark a category (or all) read: the new counts
 * New counts are pushed on `user:<id>` as {kind:'messages', data: counts} when a message arrives or is read.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { lang, paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { CATEGORIES, listMessages, markRead, unreadCounts } from './messages-service';
import { messagePageResponse, unreadResponse } from './responses';

const user = { auth: 'user' as const };
const BASE = '/mdr/api/v1/messages';

export async function registerMessagesRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  app.get(`${BASE}/unread`, { config: user, schema: { response: unreadResponse } }, async (request) =>
    ok(await unreadCounts(db, requireUserId(request))),
  );

  app.get(
    BASE,
    {
      config: user,
      schema: {
        response: messagePageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['category'],
          properties: { ...paging, category: { type: 'string', enum: [...CATEGORIES] } },
        },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await listMessages(db, requireUserId(request), q.category, q.page, q.size, lang(request)));
    },
  );

  app.get(
    '/mdr/api/v1/user/lottery/operation-record/messages',
    {
      config: user,
      schema: {
        response: messagePageResponse,
        querystring: { type: 'object', additionalProperties: false, properties: { ...paging } },
      },
    },
    async (request) =>
      ok(
        await listMessages(
          db,
          requireUserId(request),
          'system',
          request.query.page,
          request.query.size,
          lang(request),
        ),
      ),
  );

  app.post(
    `${BASE}/read`,
    {
      config: user,
      schema: {
        response: unreadResponse,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { category: { type: 'string', enum: [...CATEGORIES] } },
        },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const counts = await markRead(db, userId, request.body?.category, new Date(nowMs()));
      await hub.publish(`user:${userId}`, { kind: 'messages', data: counts }).catch(() => {});
      return ok(counts);
    },
  );
}
