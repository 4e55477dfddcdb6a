import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { langFrom } from '../../http/i18n';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { stopFitThread } from './fit-thread';
import { accuracy, listPredictions, matchPrediction, warmUp } from './predictions-service';
import { accuracyResponse, matchPredictionResponse, predictionsPageResponse } from './responses';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const listQuery = {
  type: 'object',
  properties: {
    ...paging,
    league_id: id,
  },
} as const;

/** AI predictions from a model fitted on the finished results (see model.ts). */
export async function registerPredictionsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, config } = deps;
  app.addHook('onClose', stopFitThread);
  // with background jobs on (a real server), fit before the first visitor asks; tests fit on demand
  if (config.jobs)
    app.addHook('onReady', async () => {
      setTimeout(
        () => void warmUp(db).catch((err) => app.log.warn({ err }, 'predictions warm-up failed')),
        2000,
      ).unref();
    });

  app.get(
    '/mdr/api/v1/ai/predictions',
    { schema: { response: predictionsPageResponse, querystring: listQuery } },
    async (request) => {
      const { page, size, league_id } = request.query;
      const lang = langFrom(request.headers['accept-language']);
      return ok(await listPredictions(db, { page, size, leagueId: league_id }, lang, config.simSpeed));
    },
  );

  // registered before /:match_id so "accuracy" is never read as an id
  app.get(
    '/mdr/api/v1/ai/predictions/accuracy',
    { schema: { response: accuracyResponse } },
    async (request) => ok(await accuracy(db, langFrom(request.headers['accept-language']))),
  );

  app.get(
    '/mdr/api/v1/ai/predictions/:match_id',
    {
      schema: {
        response: matchPredictionResponse,
        params: { type: 'object', required: ['match_id'], properties: { match_id: id } },
      },
    },
    async (request) =>
      ok(
        await matchPrediction(
          db,
          request.params.match_id,
          langFrom(request.headers['accept-language']),
          config.simSpeed,
        ),
      ),
  );
}
