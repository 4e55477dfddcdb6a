/**
 * Request validation from the shared data schemas (schemas/data/*.schema.json, JSON Schema 2020-12),
 * the same files the client's forms validate with. Routes use `schema: { body: dataSchema('auth-login') }`.
 *
 * Fastify's built-in ajv strips unknown properties and coerces types; the API contract rejects unknown
 * fields instead, so bodies are checked by a strict Ajv2020 (no coercion, no removal). Query strings and
 * params arrive as strings, so they get a coercing instance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020, type AnySchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

export const DATA_SCHEMA_DIR = resolve(import.meta.dirname, '..', '..', 'schemas', 'data');

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    strict: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    removeAdditional: false,
  });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);
const loaded = new Map<string, AnySchemaObject>();

function loadAll(): void {
  if (loaded.size) return;
  let files: string[] = [];
  try {
    files = readdirSync(DATA_SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'));
  } catch {
    return;
  }
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(DATA_SCHEMA_DIR, file), 'utf8')) as AnySchemaObject;
    const id = file.replace(/\.schema\.json$/, '');
    if (schema.$id !== id) throw new Error(`${file}: $id must be "${id}"`);
    loaded.set(id, schema);
    bodyAjv.addSchema(schema);
    queryAjv.addSchema(schema);
  }
}

/** The schema object of schemas/data/<name>.schema.json, for a route's `schema.body`. */
export function dataSchema(name: string): AnySchemaObject {
  loadAll();
  const schema = loaded.get(name);
  if (!schema) throw new Error(`no data schema "${name}" in schemas/data`);
  return schema;
}

export function dataSchemaNames(): string[] {
  loadAll();
  return [...loaded.keys()];
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
  loadAll();
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  const validate = compile(ajv, schema);
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    const err = Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] });
    return { error: err };
  };
};
