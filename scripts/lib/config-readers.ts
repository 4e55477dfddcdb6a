/** The pieces `check:config` reads beside each file: widget props validators, data schemas, forms, fragments, theme tokens, rules, nodes and run actions. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { type RuleValues, ruleValues } from '../../contracts/rules';
import type { FragmentConfig } from '../../src/engine/fragments';
import { type ThemeTokens, themeTokenPaths } from '../../src/engine/theme';
import { type createConfigAjv, SCHEMAS_DIR, WIDGETS_DIR } from './config-ajv';
import { type ConfigFiles, listJson } from './config-source';

export function widgetValidators(ajv: ReturnType<typeof createConfigAjv>): Map<string, ValidateFunction> {
  const map = new Map<string, ValidateFunction>();
  if (!existsSync(WIDGETS_DIR)) return map;
  for (const d of readdirSync(WIDGETS_DIR, { withFileTypes: true })) {
    const file = join(WIDGETS_DIR, d.name, 'props.schema.json');
    if (d.isDirectory() && existsSync(file))
      map.set(d.name, ajv.compile(JSON.parse(readFileSync(file, 'utf8'))));
  }
  return map;
}

export function dataSchemaIds(): Set<string> {
  const ids = new Set<string>();
  for (const f of listJson(join(SCHEMAS_DIR, 'data'))) {
    ids.add(basename(f).replace(/\.schema\.json$/, ''));
    const id = JSON.parse(readFileSync(f, 'utf8')).$id;
    if (id) ids.add(id);
  }
  return ids;
}

export function* nodesOf(
  node: any,
  path: (string | number)[],
): Generator<{ node: any; path: (string | number)[] }> {
  if (!node || typeof node !== 'object') return;
  yield { node, path };
  for (const [i, c] of (node.children ?? []).entries()) yield* nodesOf(c, [...path, 'children', i]);
  for (const [slot, list] of Object.entries(node.slots ?? {})) {
    for (const [i, c] of (list as any[]).entries()) yield* nodesOf(c, [...path, 'slots', slot, i]);
  }
}

/** The form files a screen's `forms` table names, by id (missing or malformed ones left out). */
export function readForms(
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
export function readFragments(fs: ConfigFiles, screensDir: string): Map<string, FragmentConfig> {
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
export function readThemeTokens(fs: ConfigFiles, screensDir: string): Set<string> {
  try {
    return themeTokenPaths(fs.read(join(screensDir, 'theme.json')) as ThemeTokens);
  } catch {
    return new Set();
  }
}

/** The unwrapped rules.json that `rules.*` expressions are checked against (none: names are not checked). */
export function readRules(fs: ConfigFiles, screensDir: string): RuleValues | undefined {
  try {
    return ruleValues(fs.read(join(screensDir, 'rules.json')));
  } catch {
    return undefined;
  }
}

/** `{type: 'run', name}` actions anywhere in a screen, with where they are. */
export function* runActionsOf(
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
