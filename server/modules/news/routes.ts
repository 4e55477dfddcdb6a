/**
 * News API (reads are public; a token, when sent, adds the viewer's praise / collect state):
 *   GET  /mdr/api/v1/news?tab=news|hot&page=&size=        feed page {list,total,page,size}
 *   GET  /mdr/api/v1/news/{id}                            article with body, counts, praised, collected
 *   GET  /mdr/api/v1/news/{id}/comments?page=&size=       top-level comments (newest first) with replies
 *   POST /mdr/api/v1/news/{id}/comments {text, reply_to?} (login) the new comment
 *   POST|DELETE /mdr/api/v1/news/{id}/praise, .../collect (login, idempotent) state and counts
 *   GET  /mdr/api/v1/news/my/praise, /news/my/collect     (login) the caller's lists
 *   GET  /mdr/api/v1/activities, /activities/{id}; POST /mdr/api/v1/activities (login, real name: 110011);
 *   comments, praise and collect under /mdr/api/v1/activities/{id}/... as for news (topic `activity:<id>`)
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
import { E } from '../../http/errors';
import { idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { enforce, type RateRule } from '../../ratelimit';
import { activityDetail, activityFeed, postActivity } from './activities-service';
import { addComment, listComments } from './comments-service';
import { registerHotListRoute } from './hot-routes';
import { feedBody, newsDetail } from './news-service';
import { notifyComment, notifyReaction } from './notify';
import {
  createArticle,
  editArticle,
  opsArticle,
  opsArticles,
  setActivityHiddenAudited,
  setArticleHidden,
  setCommentHiddenAudited,
} from './ops-service';
import { myReactions, react } from './reactions';
import {
  activityPageResponse,
  activityResponse,
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
import { countsOf, type TargetType, topicOf } from './targets';
import { flushNewsViews } from './views';

const NEWS = '/mdr/api/v1/news';
const ACTIVITIES = '/mdr/api/v1/activities';
const OPS = '/mdr/api/v1/ops/news';
const open = { auth: 'none' as const };
const user = { auth: 'user' as const };
/** console roles (contracts/ops-roles.ts): editors write articles, reviewers moderate (admins do both) */
const operator = { auth: 'operator' as const };
const editor = { auth: 'operator' as const, opsRole: 'editor' as const };
const reviewer = { auth: 'operator' as const, opsRole: 'reviewer' as const };

export const newsTopic = (id: number) => topicOf('news', id);

const pageQuery = { type: 'object', additionalProperties: false, properties: { ...paging } } as const;
const reasonBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 200 } },
} as const;

/** praise and collect taps (on and off, news and posts together) per fan */
export const REACTION_RULES: readonly RateRule[] = [
  { limit: 30, windowMs: 60_000 },
  { limit: 600, windowMs: 3_600_000 },
];

