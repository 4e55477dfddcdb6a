/**
 * Route pieces every module uses, written once: paging (one limit everywhere), an id path parameter,
 * and the request's language.
 */
import type { FastifyRequest } from 'fastify';
import { langFrom } from './i18n';

export const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** `page` and `size` of every paged list (a match day is one list, not pages: see matches' listQuery) */
export const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id } } as const;

export const lang = (request: FastifyRequest) => langFrom(request.headers['accept-language']);
