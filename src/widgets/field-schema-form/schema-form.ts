/**
 * The engine of `field-schema-form`: a JSON Schema (self-contained, local `#/...` refs) and a value
 * turned into a tree of fields, and the value checked against the same schema's keywords, each
 * problem at its JSON pointer with the i18n key the server's checker uses (`opsConfig.problem.*`).
 * No code is generated or evaluated (no ajv in the browser: the CSP has no unsafe-eval); the server
 * still checks the saved draft with ajv and its problems are shown at the same pointers.
 */
export type Schema = Record<string, unknown>;
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export type FieldKind =
  | 'number'
  | 'integer'
  | 'string'
  | 'colour'
  | 'boolean'
  | 'enum'
  | 'object'
  | 'array'
  | 'json';

export interface Problem {
  pointer: string;
  key: string;
  args: Record<string, string>;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `#/$defs/x` in the root schema; a missing target resolves to `{}` (anything) */
export function resolve(root: Schema, s: unknown, depth = 0): Schema {
  if (!isObj(s)) return {};
  const ref = s.$ref;
  if (typeof ref !== 'string' || depth > 20) return s;
  if (!ref.startsWith('#')) return {};
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const part = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    at = isObj(at) ? at[part] : undefined;
  }
  const { $ref: _, ...rest } = s;
  return { ...resolve(root, at, depth + 1), ...rest };
}

const typesOf = (s: Schema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

/** the JSON type of a value as JSON Schema names it */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const typeOk = (types: string[], v: unknown) => {
  const t = jsonType(v);
  return types.length === 0 || types.includes(t) || (t === 'integer' && types.includes('number'));
};

/** does a value have the shape of a branch (type, enum, and for objects no unknown or missing keys)? */
function shapeFits(root: Schema, branch: Schema, v: unknown): boolean {
  const s = resolve(root, branch);
  const alts = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alts)) return alts.some((a) => shapeFits(root, a as Schema, v));
  if (Array.isArray(s.enum)) return s.enum.includes(v as never);
  if (!typeOk(typesOf(s), v)) return false;
  if (isObj(v) && isObj(s.properties) && s.additionalProperties === false)
    return Object.keys(v).every((k) => k in (s.properties as object));
  if (isObj(v) && Array.isArray(s.required)) return (s.required as string[]).every((k) => k in v);
  return true;
}

/** the schema that applies to `value`: refs followed, the first fitting branch of anyOf/oneOf taken */
export function effective(root: Schema, schema: unknown, value: unknown): Schema {
  const s = resolve(root, schema);
  const alts = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(alts)) return s;
  const pick = alts.find((a) => shapeFits(root, a as Schema, value)) ?? alts[0];
  const { anyOf: _a, oneOf: _o, ...rest } = s;
  return effective(root, { ...rest, ...resolve(root, pick) }, value);
}

const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** which control edits `value` under `s` (an effective schema) */
export function kindOf(s: Schema, value: unknown): FieldKind {
  if (Array.isArray(s.enum)) return 'enum';
  const types = typesOf(s);
  const t = value === undefined ? (types[0] ?? 'json') : jsonType(value);
  if (t === 'object' && (types.length === 0 || types.includes('object'))) return 'object';
  if (t === 'array' && (types.length === 0 || types.includes('array'))) return 'array';
  if (t === 'boolean') return 'boolean';
  if (t === 'integer') return types.includes('integer') && !types.includes('number') ? 'integer' : 'number';
  if (t === 'number') return 'number';
  if (t === 'string') return s.format === 'color' || COLOUR.test(String(value ?? '')) ? 'colour' : 'string';
  return 'json';
}

/** the named properties of an object schema, then the value's other keys (a map's entries) */
export function entriesOf(root: Schema, s: Schema, value: Record<string, unknown>) {
  const props = isObj(s.properties) ? s.properties : {};
  const named = Object.keys(props).filter(
    (k) => k in value || (Array.isArray(s.required) && s.required.includes(k)),
  );
  const rest = Object.keys(value).filter((k) => !(k in props));
  return [
    ...named.map((k) => ({ key: k, schema: props[k] as Schema, removable: false })),
    ...rest.map((k) => ({
      key: k,
      schema: (isObj(s.additionalProperties) ? s.additionalProperties : {}) as Schema,
      removable: true,
    })),
  ].map((e) => ({ ...e, schema: resolve(root, e.schema) }));
}

/** may the operator add and remove keys of this object (a map: additionalProperties allowed)? */
export const isMap = (s: Schema) => s.additionalProperties !== false && s.additionalProperties !== undefined;

