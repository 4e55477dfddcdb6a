import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { typed } from '../../http/type-provider';
import { listOutbox } from '../../providers/outbox';

/**
 * Development helpers. GET /dev/outbox shows the codes and captcha answers the outbox provider
 * "sent", so a developer (or an e2e test) can log in without a phone. Absent when the dev outbox is off
 * (always off in production).
 */
export async function registerDevRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  if (!deps.config.devOutbox) return;

  app.get(
    '/dev/outbox',
    {
      config: { auth: 'none' },
      schema: {
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', maxLength: 254 } },
        },
      },
    },
    async (request) => ok(await listOutbox(deps.db, request.query.to?.trim() || undefined)),
  );
}
