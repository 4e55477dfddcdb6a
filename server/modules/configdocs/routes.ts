import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasOpsRole } from '../../../contracts/ops-roles';
import type { RulesDocument } from '../../../contracts/rules';
import { users } from '../../db/schema';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { documentedRoutes } from '../../http/openapi';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { setPublishedRules } from '../config';
import { contentHash, KINDS, type Kind, NAME_PATTERN } from './catalogue';
import { listLocaleKeys, saveLocaleTexts } from './locale-keys';
import { bodyByHash, manifestRows, publishedRules } from './manifest';
import { keepOwn, type Published, publishHead, rollbackTo } from './publish';
import {
  bodyResponse,
  diffResponse,
  docPageResponse,
  docResponse,
  localeKeysResponse,
  localeSavedResponse,
  manifestResponse,
  publishedResponse,
  savedResponse,
  validateResponse,
  versionResponse,
} from './responses';
import { seedConfigDocs } from './seed';
import { diffVersions, getDoc, getVersion, listDocs, saveDraft, validateDraft } from './service';

/**
 * Config documents (issue 15). The console's API under /mdr/api/v1/ops/config (any operator reads;
 * writing a locale needs the translator role, any other kind the editor role; admins have both), and
 * the app's: GET /mdr/api/v1/app-config (the manifest of published hashes of changed documents) and
 * GET /mdr/api/v1/app-config/{hash} (a published document, immutable). Publishing and rolling back
 * push `{kind:'config', hash}` on the `config:app` topic and apply published rules at once.
 */
const OPS = '/mdr/api/v1/ops/config';
const anyOperator = { auth: 'operator' as const };

const docParams = {
  type: 'object',
  required: ['kind', 'name'],
  properties: {
    kind: { type: 'string', enum: [...KINDS] },
    name: { type: 'string', pattern: NAME_PATTERN },
  },
} as const;
const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** the texts of the translators' form (schemas/data/ops-locale-texts.schema.json) */
const text = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const textsSchema = {
  required: ['zhhk', 'zhcn', 'zhtw'],
  properties: { zhhk: text, zhcn: text, zhtw: text },
} as const;
const note = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const draftBody = {
  type: 'object',
  additionalProperties: false,
  required: ['base_version'],
  properties: {
    content: { type: ['object', 'string'] },
    patch: {
      type: 'object',
      maxProperties: 500,
      additionalProperties: { type: ['string', 'null'], maxLength: 2000 },
    },
    base_version: version,
  },
} as const;