/** a new value for a schema: its default, the first enum value, or an empty value of its type */
export function blank(root: Schema, schema: unknown): Json {
  const s = effective(root, schema, undefined);
  if ('default' in s) return s.default as Json;
  if (Array.isArray(s.enum)) return s.enum[0] as Json;
  const t = typesOf(s)[0];
  if (t === 'object' || isObj(s.properties)) {
    const out: Record<string, Json> = {};
    const props = isObj(s.properties) ? s.properties : {};
    for (const k of (s.required as string[] | undefined) ?? []) out[k] = blank(root, props[k]);
    return out;
  }
  if (t === 'array') return [];
  if (t === 'number' || t === 'integer') return typeof s.minimum === 'number' ? s.minimum : 0;
  if (t === 'boolean') return false;
  return '';
}

export const pointerOf = (path: (string | number)[]) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const p = (pointer: string, name: string, args: Record<string, unknown> = {}): Problem => ({
  pointer,
  key: `opsConfig.problem.${name}`,
  args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
});

/** the problems of `value` under `schema`, by JSON pointer (the keywords the form's controls show) */
export function check(
  root: Schema,
  schema: unknown,
  value: unknown,
  path: (string | number)[] = [],
): Problem[] {
  const s = effective(root, schema, value);
  const at = pointerOf(path);
  const out: Problem[] = [];
  if (Array.isArray(s.enum) && !s.enum.includes(value as never))
    return [p(at, 'enum', { values: s.enum.join(', ') })];
  const types = typesOf(s);
  if (!typeOk(types, value)) return [p(at, 'type', { type: types.join('/') })];
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) out.push(p(at, 'minimum', { limit: s.minimum }));
    if (typeof s.maximum === 'number' && value > s.maximum) out.push(p(at, 'maximum', { limit: s.maximum }));
  }
  if (typeof value === 'string') {
    const n = [...value].length;
    if (typeof s.minLength === 'number' && n < s.minLength)
      out.push(p(at, 'minLength', { limit: s.minLength }));
    if (typeof s.maxLength === 'number' && n > s.maxLength)
      out.push(p(at, 'maxLength', { limit: s.maxLength }));
    if (typeof s.pattern === 'string') {
      let re: RegExp | null = null;
      try {
        re = new RegExp(s.pattern, 'u');
      } catch {
        re = null;
      }
      if (re && !re.test(value)) out.push(p(at, 'pattern', { pattern: s.pattern }));
    }
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems)
      out.push(p(at, 'minItems', { limit: s.minItems }));
    if (typeof s.maxItems === 'number' && value.length > s.maxItems)
      out.push(p(at, 'maxItems', { limit: s.maxItems }));
    for (const [i, v] of value.entries()) out.push(...check(root, s.items ?? {}, v, [...path, i]));
  }
  if (isObj(value)) {
    const props = isObj(s.properties) ? s.properties : {};
    for (const k of (s.required as string[] | undefined) ?? [])
      if (!(k in value)) out.push(p(at, 'required', { name: k }));
    const names = resolve(root, s.propertyNames);
    for (const [k, v] of Object.entries(value)) {
      if (k in props) out.push(...check(root, props[k], v, [...path, k]));
      else if (s.additionalProperties === false)
        out.push(p(pointerOf([...path, k]), 'additional', { name: k }));
      else {
        if (typeof names.pattern === 'string' && !new RegExp(names.pattern, 'u').test(k))
          out.push(p(pointerOf([...path, k]), 'pattern', { pattern: names.pattern }));
        if (isObj(s.additionalProperties)) out.push(...check(root, s.additionalProperties, v, [...path, k]));
      }
    }
  }
  return out;
}

/** `value` with the value at `path` replaced (undefined: the key or item removed); the input is not changed */
export function setAt(value: Json, path: (string | number)[], next: Json | undefined): Json {
  if (path.length === 0) return next === undefined ? null : next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const i = Number(head);
    if (rest.length === 0 && next === undefined) copy.splice(i, 1);
    else copy[i] = setAt(copy[i] ?? null, rest, next);
    return copy;
  }
  const obj = isObj(value) ? { ...(value as Record<string, Json>) } : {};
  if (rest.length === 0 && next === undefined) delete obj[String(head)];
  else obj[String(head)] = setAt(obj[String(head)] ?? null, rest, next);
  return obj;
}

/** `value` with the key `from` of the object at `path` renamed to `to`, keeping its place */
export function renameAt(value: Json, path: (string | number)[], from: string, to: string): Json {
  const apply = (o: Json): Json =>
    isObj(o) ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k === from ? to : k, v])) : o;
  if (path.length === 0) return apply(value);
  let at: Json = value;
  for (const k of path)
    at =
      (isObj(at) ? (at as Record<string, Json>)[String(k)] : Array.isArray(at) ? at[Number(k)] : null) ??
      null;
  return setAt(value, path, apply(at));
}
