/**
 * `npm run check:config`: validates every config file under screens/ against the config language and
 * cross-checks what schemas alone cannot: widget props per node type, route -> screen files, form ->
 * data schema, expressions (syntax, known names, `rules.*` against rules.json, `app.*`), `run` actions
 * against the screen's named lists, and i18n keys (texts, route titles) in all three locales.
 * Prints `file: /json/pointer: message` per problem and exits 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { type RuleValues, ruleValues } from '../contracts/rules';
import { E } from '../server/http/errors';
import { expandFormNodes, type FormLayoutError, formNodesOf } from '../src/engine/form-layout';
import { expandFragments, type FragmentConfig, type FragmentError } from '../src/engine/fragments';
import { type ThemeTokens, themeTokenPaths } from '../src/engine/theme';
import { codeKeys } from './lib/code-keys';
import { createConfigAjv, ROOT, SCHEMAS_DIR, WIDGETS_DIR } from './lib/config-ajv';
import { flattenKeys, pointer, walkExpressions } from './lib/config-walk';
import { placeholderProblems } from './lib/placeholders';
import { ajvKey, messageKey, type ProblemKey, problemKey } from './lib/problem-keys';
import { unusedKeys } from './lib/unused-keys';

export interface ConfigProblem {
  file: string;
  pointer: string;
  message: string;
  /** the message as an i18n key and its arguments (scripts/lib/problem-keys.ts), when it has one */
  key?: string;
  args?: Record<string, string>;
}

export const LANGS = ['zhhk', 'zhcn', 'zhtw'] as const;

const BY_LOCATION: Record<string, string> = {
  'routes.json': 'route-table.schema.json',
  'tabs.json': 'tab-layout.schema.json',
  'errors.json': 'error-catalogue.schema.json',
  'rules.json': 'rules.schema.json',
  'theme.json': 'theme.schema.json',
};

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listJson(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : [],
  );
}

/**
 * Config files replacing (or adding to) the ones on disk, by path under the root
 * (`screens/match/home.json`, `locales/zhhk.json`): the server checks an operator's draft against the
 * published documents this way, with the same checks as the repo's files.
 */
export type ConfigOverlay = ReadonlyMap<string, unknown>;

/** The files the checker reads: the disk under `root`, with the overlay's files in front. */
function configFiles(root: string, overlay: ConfigOverlay = new Map()) {
  const rel = (abs: string) => relative(root, abs).split('\\').join('/');
  return {
    list(dir: string): string[] {
      const found = new Set(listJson(dir));
      const under = `${rel(dir)}/`;
      for (const k of overlay.keys())
        if (k.startsWith(under) && k.endsWith('.json')) found.add(join(root, k));
      return [...found].sort();
    },
    exists: (abs: string) => overlay.has(rel(abs)) || existsSync(abs),
    /** parsed JSON; throws like JSON.parse on a broken file */
    read(abs: string): any {
      const r = rel(abs);
      if (overlay.has(r)) return structuredClone(overlay.get(r));
      return JSON.parse(readFileSync(abs, 'utf8'));
    },
  };
}
type ConfigFiles = ReturnType<typeof configFiles>;

/** Which schema a config file follows: its `$schema`, else where it sits. */
export function schemaFor(rel: string, json: any): string {
  if (typeof json?.$schema === 'string') return basename(json.$schema);
  if (BY_LOCATION[rel]) return BY_LOCATION[rel];
  if (rel.startsWith('forms/')) return 'form.schema.json';
  if (rel.startsWith('status/')) return 'status-map.schema.json';
  if (rel.startsWith('fragments/')) return 'fragment.schema.json';
  return 'screen.schema.json';
}

function ajvMessage(e: ErrorObject): string {
  if (e.keyword === 'discriminator') {
    const { tag, tagValue } = e.params as { tag: string; tagValue: unknown };
    return tagValue === undefined ? `"${tag}" is missing` : `unknown ${tag} "${String(tagValue)}"`;
  }
  const extra =
    e.keyword === 'additionalProperties'
      ? ` ("${(e.params as any).additionalProperty}")`
      : e.keyword === 'enum'
        ? ` (${(e.params as any).allowedValues.join(', ')})`
        : '';
  return `${e.message ?? e.keyword}${extra}`;
}

/** anyOf/oneOf report every branch; keep the most specific (deepest) errors to stay readable. */
function readable(errors: ErrorObject[]): ErrorObject[] {
  const deepest = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const list = deepest.get(e.instancePath) ?? [];
    list.push(e);
    deepest.set(e.instancePath, list);
  }
  const out = [...deepest.values()].flat();
  return out.length ? out : errors;
}

