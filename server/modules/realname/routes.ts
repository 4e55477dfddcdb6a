import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { langFrom } from '../../http/i18n';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { countryGroups } from '../config';
import { identityView, latestVerification, submitIdentity } from './realname-service';
import { countriesResponse, identityResponse } from './responses';

/**
 * Real-name verification (spec §7): submit and read one's own status. Nobody can read another user's
 * record here; operators see submissions through /mdr/api/v1/ops/realname.
 */
export async function registerRealnameRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;

  app.post(
    '/mdr/api/v1/user/international/identity',
    {
      config: { auth: 'user' },
      schema: { response: identityResponse, body: dataSchema('realname-identity') },
    },
    async (request) => {
      const row = await submitIdentity(db, requireUserId(request), request.body);
      return ok(identityView(row));
    },
  );

  app.get(
    '/mdr/api/v1/user/identity',
    { schema: { response: identityResponse }, config: { auth: 'user' } },
    async (request) => ok(identityView(await latestVerification(db, requireUserId(request)))),
  );

  /** The country list of the login picker, flattened into picker options in the caller's language. */
  app.get(
    '/mdr/api/v1/user/identity/countries',
    { schema: { response: countriesResponse }, config: { auth: 'none' } },
    async (request) => {
      const lang = langFrom(request.headers['accept-language']);
      const groups = await countryGroups(db);
      const options = groups.flatMap((g) =>
        g.list.map((c) => ({ value: c.iso, label: lang === 'zhcn' ? c.name_zh : c.name_zh_tr })),
      );
      // Hong Kong first: the verification is the Hong Kong one and nearly every applicant lives there
      return ok([...options.filter((o) => o.value === 'HK'), ...options.filter((o) => o.value !== 'HK')]);
    },
  );
}
