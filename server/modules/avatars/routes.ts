import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { AVATAR_PATH, avatarSvg } from './avatar';

const svgResponse = {
  200: {
    description: 'a generated avatar (SVG), the same for the same seed',
    content: { 'image/svg+xml': { schema: { type: 'string' } } },
  },
} as const;

/** GET /mdr/api/v1/avatars/<seed>.svg: no database, no session; immutable, so caches keep it. */
export async function registerAvatarRoutes(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  app.get<{ Params: { seed: string } }>(
    `${AVATAR_PATH}:seed`,
    {
      // an <img> sends no bearer token: avatars are public like the people who wear them
      config: { auth: 'none' },
      schema: {
        params: {
          type: 'object',
          required: ['seed'],
          properties: { seed: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}\\.svg$' } },
        },
        response: svgResponse,
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(avatarSvg(request.params.seed.slice(0, -4))),
  );
}
