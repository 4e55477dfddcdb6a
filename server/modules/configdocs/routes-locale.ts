/** The translators' table: GET/PUT /mdr/api/v1/ops/config/locale-keys (issue 15). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { listLocaleKeys, saveLocaleTexts } from './locale-keys';
import { exportTexts, importTexts, type SaveLocale } from './locale-transfer';
import {
  localeExportResponse,
  localeImportResponse,
  localeKeysResponse,
  localeSavedResponse,
  localeSuggestResponse,
} from './responses';
import { anyOperator, type MayWrite, OPS, type SaveDraft, textsSchema, version } from './route-schemas';
import { suggestTexts } from './suggest';

/** the head versions of the three languages the translator's edit was based on */
const langBase = {
  type: 'object',
  additionalProperties: false,
  required: ['zhhk', 'zhcn', 'zhtw'],
  properties: { zhhk: version, zhcn: version, zhtw: version },
} as const;
const lang = { type: 'string', enum: ['zhhk', 'zhcn', 'zhtw'] } as const;

export function registerLocaleKeyRoutes(
  root: FastifyInstance,
  db: Db,
  mayWrite: MayWrite,
  saveDraft: SaveDraft,
): void {
  const app = typed(root);
  /** the translator's languages saved as drafts (patches of keys), each checked with the others' texts */
  const saveAs =
    (by: number): SaveLocale =>
    (lang, patch, base, together) =>
      saveDraft('locale', lang, { patch, base_version: base }, by, together);
  // every key in the three languages (head versions), searchable
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
            since: { type: 'string', maxLength: 40 },
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
            base: langBase,
          },
        } as const,
        response: localeSavedResponse,
      },
    },
    async (request) => {
      const by = await mayWrite(request, 'locale');
      return ok(await saveLocaleTexts(db, request.body, saveAs(by)));
    },
  );
  // offline translation: every key's three texts as JSON or CSV, or XLIFF 2.0 (zhhk source, `lang` target)
  app.get(
    `${OPS}/locale-export`,
    {
      config: anyOperator,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['format'],
          properties: {
            format: { type: 'string', enum: ['json', 'csv', 'xliff'] },
            lang: { type: 'string', enum: ['zhcn', 'zhtw'] },
            t: { type: 'string', maxLength: 20 },
          },
        } as const,
        response: localeExportResponse,
      },
    },
    async (request) => ok(await exportTexts(db, request.query.format, request.query.lang)),
  );
  // and back: a dry run reports what would change; otherwise the changed languages get drafts
  app.post(
    `${OPS}/locale-import`,
    {
      config: anyOperator,
      // an XLIFF file of every key is bigger than the app's usual body limit (operators only)
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['format', 'text'],
          properties: {
            format: { type: 'string', enum: ['json', 'csv', 'xliff'] },
            text: { type: 'string', minLength: 1, maxLength: 900000 },
            dry_run: { type: 'boolean' },
            base: langBase,
          },
        } as const,
        response: localeImportResponse,
      },
    },
    async (request) => {
      const by = request.body.dry_run ? 0 : await mayWrite(request, 'locale');
      return ok(await importTexts(db, request.body, saveAs(by)));
    },
  );
  // a missing or new text suggested by script conversion from one of the others (`from`, Hong Kong by
  // default): the answer names its source; the translator edits
  app.post(
    `${OPS}/locale-suggest`,
    {
      config: anyOperator,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...textsSchema.properties, from: lang },
        } as const,
        response: localeSuggestResponse,
      },
    },
    async (request) => {
      const from = request.body.from ?? 'zhhk';
      const text = request.body[from];
      if (!text) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${from}`, keyword: 'required' });
      return ok(await suggestTexts(from, text));
    },
  );
}
