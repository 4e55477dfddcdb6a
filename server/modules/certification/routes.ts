import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { applyForExpert, applyStatusView } from './certification-service';
import { applyStatusResponse } from './responses';

/**
 * Expert certification (spec §7 apply; the status path is ours): apply, and read one's own state
 * `{status: 'none'|0|1|2|3, reason, can_apply, application}`.
 */
export async function registerCertificationRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;

  app.post(
    '/mdr/api/v1/user/international/experts/apply',
    {
      config: { auth: 'user' },
      schema: { response: applyStatusResponse, body: dataSchema('experts-apply') },
    },
    async (request) => {
      const userId = requireUserId(request);
      await applyForExpert(db, userId, request.body);
      return ok(await applyStatusView(db, userId));
    },
  );

  app.get(
    '/mdr/api/v1/user/expert/apply-status',
    { schema: { response: applyStatusResponse }, config: { auth: 'user' } },
    async (request) => ok(await applyStatusView(db, requireUserId(request))),
  );
}
