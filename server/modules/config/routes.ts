import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { typed } from '../../http/type-provider';
import { countryOfIp } from './ip-location';
import { isProtocolType } from './protocol-types';
import { findProtocol } from './protocols-service';
import { countryGroups, hotRegionList, phoneCodeOf, regionChildren } from './reference-data';
import {
  countryCodesResponse,
  hotRegionsResponse,
  ipInfoResponse,
  phoneCodeResponse,
  protocolResponse,
  regionsResponse,
} from './responses';

/** Phone code offered before anything is known about the visitor: Hong Kong, the home market. */
const DEFAULT_PHONE_CODE = '852';

const codeParam = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;

/** Reference data and documents the login and profile screens need; all public (auth 'none'). */
export async function registerConfigRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;

  app.get(
    '/prs/api/v1/user/country-codes',
    { schema: { response: countryCodesResponse }, config: { auth: 'none' } },
    async () => ok(await countryGroups(db)),
  );

  app.get(
    '/prs/api/v1/user/ip-infos',
    { schema: { response: ipInfoResponse }, config: { auth: 'none' } },
    async (request) => {
      const iso = countryOfIp(request.ip);
      return ok({ ip: request.ip, iso, phone_code: (await phoneCodeOf(db, iso)) ?? DEFAULT_PHONE_CODE });
    },
  );

  app.get(
    '/prs/api/v1/user/default-phone-code',
    {
      config: { auth: 'none' },
      schema: {
        response: phoneCodeResponse,
        querystring: { type: 'object', properties: { platform: { type: 'string', maxLength: 16 } } },
      },
    },
    async () => ok({ phone_code: DEFAULT_PHONE_CODE }),
  );

  app.get(
    '/mdr/api/v1/hot-regions',
    { schema: { response: hotRegionsResponse }, config: { auth: 'none' } },
    async (request) => ok(await hotRegionList(db, langFrom(request.headers['accept-language']))),
  );

  app.get(
    '/mdr/api/v1/regions',
    {
      config: { auth: 'none' },
      schema: {
        response: regionsResponse,
        querystring: { type: 'object', properties: { parent: codeParam } },
      },
    },
    async (request) => {
      const list = await regionChildren(
        db,
        request.query.parent,
        langFrom(request.headers['accept-language']),
      );
      if (!list) throw new ApiError(E.NOT_FOUND);
      return ok(list);
    },
  );

  // no params schema (an unknown type answers 100404, not a validation error), so the type is given here
  app.get<{ Params: { type: string } }>(
    '/mdr/api/v1/config/protocol-configs/:type',
    { schema: { response: protocolResponse }, config: { auth: 'none' } },
    async (request) => {
      const { type } = request.params;
      if (!isProtocolType(type)) throw new ApiError(E.NOT_FOUND);
      const doc = await findProtocol(db, type, langFrom(request.headers['accept-language']));
      if (!doc) throw new ApiError(E.NOT_FOUND);
      return ok({ [type]: doc });
    },
  );
}
