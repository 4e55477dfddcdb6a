/**
 * Request validation from the shared data schemas (schemas/data/*.schema.json, JSON Schema 2020-12),
 * the same files the client's forms validate with. Routes use `schema: { body: dataSchema('auth-login') }`.
 *
 * Fastify's built-in ajv strips unknown properties and coerces types; the API contract rejects unknown
 * fields instead, so bodies are checked by a strict Ajv2020 (no coercion, no removal). Query strings and
 * params arrive as strings, so they get a coercing instance.
 */
import { resolve } from 'node:path';
import { Ajv2020, type AnySchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { dataSchemas } from './data-schemas.gen';

export const DATA_SCHEMA_DIR = resolve(import.meta.dirname, '..', '..', 'schemas', 'data');

export type DataSchemaName = keyof typeof dataSchemas;

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    strict: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    removeAdditional: false,
  });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // every data schema by its $id, so "$ref": "text#/$defs/line" resolves and a route's body compiles once
  for (const schema of Object.values(dataSchemas)) ajv.addSchema(schema as AnySchemaObject);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

/**
 * The schema of schemas/data/<name>.schema.json, for a route's `schema.body`: the generated `as const`
 * copy (data-schemas.gen.ts, kept equal to the JSON by tests/unit/config), so the type provider reads
 * the body's type off it.
 */
export function dataSchema<N extends DataSchemaName>(name: N): (typeof dataSchemas)[N] {
  const schema = dataSchemas[name];
  if (!schema) throw new Error(`no data schema "${name}" in schemas/data`);
  return schema;
}

const compiled = new WeakMap<object, ValidateFunction>();

function compile(ajv: Ajv2020, schema: AnySchemaObject): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const byId = typeof schema.$id === 'string' ? ajv.getSchema(schema.$id) : undefined;
  const fn = byId ?? ajv.compile(schema);
  compiled.set(schema, fn);
  return fn;
}

export const validatorCompiler: FastifySchemaCompiler<AnySchemaObject> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  const validate = compile(ajv, schema);
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    const err = Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] });
    return { error: err };
  };
};
