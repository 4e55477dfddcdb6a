import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasOpsRole } from '../../../contracts/ops-roles';
import { users } from '../../db/schema';
import { requireUserId } from '../../http/auth-hook';
import type { OpsConfigCreateBody } from '../../http/data-schemas.gen';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { documentedRoutes } from '../../http/openapi';
import { paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { docPath, KINDS } from './catalogue';
import { createScreen } from './create';
import { editorSchemaFor } from './editor-schema';
import { manifestCache } from './manifest-cache';
import { keepOwn, type Published, publishHead, rollbackTo } from './publish';
import { deleteScreen } from './remove';
import {
  createdResponse,
  deletedResponse,
  diffResponse,
  docPageResponse,
  docResponse,
  publishedResponse,
  savedResponse,
  schemaResponse,
  validateResponse,
  versionResponse,
} from './responses';
import {
  anyOperator,
  docParams,
  draftBody,
  type MayWrite,
  note,
  OPS,
  type SaveDraft,
  version,
} from './route-schemas';
import { registerAppConfigRoutes } from './routes-app';
import { registerLocaleKeyRoutes } from './routes-locale';
import { seedConfigDocs } from './seed';
import { diffVersions, getDoc, getVersion, listDocs, saveDraft, validateDraft } from './service';
import { findDoc, versionOf } from './store';

/**
 * Config documents (issue 15). The console's API under /mdr/api/v1/ops/config (any operator reads;
 * writing a locale needs the translator role, any other kind the editor role; admins have both), the
 * translators' table (routes-locale.ts) and the app's manifest and documents (routes-app.ts).
 * Publishing and rolling back push `{kind:'config', hash}` on the `config:app` topic and apply
 * published rules at once.
 */
export async function registerConfigDocsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;
  const routeUrls = () => documentedRoutes(root).map((r) => r.url);
  const manifest = manifestCache(db);

  /** writing a locale needs 'translator', any other document 'editor' (admins have both) */
  const mayWrite: MayWrite = async (request, kind) => {
    const userId = requireUserId(request);
    const [row] = await db.select({ opsRoles: users.opsRoles }).from(users).where(eq(users.id, userId));
    if (!hasOpsRole(row?.opsRoles, kind === 'locale' ? 'translator' : 'editor'))
      throw new ApiError(E.NO_PERMISSION);
    return userId;
  };
  const save: SaveDraft = (kind, name, input, by, together) =>
    saveDraft(db, kind, name, input, by, routeUrls(), together);

  /** a published document changed: a new manifest, announced on `config:app` */
  async function announce(key: string, request: FastifyRequest) {
    manifest.invalidate();
    try {
      const m = await manifest.current();
      await hub.publish('config:app', { kind: 'config', hash: m.hash, key });
    } catch (err) {
      request.log.warn({ err }, 'config notice failed');
    }
  }
  async function published(p: Published, request: FastifyRequest) {
    // the server's own reading (rules, envelope texts) follows at once
    if (p.kind === 'rules' || p.kind === 'locale') {
      manifest.invalidate();
      await manifest.applyRules();
    }
    await announce(`${p.kind}/${p.name}`, request);
    return ok({ kind: p.kind, name: p.name, version: p.version, hash: p.hash });
  }
  // the repo's files at every start: the seed step runs only when seed code changes (and a database
  // copied from the template has the files of the day the template was made), but a release with
  // changed config files must reach the documents (untouched ones follow, changed ones get an upstream)
  await seedConfigDocs(db);
  await manifest.applyRules();

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
  // a new screen, as a draft (create.ts): it shows once published and named by a route
  app.post(
    OPS,
    { config: anyOperator, schema: { body: dataSchema('ops-config-create'), response: createdResponse } },
    async (request) => {
      const body = request.body as OpsConfigCreateBody;
      const by = await mayWrite(request, body.kind);
      return ok(await createScreen(db, body.name, body.content, by, routeUrls()));
    },
  );
  registerLocaleKeyRoutes(root, db, mayWrite, save);
  app.get(
    `${OPS}/:kind/:name`,
    { config: anyOperator, schema: { params: docParams, response: docResponse } },
    async (request) => ok(await getDoc(db, request.params.kind, request.params.name)),
  );
  // the JSON Schema the console's editor checks and completes this document with (editor-schema.ts)
  app.get(
    `${OPS}/:kind/:name/schema`,
    { config: anyOperator, schema: { params: docParams, response: schemaResponse } },
    async (request) => {
      const { kind, name } = request.params;
      const doc = await findDoc(db, kind, name);
      const head = (await versionOf(db, doc.id, doc.headVersion)).body;
      return ok({ schema: editorSchemaFor(docPath(kind, name) as string, head) });
    },
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
    async (request) => {
      const { kind, name } = request.params;
      return ok(await diffVersions(db, kind, name, request.query.from, request.query.to));
    },
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
      return ok(await save(request.params.kind, request.params.name, request.body, by));
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
  // an operator's own screen goes (remove.ts): never a repo document, never one a route still shows
  app.delete(
    `${OPS}/:kind/:name`,
    { config: anyOperator, schema: { params: docParams, response: deletedResponse } },
    async (request) => {
      const { kind, name } = request.params;
      const by = await mayWrite(request, kind);
      const gone = await deleteScreen(db, kind, name, by);
      // the app's manifest drops it: open apps forget the screen at their next route change
      if (gone.was_published) await announce(gone.key, request);
      return ok(gone);
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

  registerAppConfigRoutes(root, db, manifest);
}
