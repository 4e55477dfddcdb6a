/**
 * News API (reads are public; a token, when sent, adds the viewer's praise / collect state):
 *   GET  /mdr/api/v1/news?tab=news|hot&page=&size=        feed page {list,total,page,size}
 *   GET  /mdr/api/v1/news/{id}                            article with body, counts, praised, collected
 *   GET  /mdr/api/v1/news/{id}/comments?page=&size=       top-level comments (newest first) with replies
 *   POST /mdr/api/v1/news/{id}/comments {text, reply_to?} (login) the new comment
 *   POST|DELETE /mdr/api/v1/news/{id}/praise, .../collect (login, idempotent) state and counts
 *   GET  /mdr/api/v1/news/my/praise, /news/my/collect     (login) the caller's lists
 * Every change of an article's counts is published on `news:<id>` ({kind:'counts', data: {id, ...counts},
 * comment?}: sources with live mode merge patch the article by id), so viewers of the same article see it without reloading.
 * Console (auth 'operator', audited): GET/POST /mdr/api/v1/ops/news, GET/PUT /mdr/api/v1/ops/news/{id},
 *   POST /mdr/api/v1/ops/news/{id}/hide|restore, POST /mdr/api/v1/ops/news/comments/{id}/hide|restore.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import { CachedBody, sendCached } from '../../http/compression';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { addComment, listComments } from './comments-service';
import { counts, feedBody, flushNewsViews, myReactions, newsDetail, react } from './news-service';
import {
  createArticle,
  editArticle,
  opsArticle,
  opsArticles,
  setArticleHidden,
  setCommentHiddenAudited,
} from './ops-service';
import {
  commentResponse,
  commentsResponse,
  detailResponse,
  feedResponse,
  myListResponse,
  opsArticleResponse,
  opsChangedResponse,
  opsListResponse,
  reactionResponse,
} from './responses';

const NEWS = '/mdr/api/v1/news';
const OPS = '/mdr/api/v1/ops/news';
const open = { auth: 'none' as const };
const user = { auth: 'user' as const };
const operator = { auth: 'operator' as const };

export const newsTopic = (id: number) => `news:${id}`;

const pageQuery = { type: 'object', additionalProperties: false, properties: { ...paging } } as const;
const reasonBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 200 } },
} as const;

export async function registerNewsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  // views counted in memory reach the database before it closes
  root.addHook('onClose', async () => flushNewsViews(db));

  const publish = async (id: number, extra: Record<string, unknown> = {}) => {
    try {
      const c = await counts(db, id);
      if (c) await hub.publish(newsTopic(id), { kind: 'counts', data: c, ...extra });
    } catch (err) {
      root.log.warn({ err, id }, 'news counts push failed');
    }
  };

  app.get(
    NEWS,
    {
      config: open,
      schema: {
        response: feedResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...paging, tab: { type: 'string', enum: ['news', 'hot'], default: 'news' } },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const out = await feedBody(
        db,
        q.tab === 'hot' ? 'hot' : 'news',
        lang(request),
        nowMs(),
        q.page,
        q.size,
      );
      return out instanceof CachedBody ? sendCached(request, reply, out) : ok(out);
    },
  );

  for (const which of ['praise', 'collect'] as const) {
    app.get(
      `${NEWS}/my/${which}`,
      { config: user, schema: { response: myListResponse, querystring: pageQuery } },
      async (request) =>
        ok(
          await myReactions(
            db,
            which,
            requireUserId(request),
            lang(request),
            nowMs(),
            request.query.page,
            request.query.size,
          ),
        ),
    );
    for (const on of [true, false]) {
      const route = on ? app.post.bind(app) : app.delete.bind(app);
      route(
        `${NEWS}/:id/${which}`,
        { config: user, schema: { response: reactionResponse, params: idParams } },
        async (request) => {
          const { changed, state } = await react(
            db,
            which,
            on,
            requireUserId(request),
            request.params.id,
            nowMs(),
          );
          if (changed) await publish(request.params.id);
          return ok(state);
        },
      );
    }
  }

  app.get(
    `${NEWS}/:id`,
    { config: open, schema: { response: detailResponse, params: idParams } },
    async (request) =>
      ok(await newsDetail(db, request.params.id, lang(request), request.auth.userId, nowMs())),
  );

  app.get(
    `${NEWS}/:id/comments`,
    { config: open, schema: { response: commentsResponse, params: idParams, querystring: pageQuery } },
    async (request) =>
      ok(await listComments(db, request.params.id, nowMs(), request.query.page, request.query.size)),
  );

  app.post(
    `${NEWS}/:id/comments`,
    {
      config: user,
      schema: { response: commentResponse, params: idParams, body: dataSchema('news-comment') },
    },
    async (request) => {
      const id = request.params.id;
      const c = await addComment(
        db,
        id,
        requireUserId(request),
        request.body.text,
        request.body.reply_to,
        nowMs(),
      );
      const now = await counts(db, id);
      await publish(id, { comment: c });
      return ok({ ...c, comment_count: now?.comment_count ?? 0 });
    },
  );

  /* ---- console ---- */

  app.get(
    OPS,
    { config: operator, schema: { response: opsListResponse, querystring: pageQuery } },
    async (request) => ok(await opsArticles(db, lang(request), request.query.page, request.query.size)),
  );

  app.post(
    OPS,
    { config: operator, schema: { response: opsArticleResponse, body: dataSchema('news-article') } },
    async (request) => {
      const id = await createArticle(db, requireUserId(request), request.body, nowMs());
      return ok(await opsArticle(db, id));
    },
  );

  app.get(
    `${OPS}/:id`,
    { config: operator, schema: { response: opsArticleResponse, params: idParams } },
    async (request) => ok(await opsArticle(db, request.params.id)),
  );

  app.put(
    `${OPS}/:id`,
    {
      config: operator,
      schema: { response: opsArticleResponse, params: idParams, body: dataSchema('news-article') },
    },
    async (request) => {
      await editArticle(db, requireUserId(request), request.params.id, request.body);
      return ok(await opsArticle(db, request.params.id));
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(
      `${OPS}/:id/${action}`,
      { config: operator, schema: { response: opsChangedResponse, params: idParams, body: reasonBody } },
      async (request) => {
        await setArticleHidden(db, requireUserId(request), request.params.id, hidden, request.body?.reason);
        await publish(request.params.id, { hidden });
        return ok(null);
      },
    );
    app.post(
      `${OPS}/comments/:id/${action}`,
      { config: operator, schema: { response: opsChangedResponse, params: idParams, body: reasonBody } },
      async (request) => {
        const articleId = await setCommentHiddenAudited(
          db,
          requireUserId(request),
          request.params.id,
          hidden,
          request.body?.reason,
        );
        await publish(articleId);
        return ok(null);
      },
    );
  }
}