export async function registerConfigDocsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;
  const routeUrls = () => documentedRoutes(root).map((r) => r.url);

  /** writing a locale needs 'translator', any other document 'editor' (admins have both) */
  async function mayWrite(request: FastifyRequest, kind: Kind): Promise<number> {
    const userId = requireUserId(request);
    const [row] = await db.select({ opsRoles: users.opsRoles }).from(users).where(eq(users.id, userId));
    if (!hasOpsRole(row?.opsRoles, kind === 'locale' ? 'translator' : 'editor'))
      throw new ApiError(E.NO_PERMISSION);
    return userId;
  }

  // the manifest, kept in memory: rebuilt after a publish here, and at most a few seconds old otherwise
  let manifest: {
    at: number;
    value: { hash: string; docs: Record<string, { hash: string; seed: boolean }> };
  } | null = null;
  let rulesHash = '';
  async function applyRules() {
    const rules = await publishedRules(db);
    if (rules && rules.hash !== rulesHash) {
      rulesHash = rules.hash;
      setPublishedRules(rules.body as RulesDocument);
    }
  }
  async function currentManifest() {
    if (manifest && Date.now() - manifest.at < 3000) return manifest.value;
    const rows = await manifestRows(db);
    const docs: Record<string, { hash: string; seed: boolean }> = {};
    for (const r of rows.sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`)))
      docs[`${r.kind}/${r.name}`] = { hash: r.hash, seed: r.hash === r.seedHash };
    manifest = { at: Date.now(), value: { hash: contentHash(docs).slice(0, 16), docs } };
    // another node may have published rules: follow them within the same few seconds
    await applyRules();
    return manifest.value;
  }
  async function published(p: Published, request: FastifyRequest) {
    manifest = null;
    if (p.kind === 'rules') await applyRules();
    try {
      const m = await currentManifest();
      await hub.publish('config:app', { kind: 'config', hash: m.hash, key: `${p.kind}/${p.name}` });
    } catch (err) {
      request.log.warn({ err }, 'config notice failed');
    }
    return ok({ kind: p.kind, name: p.name, version: p.version, hash: p.hash });
  }
  // the repo's files at every start: the seed step runs only when seed code changes (and a database
  // copied from the template has the files of the day the template was made), but a release with
  // changed config files must reach the documents (untouched ones follow, changed ones get an upstream)
  await seedConfigDocs(db);
  await applyRules();

  app.get(
    OPS,
    {
      config: anyOperator,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...paging,
            kind: { type: 'string', enum: [...KINDS] },
            q: { type: 'string', maxLength: 60 },
            t: { type: 'string', maxLength: 20 },
          },
        } as const,
        response: docPageResponse,
      },
    },
    async (request) => ok(await listDocs(db, request.query)),
  );
  // the translators' table: every key in the three languages (head versions), searchable
  app.get(
    `${OPS}/locale-keys`,
    {
      config: anyOperator,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...paging,
            q: { type: 'string', maxLength: 60 },
            filter: { type: 'string', enum: ['all', 'missing'] },
            t: { type: 'string', maxLength: 20 },
          },
        } as const,
        response: localeKeysResponse,
      },
    },
    async (request) => ok(await listLocaleKeys(db, request.query)),
  );
  app.put(
    `${OPS}/locale-keys`,
    {
      config: anyOperator,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['key', 'base', ...textsSchema.required],
          properties: {
            ...textsSchema.properties,
            key: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$' },
            base: {
              type: 'object',
              additionalProperties: false,
              required: ['zhhk', 'zhcn', 'zhtw'],
              properties: { zhhk: version, zhcn: version, zhtw: version },
            },
          },
        } as const,
        response: localeSavedResponse,
      },
    },
    async (request) => {
      const by = await mayWrite(request, 'locale');
      return ok(
        await saveLocaleTexts(db, request.body, (lang, patch, base) =>
          saveDraft(db, 'locale', lang, { patch, base_version: base }, by, routeUrls()),
        ),
      );
    },
  );
  app.get(
    `${OPS}/:kind/:name`,
    { config: anyOperator, schema: { params: docParams, response: docResponse } },
    async (request) => ok(await getDoc(db, request.params.kind, request.params.name)),
  );
  app.get(
    `${OPS}/:kind/:name/versions/:version`,
    {
      config: anyOperator,
      schema: {
        params: {
          ...docParams,
          required: ['kind', 'name', 'version'],
          properties: { ...docParams.properties, version },
        },
        response: versionResponse,
      },
    },
    async (request) =>
      ok(await getVersion(db, request.params.kind, request.params.name, request.params.version)),
  );
  app.get(
    `${OPS}/:kind/:name/diff`,
    {
      config: anyOperator,
      schema: {
        params: docParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: { from: version, to: version },
        },
        response: diffResponse,
      },
    },
    async (request) =>
      ok(
        await diffVersions(
          db,
          request.params.kind,
          request.params.name,
          request.query.from,
          request.query.to,
        ),
      ),
  );
  app.post(
    `${OPS}/:kind/:name/validate`,
    { config: anyOperator, schema: { params: docParams, body: draftBody, response: validateResponse } },
    async (request) =>
      ok(await validateDraft(db, request.params.kind, request.params.name, request.body, routeUrls())),
  );
  app.put(
    `${OPS}/:kind/:name/draft`,
    { config: anyOperator, schema: { params: docParams, body: draftBody, response: savedResponse } },
    async (request) => {
      const by = await mayWrite(request, request.params.kind);
      return ok(await saveDraft(db, request.params.kind, request.params.name, request.body, by, routeUrls()));
    },
  );
  app.post(
    `${OPS}/:kind/:name/publish`,
    {
      config: anyOperator,
      schema: {
        params: docParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['note'],
          properties: { note },
        } as const,
        response: publishedResponse,
      },
    },
    async (request) => {
      const by = await mayWrite(request, request.params.kind);
      return published(
        await publishHead(db, request.params.kind, request.params.name, request.body.note.trim(), by),
        request,
      );
    },
  );
  app.post(
    `${OPS}/:kind/:name/rollback`,
    {
      config: anyOperator,
      schema: {
        params: docParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['version', 'note'],
          properties: { version, note },
        } as const,
        response: publishedResponse,
      },
    },
    async (request) => {
      const by = await mayWrite(request, request.params.kind);
      const { kind, name } = request.params;
      return published(
        await rollbackTo(db, kind, name, request.body.version, request.body.note.trim(), by),
        request,
      );
    },
  );
  app.post(
    `${OPS}/:kind/:name/keep-own`,
    { config: anyOperator, schema: { params: docParams, response: docResponse } },
    async (request) => {
      await mayWrite(request, request.params.kind);
      return ok(await keepOwn(db, request.params.kind, request.params.name));
    },
  );

  // the app's side: the manifest on every start (after first paint), documents by content hash
  app.get(
    '/mdr/api/v1/app-config',
    { config: { auth: 'none' }, schema: { response: manifestResponse } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await currentManifest());
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
