/**
 * The app's side of config documents: GET /mdr/api/v1/app-config (the manifest of published hashes,
 * from memory) and GET /mdr/api/v1/app-config/{hash} (a published document, immutable).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { typed } from '../../http/type-provider';
import { bodyByHash } from './manifest';
import type { ManifestCache } from './manifest-cache';
import { bodyResponse, manifestResponse } from './responses';

export function registerAppConfigRoutes(root: FastifyInstance, db: Db, manifest: ManifestCache): void {
  const app = typed(root);
  app.get(
    '/mdr/api/v1/app-config',
    { config: { auth: 'none' }, schema: { response: manifestResponse } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await manifest.current());
    },
  );
  app.get(
    '/mdr/api/v1/app-config/:hash',
    {
      config: { auth: 'none' },
      schema: {
        params: {
          type: 'object',
          required: ['hash'],
          properties: { hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
        } as const,
        response: bodyResponse,
      },
    },
    async (request, reply) => {
      const body = await bodyByHash(db, request.params.hash);
      if (body === null) throw new ApiError(E.NOT_FOUND);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return ok(body as Record<string, unknown>);
    },
  );
}
