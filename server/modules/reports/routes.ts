/**
 * Reports:
 *   POST /mdr/api/v1/reports {kind, target_id, reason, detail?, images?}   (login) file a report
 * Moderation queue (console, reviewer role, every decision audited):
 *   GET  /mdr/api/v1/ops/reports?status=open|upheld|dismissed&page=&size=
 *   GET  /mdr/api/v1/ops/reports/{id}
 *   POST /mdr/api/v1/ops/reports/{id}/hide|restore|dismiss {reason?}
 *   POST /mdr/api/v1/ops/reports/{id}/ban {days, reason?}    the reported user may not post for `days` days
 * Each reporter (and a banned user) gets a system message; their unread counts are pushed on `user:<id>`.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { pushUnread } from '../messages';
import { afterContentChange } from '../news';
import { type Decision, decide, fileReport, getReport, listReports } from './reports-service';
import { filedResponse, reportPageResponse, reportResponse } from './responses';

const OPS = '/mdr/api/v1/ops/reports';
const reviewer = { auth: 'operator' as const, opsRole: 'reviewer' as const };
const reasonBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } },
} as const;

export async function registerReportsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  app.post(
    '/mdr/api/v1/reports',
    { config: { auth: 'user' }, schema: { response: filedResponse, body: dataSchema('report') } },
    async (request) =>
      ok(await fileReport(db, requireUserId(request), request.body, nowMs(), deps.providers.limiter)),
  );

  app.get(
    OPS,
    {
      config: reviewer,
      schema: {
        response: reportPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...paging,
            status: { type: 'string', enum: ['open', 'upheld', 'dismissed'], default: 'open' },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const status = q.status === 'upheld' || q.status === 'dismissed' ? q.status : 'open';
      return ok(await listReports(db, status, q.page, q.size, nowMs()));
    },
  );

  app.get(
    `${OPS}/:id`,
    { config: reviewer, schema: { response: reportResponse, params: idParams } },
    async (request) => ok(await getReport(db, request.params.id, nowMs())),
  );

  const run = async (operatorId: number, id: number, d: Decision, reason: string | undefined) => {
    const { told, target } = await decide(db, operatorId, id, d, reason, nowMs());
    if (target) await afterContentChange(db, hub, target.kind, target.id);
    for (const userId of told) await pushUnread(db, hub, userId);
    return ok(await getReport(db, id, nowMs()));
  };

  for (const action of ['hide', 'restore', 'dismiss'] as const) {
    app.post(
      `${OPS}/:id/${action}`,
      { config: reviewer, schema: { response: reportResponse, params: idParams, body: reasonBody } },
      async (request) => run(requireUserId(request), request.params.id, { action }, request.body?.reason),
    );
  }

  app.post(
    `${OPS}/:id/ban`,
    { config: reviewer, schema: { response: reportResponse, params: idParams, body: dataSchema('ops-ban') } },
    async (request) =>
      run(
        requireUserId(request),
        request.params.id,
        { action: 'ban', days: request.body.days },
        request.body.reason,
      ),
  );
}
