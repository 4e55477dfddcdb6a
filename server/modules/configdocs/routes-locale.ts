/** The translators' table: GET/PUT /mdr/api/v1/ops/config/locale-keys (issue 15). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { ok } from '../../http/envelope';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { listLocaleKeys, saveLocaleTexts } from './locale-keys';
import { exportTexts, importTexts } from './locale-transfer';
import {
  localeExportResponse,
  localeImportResponse,
  localeKeysResponse,
  localeSavedResponse,
  localeSuggestResponse,
} from './responses';
import { anyOperator, type MayWrite, OPS, type SaveDraft, textsSchema, version } from './route-schemas';
import { suggestTexts } from './suggest';

export function registerLocaleKeyRoutes(
  root: FastifyInstance,
  db: Db,
  mayWrite: MayWrite,
  saveDraft: SaveDraft,
): void {
  const app = typed(root);
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
        await saveLocaleTexts(db, request.body, (lang, patch, base, together) =>
          saveDraft('locale', lang, { patch, base_version: base }, by, together),
        ),
      );
    },
  );
  // offline translation: every key's three texts as JSON or CSV
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
            format: { type: 'string', enum: ['json', 'csv'] },
            t: { type: 'string', maxLength: 20 },
          },
        } as const,
        response: localeExportResponse,
      },
    },
    async (request) => ok(await exportTexts(db, request.query.format)),
  );
  // and back: a dry run reports what would change; otherwise the changed languages get drafts
  app.post(
    `${OPS}/locale-import`,
    {
      config: anyOperator,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['format', 'text'],
          properties: {
            format: { type: 'string', enum: ['json', 'csv'] },
            text: { type: 'string', minLength: 1, maxLength: 900000 },
            dry_run: { type: 'boolean' },
            base: {
              type: 'object',
              additionalProperties: false,
              required: ['zhhk', 'zhcn', 'zhtw'],
              properties: { zhhk: version, zhcn: version, zhtw: version },
            },
          },
        } as const,
        response: localeImportResponse,
      },
    },
    async (request) => {
      const by = request.body.dry_run ? 0 : await mayWrite(request, 'locale');
      return ok(
        await importTexts(db, request.body, (lang, patch, base, together) =>
          saveDraft('locale', lang, { patch, base_version: base }, by, together),
        ),
      );
    },
  );
  // a missing or new text suggested by script conversion from the Hong Kong one (the translator edits)
  app.post(
    `${OPS}/locale-suggest`,
    {
      config: anyOperator,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['zhhk'],
          properties: { zhhk: { type: 'string', minLength: 1, maxLength: 2000 } },
        } as const,
        response: localeSuggestResponse,
      },
    },
    async (request) => ok(await suggestTexts(request.body.zhhk)),
  );
}
