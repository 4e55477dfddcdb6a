/**
 * The JSON Schema the console's JSON editor (widget `field-json-editor`) checks and completes a document
 * with: the document's schema file (as `check:config` picks it) with every schema it references bundled
 * under `$defs` (one self-contained schema: the editor resolves only local `#/...` pointers), and a
 * node's `type` listing the widget types (plus `use` and `form`) so completion offers them. Built once
 * per schema file: the schemas do not change while the server runs. The server still checks a draft
 * with the full checker; this schema only helps the operator type.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFor } from '../../../scripts/check-config';
import { ROOT } from './catalogue';

const SCHEMAS = join(ROOT, 'schemas');
const WIDGETS = join(ROOT, 'src', 'widgets');

/** node types a screen may name: a folder per widget with its props schema, and the two expanded types */
export function widgetTypes(): string[] {
  const found = readdirSync(WIDGETS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(WIDGETS, d.name, 'props.schema.json')))
    .map((d) => d.name);
  return [...found, 'use', 'form'].sort();
}

type Json = Record<string, unknown>;

const readSchema = (file: string): Json => JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'));

/** `#/$defs/<file>` for a bundled file, the root itself for the root file */
const base = (file: string, root: string) => (file === root ? '#' : `#/$defs/${file}`);

function rewrite(value: unknown, file: string, root: string, need: Set<string>, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, file, root, need, false));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === '$ref' && typeof v === 'string') {
      const [target, frag = ''] = v.split('#');
      const to = target || file;
      if (to !== root) need.add(to);
      out[k] = `${base(to, root)}${frag}`;
    } else if (top && (k === '$id' || k === '$schema')) {
      // a bundled part keeps no base URI of its own: its refs are rewritten to the root's pointers
    } else out[k] = rewrite(v, file, root, need, false);
  }
  return out;
}

const cache = new Map<string, Json>();

/** One self-contained schema for the schema file `root` (`screen.schema.json`...). */
export function bundledSchema(root: string): Json {
  const hit = cache.get(root);
  if (hit) return hit;
  const need = new Set<string>();
  const out = rewrite(readSchema(root), root, root, need) as Json;
  const defs = { ...((out.$defs as Json | undefined) ?? {}) };
  const done = new Set<string>();
  while ([...need].some((f) => !done.has(f))) {
    for (const f of [...need].filter((x) => !done.has(x))) {
      done.add(f);
      defs[f] = rewrite(readSchema(f), f, root, need);
    }
  }
  const types = widgetTypes();
  const node = (root === 'node.schema.json' ? out : defs['node.schema.json']) as Json | undefined;
  const props = node?.properties as Json | undefined;
  if (props?.type) props.type = { ...(props.type as Json), enum: types };
  if (Object.keys(defs).length > 0) out.$defs = defs;
  cache.set(root, out);
  return out;
}

/** The schema of the document in `file` (repo-relative, `screens/...` or `locales/...`) holding `body`. */
export function editorSchemaFor(file: string, body: unknown): Json {
  if (file.startsWith('locales/')) return bundledSchema('locale.schema.json');
  const rel = file.replace(/^screens\//, '');
  const name = schemaFor(rel, body);
  return existsSync(join(SCHEMAS, name)) ? bundledSchema(name) : {};
}