function widgetValidators(ajv: ReturnType<typeof createConfigAjv>): Map<string, ValidateFunction> {
  const map = new Map<string, ValidateFunction>();
  if (!existsSync(WIDGETS_DIR)) return map;
  for (const d of readdirSync(WIDGETS_DIR, { withFileTypes: true })) {
    const file = join(WIDGETS_DIR, d.name, 'props.schema.json');
    if (d.isDirectory() && existsSync(file))
      map.set(d.name, ajv.compile(JSON.parse(readFileSync(file, 'utf8'))));
  }
  return map;
}

function dataSchemaIds(): Set<string> {
  const ids = new Set<string>();
  for (const f of listJson(join(SCHEMAS_DIR, 'data'))) {
    ids.add(basename(f).replace(/\.schema\.json$/, ''));
    const id = JSON.parse(readFileSync(f, 'utf8')).$id;
    if (id) ids.add(id);
  }
  return ids;
}

function* nodesOf(node: any, path: (string | number)[]): Generator<{ node: any; path: (string | number)[] }> {
  if (!node || typeof node !== 'object') return;
  yield { node, path };
  for (const [i, c] of (node.children ?? []).entries()) yield* nodesOf(c, [...path, 'children', i]);
  for (const [slot, list] of Object.entries(node.slots ?? {})) {
    for (const [i, c] of (list as any[]).entries()) yield* nodesOf(c, [...path, 'slots', slot, i]);
  }
}

/** The form files a screen's `forms` table names, by id (missing or malformed ones left out). */
function readForms(
  fs: ConfigFiles,
  screensDir: string,
  forms: Record<string, { form: string }> | undefined,
): Record<string, any> {
  const out: Record<string, any> = {};
  for (const { form } of Object.values(forms ?? {})) {
    try {
      out[form] = fs.read(join(screensDir, 'forms', `${form}.json`));
    } catch {
      // reported where the screen names it, or where the form file itself is read
    }
  }
  return out;
}

/** screens/fragments/**: what `use` nodes expand to (malformed files are reported where they are read). */
function readFragments(fs: ConfigFiles, screensDir: string): Map<string, FragmentConfig> {
  const dir = join(screensDir, 'fragments');
  const out = new Map<string, FragmentConfig>();
  for (const abs of fs.list(dir)) {
    try {
      out.set(
        relative(dir, abs)
          .split('\\')
          .join('/')
          .replace(/\.json$/, ''),
        fs.read(abs),
      );
    } catch {
      /* reported as invalid JSON by the main loop */
    }
  }
  return out;
}

/** Token paths of screens/theme.json (none when it is missing or broken: it is reported as a file). */
function readThemeTokens(fs: ConfigFiles, screensDir: string): Set<string> {
  try {
    return themeTokenPaths(fs.read(join(screensDir, 'theme.json')) as ThemeTokens);
  } catch {
    return new Set();
  }
}

/** The unwrapped rules.json that `rules.*` expressions are checked against (none: names are not checked). */
function readRules(fs: ConfigFiles, screensDir: string): RuleValues | undefined {
  try {
    return ruleValues(fs.read(join(screensDir, 'rules.json')));
  } catch {
    return undefined;
  }
}

/** `{type: 'run', name}` actions anywhere in a screen, with where they are. */
function* runActionsOf(
  value: unknown,
  path: (string | number)[],
): Generator<{ name: string; path: (string | number)[] }> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* runActionsOf(v, [...path, i]);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.type === 'run' && typeof o.name === 'string') yield { name: o.name, path };
    for (const [k, v] of Object.entries(o))
      if (!(path.length === 0 && k === 'state')) yield* runActionsOf(v, [...path, k]);
  }
}