export async function registerNewsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;
  const { limiter } = deps.providers;

  // views counted in memory reach the database before it closes
  root.addHook('onClose', async () => flushNewsViews(db));
  registerHotListRoute(root, deps);

  const publish = async (type: TargetType, id: number, extra: Record<string, unknown> = {}) => {
    try {
      const c = await countsOf(db, type, id);
      if (c) await hub.publish(topicOf(type, id), { kind: 'counts', data: c, ...extra });
    } catch (err) {
      root.log.warn({ err, id }, 'counts push failed');
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
  }

  for (const [prefix, type] of [
    [NEWS, 'news'],
    [ACTIVITIES, 'activity'],
  ] as const) {
    for (const which of ['praise', 'collect'] as const) {
      for (const on of [true, false]) {
        const route = on ? app.post.bind(app) : app.delete.bind(app);
        route(
          `${prefix}/:id/${which}`,
          { config: user, schema: { response: reactionResponse, params: idParams } },
          async (request) => {
            const id = request.params.id;
            const userId = requireUserId(request);
            await enforce(limiter, `react:${userId}`, REACTION_RULES, nowMs(), E.ACTION_TOO_FAST);
            const { changed, state } = await react(db, type, which, on, userId, id, nowMs());
            if (changed) await publish(type, id);
            if (changed && on) await notifyReaction(db, hub, { which, userId, type, targetId: id });
            return ok(state);
          },
        );
      }
    }

    app.get(
      `${prefix}/:id/comments`,
      { config: open, schema: { response: commentsResponse, params: idParams, querystring: pageQuery } },
      async (request) =>
        ok(
          await listComments(
            db,
            type,
            request.params.id,
            nowMs(),
            request.query.page,
            request.query.size,
            request.auth.userId,
          ),
        ),
    );

    app.post(
      `${prefix}/:id/comments`,
      {
        config: user,
        schema: { response: commentResponse, params: idParams, body: dataSchema('news-comment') },
      },
      async (request) => {
        const id = request.params.id;
        const b = request.body;
        const userId = requireUserId(request);
        const c = await addComment(db, type, id, userId, b.text, b.reply_to, nowMs(), limiter);
        const now = await countsOf(db, type, id);
        await publish(type, id, { comment: c });
        await notifyComment(db, hub, {
          id: c.id,
          text: c.text,
          userId,
          type,
          targetId: id,
          replyTo: b.reply_to,
        });
        return ok({ ...c, comment_count: now?.comment_count ?? 0 });
      },
    );
  }

  app.get(
    ACTIVITIES,
    { config: open, schema: { response: activityPageResponse, querystring: pageQuery } },
    async (request) =>
      ok(await activityFeed(db, lang(request), request.query.page, request.query.size, request.auth.userId)),
  );

  app.post(
    ACTIVITIES,
    { config: user, schema: { response: activityResponse, body: dataSchema('activity-post') } },
    async (request) =>
      ok(await postActivity(db, requireUserId(request), request.body, nowMs(), lang(request), limiter)),
  );

  app.get(
    `${ACTIVITIES}/:id`,
    { config: open, schema: { response: activityResponse, params: idParams } },
    async (request) => ok(await activityDetail(db, request.params.id, lang(request), request.auth.userId)),
  );

  app.get(
    `${NEWS}/:id`,
    { config: open, schema: { response: detailResponse, params: idParams } },
    async (request) =>
      ok(await newsDetail(db, request.params.id, lang(request), request.auth.userId, nowMs())),
  );

  /* ---- console ---- */

  app.get(
    OPS,
    { config: operator, schema: { response: opsListResponse, querystring: pageQuery } },
    async (request) => ok(await opsArticles(db, lang(request), request.query.page, request.query.size)),
  );

  app.post(
    OPS,
    { config: editor, schema: { response: opsArticleResponse, body: dataSchema('news-article') } },
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
      config: editor,
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
      { config: reviewer, schema: { response: opsChangedResponse, params: idParams, body: reasonBody } },
      async (request) => {
        await setArticleHidden(db, requireUserId(request), request.params.id, hidden, request.body?.reason);
        await publish('news', request.params.id, { hidden });
        return ok(null);
      },
    );
    app.post(
      `/mdr/api/v1/ops/activities/:id/${action}`,
      { config: reviewer, schema: { response: opsChangedResponse, params: idParams, body: reasonBody } },
      async (request) => {
        await setActivityHiddenAudited(
          db,
          requireUserId(request),
          request.params.id,
          hidden,
          request.body?.reason,
        );
        await publish('activity', request.params.id, { hidden });
        return ok(null);
      },
    );
    app.post(
      `${OPS}/comments/:id/${action}`,
      { config: reviewer, schema: { response: opsChangedResponse, params: idParams, body: reasonBody } },
      async (request) => {
        const target = await setCommentHiddenAudited(
          db,
          requireUserId(request),
          request.params.id,
          hidden,
          request.body?.reason,
        );
        await publish(target.type, target.id);
        return ok(null);
      },
    );
  }
}
