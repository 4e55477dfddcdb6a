/**
 * Shared pieces of the response schemas (each module keeps its own beside its routes, in responses.ts).
 * The schemas document the answers in /openapi.json and are checked against every answer of the server
 * tests (response-check.ts); serialization stays JSON.stringify, so nothing here can change an answer.
 * Nested objects may allow more properties where a full description is not worth it; top levels are
 * described property by property.
 */

/** the answer of every failure: HTTP 200 (or a 4xx for transport problems) with a non-zero code */
export const errorEnvelope = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
  properties: {
    code: { type: 'integer', not: { const: 0 } },
    msg: { type: 'string' },
    data: {},
  },
} as const;

/** `{200: envelope}`: the success answer of a route whose data is `data` (non-zero codes: errorEnvelope) */
export function okResponse<const D extends object>(data: D) {
  return {
    200: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      additionalProperties: false,
      properties: { code: { type: 'integer', const: 0 }, msg: { type: 'string' }, data },
    },
  } as const;
}

export const nullData = { type: 'null' } as const;
export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
export const nullable = <const T extends { type: string }>(s: T) =>
  ({ ...s, type: [s.type, 'null'] }) as const;
/** an object described by its top-level properties, every one of them present */
export function obj<const P extends Record<string, object>>(properties: P, extra = false) {
  return {
    type: 'object',
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: extra,
    properties,
  } as const;
}
/** an object whose content is not described (free-form maps, nested details) */
export const anyObject = { type: 'object', additionalProperties: true } as const;
export const arrayOf = <const T extends object>(items: T) => ({ type: 'array', items }) as const;
/** `{list: [...]}` */
export const listOf = <const T extends object>(items: T) => obj({ list: arrayOf(items) });
/** an object some of whose properties may be absent */
export function optObj<const P extends Record<string, object>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}
/** one page of a paged list: `{list, total, page, size}` */
export const pageOf = <const T extends object>(items: T) =>
  obj({ list: arrayOf(items), total: int, page: int, size: int });
/** an id path parameter's answer after a delete or a toggle: nothing */
export const okNull = okResponse(nullData);
