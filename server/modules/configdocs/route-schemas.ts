/** Request schemas and helper types shared by the config documents' routes (routes*.ts). */
import type { FastifyRequest } from 'fastify';
import { KINDS, type Kind, NAME_PATTERN } from './catalogue';
import type { DraftInput } from './service';

export const OPS = '/mdr/api/v1/ops/config';
export const anyOperator = { auth: 'operator' as const };

export const docParams = {
  type: 'object',
  required: ['kind', 'name'],
  properties: {
    kind: { type: 'string', enum: [...KINDS] },
    name: { type: 'string', pattern: NAME_PATTERN },
  },
} as const;
export const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** the texts of the translators' form (schemas/data/ops-locale-texts.schema.json) */
const text = { type: 'string', minLength: 1, maxLength: 2000 } as const;
export const textsSchema = {
  required: ['zhhk', 'zhcn', 'zhtw'],
  properties: { zhhk: text, zhcn: text, zhtw: text },
} as const;
export const note = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
export const draftBody = {
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

/** the signed-in operator's id when their roles may write a document of `kind`, else 110403 */
export type MayWrite = (request: FastifyRequest, kind: Kind) => Promise<number>;
/** save a draft with this server's routes known (a screen's data sources are checked against them) */
export type SaveDraft = (
  kind: Kind,
  name: string,
  input: DraftInput,
  by: number,
  together?: ReadonlyMap<string, unknown>,
) => Promise<unknown>;
