/**
 * Match (and later live-room) chat: history, send, report; and the user blacklist of spec §7.
 *   GET  /mdr/api/v1/chat/rooms/{room}/messages?before_id=&size=   -> {list (oldest first), size, has_more}
 *   POST /mdr/api/v1/chat/rooms/{room}/messages {text}             (login) -> ChatMessage, published on chat:<room>
 *   POST /mdr/api/v1/chat/messages/{id}/report {reason}            (login, once per message)
 *   GET, POST /mdr/api/v1/users/{id}/blacklists {user_id}; DELETE /mdr/api/v1/users/{id}/blacklists/{user_id}
 *     ({id} is the caller: their id, public id or "me"; anyone else's list answers "no permission")
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatEvent, ROOM_PATTERN, roomTopic } from '../../../contracts/chat';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { findUserByRef } from '../users';
import { assertRoom, block, history, listBlocked, report, send, unblock } from './chat-service';
import {
  blockChangedResponse,
  blockedPageResponse,
  messageResponse,
  messagesResponse,
  reportedResponse,
} from './responses';
import { CHAT_TEXT_BOUND } from './rules';

const roomParams = {
  type: 'object',
  required: ['room'],
  properties: { room: { type: 'string', pattern: ROOM_PATTERN } },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const userRefParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const userRef = {
  anyOf: [
    { type: 'integer', minimum: 1, maximum: 2147483647 },
    { type: 'string', minLength: 1, maxLength: 64 },
  ],
} as const;

export async function registerChatRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  // Subscribing to "chat:<room>" over the websocket reads the room like its history does: another
  // kind's room guard decides (a viewer banned from a live room is refused; the live module evicts on
  // a ban). Match rooms stay open to everyone, as before. Once per subscription, never per message.
  hub.guardTopics('chat', async (topic, userId) => {
    const room = topic.slice('chat:'.length);
    if (room.startsWith('match-')) return null;
    try {
      await assertRoom(db, room, userId, 'read');
      return null;
    } catch (e) {
      if (e instanceof ApiError) return e.code;
      throw e;
    }
  });

  app.get(
    '/mdr/api/v1/chat/rooms/:room/messages',
    {
      schema: {
        response: messagesResponse,
        params: roomParams,
        querystring: {
          type: 'object',
          properties: {
            before_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            size: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
      },
    },
    async (request) =>
      ok(
        await history(db, request.params.room, request.auth.userId, {
          beforeId: request.query.before_id,
          size: request.query.size,
        }),
      ),
  );

  app.post(
    '/mdr/api/v1/chat/rooms/:room/messages',
    {
      config: { auth: 'user' },
      schema: {
        response: messageResponse,
        params: roomParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          // the exact limit (in characters, after trimming) is checked by the service with its own code
          properties: { text: { type: 'string', maxLength: CHAT_TEXT_BOUND } },
        },
      },
    },
    async (request) => {
      const item = await send(db, request.params.room, requireUserId(request), request.body.text);
      // the message id orders a room, so it doubles as the topic seq hint
      await hub.publish(roomTopic(item.room), chatEvent(item));
      return ok(item);
    },
  );

  app.post(
    '/mdr/api/v1/chat/messages/:id/report',
    {
      config: { auth: 'user' },
      schema: {
        response: reportedResponse,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { reason: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request) => {
      await report(db, request.params.id, requireUserId(request), request.body?.reason ?? '');
      return ok(null);
    },
  );

  /** {id} of the blacklist routes (userRefParams) must be the caller */
  async function ownList(request: FastifyRequest & { params: { id: string } }): Promise<number> {
    const me = requireUserId(request);
    const ref = request.params.id;
    if (ref === 'me' || ref === String(me)) return me;
    const user = await findUserByRef(db, ref);
    if (user?.id !== me) throw new ApiError(E.NO_PERMISSION);
    return me;
  }

  async function targetOf(ref: string | number): Promise<number> {
    const user = await findUserByRef(db, String(ref));
    if (!user) throw new ApiError(E.NOT_FOUND);
    return user.id;
  }

  app.get(
    '/mdr/api/v1/users/:id/blacklists',
    {
      config: { auth: 'user' },
      schema: {
        response: blockedPageResponse,
        params: userRefParams,
        querystring: {
          type: 'object',
          properties: {
            ...paging,
          },
        },
      },
    },
    async (request) =>
      ok(await listBlocked(db, await ownList(request), request.query.page ?? 1, request.query.size ?? 10)),
  );

  app.post(
    '/mdr/api/v1/users/:id/blacklists',
    {
      config: { auth: 'user' },
      schema: {
        response: blockChangedResponse,
        params: userRefParams,
        body: {
          type: 'object',
          required: ['user_id'],
          additionalProperties: false,
          properties: { user_id: userRef },
        },
      },
    },
    async (request) => {
      const me = await ownList(request);
      await block(db, me, await targetOf(request.body.user_id));
      return ok(null);
    },
  );

  app.delete(
    '/mdr/api/v1/users/:id/blacklists/:blocked',
    {
      config: { auth: 'user' },
      schema: {
        response: blockChangedResponse,
        params: {
          type: 'object',
          required: ['id', 'blocked'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 64 },
            blocked: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const me = await ownList(request);
      await unblock(db, me, await targetOf(request.params.blocked));
      return ok(null);
    },
  );
}