export function checkConfig(root = ROOT, overlay?: ConfigOverlay): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const fs = configFiles(root, overlay);
  const screensDir = join(root, 'screens');
  const rules = readRules(fs, screensDir);
  const ajv = createConfigAjv();
  const widgets = widgetValidators(ajv);
  const dataIds = dataSchemaIds();
  const usedKeys: { file: string; key: string; pointer: string }[] = [];
  const files = new Map<string, any>();
  const fragments = readFragments(fs, screensDir);
  const tokens = readThemeTokens(fs, screensDir);
  const renderedFields = new Set<string>();
  const formLayouts: { file: string; id: string; names: string[] }[] = [];

  for (const abs of fs.list(screensDir)) {
    const rel = relative(screensDir, abs).split('\\').join('/');
    const file = `screens/${rel}`;
    const report = (ptr: string, message: string, k?: ProblemKey) =>
      problems.push({ file, pointer: ptr, message, ...k });
    let json: any;
    try {
      json = fs.read(abs);
    } catch (e) {
      report(
        '',
        `invalid JSON: ${(e as Error).message}`,
        problemKey('json', { detail: (e as Error).message }),
      );
      continue;
    }
    files.set(rel, json);
    const schemaId = schemaFor(rel, json);
    const validate = ajv.getSchema(schemaId);
    if (!validate) {
      report('/$schema', `unknown schema "${schemaId}"`, problemKey('schema', { name: schemaId }));
      continue;
    }
    if (!validate(json))
      for (const e of readable(validate.errors ?? [])) report(e.instancePath, ajvMessage(e), ajvKey(e));

    const walked = walkExpressions(json, [], undefined, rules);
    for (const f of walked.errors) problems.push({ file, ...f });
    for (const k of walked.keys) usedKeys.push({ file, ...k });
    for (const { map, pointer: at } of walked.statusMaps)
      if (!fs.exists(join(screensDir, 'status', `${map}.json`)))
        report(
          at,
          `unknown status map "${map}" (no screens/status/${map}.json)`,
          problemKey('statusMap', { map }),
        );
    for (const { token, pointer: at } of walked.themes)
      if (!tokens.has(token))
        report(
          at,
          `unknown theme token "${token}" (screens/theme.json)`,
          problemKey('themeToken', { token }),
        );

    if (schemaId === 'screen.schema.json') {
      const expectedId = rel.replace(/\.json$/, '');
      if (json.id !== expectedId)
        report(
          '/id',
          `id must be "${expectedId}" (its path under screens/)`,
          problemKey('id', { id: expectedId }),
        );
      const withFragments = expandFragments(json.body, (n) => fragments.get(n), {
        path: '/body',
        onError: (e: FragmentError) => report(e.pointer, e.message, messageKey(e.message)),
      });
      const formFiles = readForms(fs, screensDir, json.forms);
      for (const node of formNodesOf(withFragments)) {
        const id = json.forms?.[node.form]?.form;
        for (const name of node.fields ?? (formFiles[id]?.fields ?? []).map((f: any) => f.name))
          if (id) renderedFields.add(`${id}/${name}`);
      }
      const body = expandFormNodes(withFragments, json.forms ?? {}, formFiles, {
        path: '/body',
        onError: (e: FormLayoutError) => report(e.pointer, e.message, messageKey(e.message)),
      });
      for (const { node, path } of nodesOf(body, ['body'])) {
        // a use or form node that could not expand is reported above
        if (node.type === 'use' || node.type === 'form') continue;
        const check = widgets.get(node.type);
        if (!check) {
          report(
            pointer([...path, 'type']),
            `unknown widget type "${node.type}"`,
            problemKey('widget', { type: node.type }),
          );
        } else if (!check(node.props ?? {})) {
          for (const e of readable(check.errors ?? []))
            report(pointer([...path, 'props']) + e.instancePath, ajvMessage(e), ajvKey(e));
        }
      }
      for (const { name, path } of runActionsOf(json, [])) {
        if (!Object.hasOwn(json.actions ?? {}, name))
          report(
            pointer([...path, 'name']),
            `no action list "${name}" in this screen's "actions"`,
            problemKey('actionList', { name }),
          );
      }
      for (const [name, entry] of Object.entries<any>(json.forms ?? {})) {
        const form = formFiles[entry.form];
        if (!form) {
          report(
            pointer(['forms', name, 'form']),
            `form "${entry.form}" has no file screens/forms/${entry.form}.json`,
            problemKey('formFile', { form: entry.form }),
          );
          continue;
        }
        // one place per form: a screen states only the defaults that differ from the form file's
        for (const [key, value] of Object.entries<unknown>(entry.defaults ?? {}))
          if (form.defaults && JSON.stringify(form.defaults[key]) === JSON.stringify(value))
            report(
              pointer(['forms', name, 'defaults', key]),
              `repeats the default of form "${entry.form}"`,
              problemKey('formDefault', { form: entry.form }),
            );
      }
    }
    if (schemaId === 'fragment.schema.json') {
      const expectedId = rel.replace(/^fragments\//, '').replace(/\.json$/, '');
      if (json.id !== expectedId)
        report(
          '/id',
          `id must be "${expectedId}" (its path under screens/fragments/)`,
          problemKey('idFile', { id: expectedId }),
        );
    }
    if (schemaId === 'form.schema.json') {
      formLayouts.push({ file, id: json.id, names: (json.fields ?? []).map((f: any) => f.name) });
      if (json.id !== basename(rel, '.json'))
        report(
          '/id',
          `id must be "${basename(rel, '.json')}" (its file name)`,
          problemKey('idFile', { id: basename(rel, '.json') }),
        );
      const ds = String(json.dataSchema ?? '').replace(/\.schema\.json$/, '');
      if (!dataIds.has(ds) && !dataIds.has(json.dataSchema)) {
        report(
          '/dataSchema',
          `data schema "${json.dataSchema}" not found in schemas/data`,
          problemKey('dataSchema', { name: json.dataSchema }),
        );
      }
    }
    if (schemaId === 'route-table.schema.json') {
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (!r.screen && !r.redirect)
          report(pointer(['routes', i]), 'a route needs "screen" or "redirect"', problemKey('routeTarget'));
        if (r.screen && !fs.exists(join(screensDir, `${r.screen}.json`))) {
          report(
            pointer(['routes', i, 'screen']),
            `screen file screens/${r.screen}.json does not exist`,
            problemKey('screenFile', { screen: r.screen }),
          );
        }
      }
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (typeof r.title === 'string')
          usedKeys.push({ file, key: r.title, pointer: pointer(['routes', i, 'title']) });
      }
      const seen = new Set<string>();
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (seen.has(r.path))
          report(
            pointer(['routes', i, 'path']),
            `duplicate route "${r.path}"`,
            problemKey('routeDup', { path: r.path }),
          );
        seen.add(r.path);
      }
    }
    if (schemaId === 'error-catalogue.schema.json') {
      // every code the server answers has its text, errors.<code>, in each language
      for (const [name, code] of Object.entries(E))
        usedKeys.push({ file: 'server/http/errors.ts', key: `errors.${code}`, pointer: `/${name}` });
      if (json.emptyResponse?.toast)
        usedKeys.push({ file, key: json.emptyResponse.toast, pointer: '/emptyResponse/toast' });
    }
  }

  // no dead config: a field layout that no screen's form node shows is an error, not a promise
  for (const { file, id, names } of formLayouts)
    for (const [i, name] of names.entries())
      if (!renderedFields.has(`${id}/${name}`))
        problems.push({
          file,
          pointer: `/fields/${i}`,
          message: `no screen shows field "${name}" (a "form" node)`,
          ...problemKey('unshownField', { name }),
        });

  // and the keys the app's and the server's code name (widgets, engine, server messages)
  usedKeys.push(...codeKeys(root));
  problems.push(...checkLocales(root, usedKeys, fs));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer));
}

