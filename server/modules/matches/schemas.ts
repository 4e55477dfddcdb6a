/** Route-level JSON Schemas of the matches API (querystrings and params arrive as strings; coerced). */
import { idParams, paging } from '../../http/route-kit';

export { idParams };

const date = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } as const;

export const TABS = ['appointment', 'instant', 'ongoing', 'schedule', 'results'] as const;

export const listQuery = {
  type: 'object',
  properties: {
    tab: { type: 'string', enum: TABS, default: 'instant' },
    date,
    league_ids: { type: 'string', pattern: '^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,49}$' },
    page: paging.page,
    // a whole match day is one answer (the match home's virtual list asks size=500), not pages
    size: { ...paging.size, maximum: 500 },
  },
} as const;

export const leaguesQuery = {
  type: 'object',
  properties: { tab: { type: 'string', enum: TABS, default: 'instant' }, date },
} as const;

export const pagingQuery = { type: 'object', properties: { ...paging } } as const;

export const eventsQuery = {
  type: 'object',
  properties: {
    all: { type: 'boolean', default: false },
    after_seq: { type: 'integer', minimum: 0, maximum: 9007199254740991, default: 0 },
  },
} as const;

export const bookmakerParams = {
  type: 'object',
  required: ['id', 'bookmaker'],
  properties: { id: idParams.properties.id, bookmaker: { type: 'string', pattern: '^[a-z0-9_]{1,32}$' } },
} as const;

export const supportBody = {
  type: 'object',
  additionalProperties: false,
  required: ['side'],
  properties: { side: { type: 'integer', enum: [1, 2] } },
} as const;

export const ctzcQuery = {
  type: 'object',
  properties: { issue_num: { type: 'string', pattern: '^[0-9A-Za-z-]{1,20}$' } },
} as const;