/** Every key in all three locales, and every key the configs use present in each. */
export function checkLocales(
  root: string,
  used: { file: string; key: string; pointer: string }[],
  fs: ConfigFiles = configFiles(root),
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const keys = new Map<string, Set<string>>();
  const trees = new Map<string, unknown>();
  const ajv = createConfigAjv();
  const validate = ajv.getSchema('locale.schema.json')!;
  for (const lang of LANGS) {
    const file = `locales/${lang}.json`;
    let tree: unknown;
    try {
      tree = fs.read(join(root, file));
    } catch (e) {
      const detail = (e as Error).message;
      problems.push({
        file,
        pointer: '',
        message: `invalid JSON: ${detail}`,
        ...problemKey('json', { detail }),
      });
      continue;
    }
    if (!validate(tree))
      for (const e of readable(validate.errors ?? []))
        problems.push({ file, pointer: e.instancePath, message: ajvMessage(e), ...ajvKey(e) });
    keys.set(lang, flattenKeys(tree));
    trees.set(lang, tree);
  }
  problems.push(...placeholderProblems(trees));
  const all = new Set([...keys.values()].flatMap((s) => [...s]));
  for (const [lang, set] of keys) {
    for (const k of all) {
      if (!set.has(k))
        problems.push({
          file: `locales/${lang}.json`,
          pointer: `/${k.split('.').join('/')}`,
          message: `missing key "${k}" (present in another locale)`,
          ...problemKey('missingKey', { key: k }),
        });
    }
  }
  for (const u of used) {
    const missing = [...keys].filter(([, set]) => !set.has(u.key)).map(([lang]) => lang);
    if (missing.length)
      problems.push({
        file: u.file,
        pointer: u.pointer,
        message: `i18n key "${u.key}" missing in ${missing.join(', ')}`,
        ...problemKey('keyMissingIn', { key: u.key, langs: missing.join(', ') }),
      });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const problems = checkConfig();
  for (const p of problems) console.log(`${p.file}: ${p.pointer || '/'}: ${p.message}`);
  // a report, not a failure: texts nothing seems to use (dynamic keys are counted as used by prefix)
  const unused = unusedKeys(ROOT);
  if (unused.length)
    console.log(
      `${unused.length} locale key(s) possibly unused: ${unused.slice(0, 30).join(', ')}${unused.length > 30 ? ', …' : ''}`,
    );
  console.log(problems.length ? `\n${problems.length} problem(s)` : 'config OK');
  process.exit(problems.length ? 1 : 0);
}
