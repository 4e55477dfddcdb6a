/**
 * Which locale texts a screen needs, worked out from the sources at build time.
 *
 * The locale files stay one per language for translators; the build cuts each language into areas
 * (the top-level keys: `wallet`, `experts`, ...). An area goes into the core part (loaded before the
 * first paint) when code outside the widget folders, the shared tables (tabs, rules, errors) or the
 * first-load screen names it, or when nothing names it at all (a key built at run time from a name we
 * cannot see: safer to have it). Every other area is loaded by ScreenHost before a screen that names it
 * renders: in the screen's JSON, its forms, or the source of the widgets it uses (and the widgets those
 * import).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface LocaleSplit {
  /** top-level keys with texts loaded with the app: all of them, or only those of `coreKeys` */
  core: string[];
  /** areas the app's own code names by literal keys only: just these keys ride in the core */
  coreKeys: Record<string, string[]>;
  /** screen id -> areas (beyond the core) to load before it renders */
  screens: Record<string, string[]>;
  /** every area loaded on demand (partly-core areas too) */
  lazy: string[];
  /** area -> the part (chunk) it travels in: its own name, or SHARED_PART */
  partOf: Record<string, string>;
}

/**
 * The part holding the areas at least a quarter of the screens load (`common`, `widget`, `app`,
 * `validation`): ~1 KB gzip together, but a file each, and each file is a round trip per six on a phone's
 * HTTP/1.1 connections; nearly every tab opened with three or four of them.
 */
export const SHARED_PART = '_shared';
const SHARED_MIN_SHARE = 0.25;

/** The screen of the first load (#/match); its texts are part of the core. */
export const FIRST_LOAD_SCREENS = ['match/home'];
const SHARED_TABLES = ['tabs.json', 'rules.json', 'errors.json', 'routes.json'];
/** the form kit (src/engine/forms), loaded with a screen's forms (src/engine/loader.ts) */
const FORM_KIT_DIR = 'src/engine/forms';

/** Areas a text refers to: `'area.`, `"area.`, `` `area. `` or `$t:area.` */
export function areasIn(text: string, areas: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const a of areas) {
    const esc = a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?:['"\`]|\\$t:)${esc}\\.`).test(text)) found.add(a);
  }
  return found;
}

/**
 * Per area a text names: the literal keys it names (`'errors.empty'`), or 'all' when some mention is
 * built at run time (`` `errors.${code}` ``) or only a prefix.
 */
export function keysIn(text: string, areas: readonly string[]): Map<string, Set<string> | 'all'> {
  const out = new Map<string, Set<string> | 'all'>();
  for (const a of areas) {
    const esc = a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const m of text.matchAll(new RegExp(`(['"\`]|\\$t:)${esc}\\.([\\w.]*)(.?)`, 'g'))) {
      const [, open, rest, close] = m;
      const literal =
        rest && !rest.endsWith('.') && (open === '$t:' ? /^['"`]$/.test(close) : close === open);
      // `widget.dateStrip.weekday${n}`: every key under that prefix
      const prefix = rest && open === '`' && close === '$';
      const prev = out.get(a);
      if ((!literal && !prefix) || prev === 'all') out.set(a, 'all');
      else out.set(a, (prev ?? new Set<string>()).add(`${a}.${rest}${prefix ? '*' : ''}`));
    }
  }
  return out;
}

function sourcesUnder(dir: string, skip: (path: string) => boolean = () => false): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (skip(p)) continue;
    if (statSync(p).isDirectory()) out.push(...sourcesUnder(p, skip));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every string `type` in a config tree (as preloadScreenWidgets sees them). */
function typesIn(tree: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(tree)) for (const t of tree) typesIn(t, into);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) {
      if (k === 'type' && typeof v === 'string') into.add(v);
      else if (v && typeof v === 'object') typesIn(v, into);
    }
  return into;
}

/** The `widget` of every field layout in a form's `fields`, nested groups included. */
function fieldWidgets(tree: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(tree)) for (const t of tree) fieldWidgets(t, into);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) {
      if (k === 'widget' && typeof v === 'string') into.add(v);
      else if (v && typeof v === 'object') fieldWidgets(v, into);
    }
  return into;
}

function screenIds(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!prefix && name === 'forms') continue;
      out.push(...screenIds(p, `${prefix}${name}/`));
    } else if (name.endsWith('.json') && !(!prefix && SHARED_TABLES.includes(name)))
      out.push(`${prefix}${name.slice(0, -5)}`);
  }
  return out;
}

export function splitLocales(root: string, lang = 'zhhk'): LocaleSplit {
  const texts = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as object;
  const areas = Object.keys(texts);
  const read = (p: string) => readFileSync(p, 'utf8');
  const widgetsDir = join(root, 'src/widgets');
  const widgetDirs = readdirSync(widgetsDir).filter((n) => statSync(join(widgetsDir, n)).isDirectory());

  // widget type -> areas of the files its entry module reaches by relative imports inside src/widgets
  // (file by file: a widget using one helper of widgets/shared does not need every shared helper's texts)
  const fileAreas = new Map<string, Set<string>>();
  const importsOf = new Map<string, string[]>();
  const screensDir = join(root, 'screens');
  const resolve = (from: string, spec: string): string | undefined => {
    const base = join(dirname(from), spec);
    // a status map a widget imports names texts too (`$t:matchList.status.1`)
    if (spec.endsWith('.json')) return base.startsWith(screensDir) && existsSync(base) ? base : undefined;
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (p) => p.startsWith(widgetsDir) && existsSync(p) && statSync(p).isFile() && /\.tsx?$/.test(p),
    );
  };
  const scan = (file: string) => {
    if (fileAreas.has(file)) return;
    const src = read(file);
    fileAreas.set(file, areasIn(src, areas));
    importsOf.set(
      file,
      [...src.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
        .map((m) => resolve(file, m[1] ?? m[2]))
        .filter((p): p is string => !!p),
    );
  };
  /** the source files a widget type's entry module reaches */
  const widgetFiles = (w: string): string[] => {
    const entry = ['index.tsx', 'index.ts'].map((n) => join(widgetsDir, w, n)).find((p) => existsSync(p));
    const stack = entry ? [entry] : [];
    const seen = new Set<string>();
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      scan(f);
      stack.push(...importsOf.get(f)!);
    }
    return [...seen];
  };
  const cache = new Map<string, Set<string>>();
  const widgetAreas = (w: string): Set<string> => {
    const hit = cache.get(w);
    if (hit) return hit;
    const out = new Set<string>();
    for (const f of widgetFiles(w)) for (const a of fileAreas.get(f)!) out.add(a);
    cache.set(w, out);
    return out;
  };

  let formKit: Set<string> | undefined;
  const formKitAreas = () => {
    formKit ??= areasIn(sourcesUnder(join(root, FORM_KIT_DIR)).map(read).join('\n'), areas);
    return formKit;
  };

  /** the JSON texts of the fragments a text uses (`"fragment": "follows/button"`), nested ones too */
  const fragmentsOf = (raw: string, seen = new Set<string>()): string[] =>
    [...raw.matchAll(/"fragment"\s*:\s*"([\w/-]+)"/g)].flatMap((m) => {
      const p = join(screensDir, 'fragments', `${m[1]}.json`);
      if (seen.has(p) || !existsSync(p)) return [];
      seen.add(p);
      const text = read(p);
      return [text, ...fragmentsOf(text, seen)];
    });

  const screenAreas = (id: string): Set<string> => {
    const raw = read(join(screensDir, `${id}.json`));
    const config = JSON.parse(raw) as { forms?: Record<string, { form: string }> };
    const fragments = fragmentsOf(raw);
    const found = areasIn([raw, ...fragments].join('\n'), areas);
    for (const f of Object.values(config.forms ?? {})) {
      const p = join(screensDir, 'forms', `${f.form}.json`);
      if (!existsSync(p)) continue;
      const form = read(p);
      for (const a of areasIn(form, areas)) found.add(a);
      // a form's fields render as `field-<widget>` nodes (src/engine/form-layout.ts)
      for (const w of fieldWidgets(JSON.parse(form).fields))
        for (const a of widgetAreas(`field-${w}`)) found.add(a);
    }
    // the widgets of the screen and of the fragments it uses
    for (const tree of [config, ...fragments.map((f) => JSON.parse(f))])
      for (const t of typesIn(tree)) for (const a of widgetAreas(t)) found.add(a);
    if (Object.keys(config.forms ?? {}).length) for (const a of formKitAreas()) found.add(a);
    return found;
  };

  const core = new Set<string>();
  const inWidgetDir = (p: string) => widgetDirs.some((w) => p === join(widgetsDir, w));
  // generated files (props.gen.ts) quote widget docs, which name areas without using them; the form
  // kit loads with the first screen that has a form, and so do its texts
  const formKitDir = join(root, FORM_KIT_DIR);
  const coreSources = sourcesUnder(join(root, 'src'), (p) => inWidgetDir(p) || p === formKitDir).filter(
    (p) => !p.includes('/bench/') && !p.endsWith('.gen.ts'),
  );
  // the app's own code and tables: an area named only by literal keys contributes just those keys
  const appTexts = [
    ...coreSources.map(read),
    ...SHARED_TABLES.filter((t) => existsSync(join(screensDir, t))).map((t) => read(join(screensDir, t))),
  ];
  const partial = new Map<string, Set<string>>();
  for (const [a, keys] of keysIn(appTexts.join('\n'), areas)) {
    if (keys === 'all') core.add(a);
    else partial.set(a, keys);
  }
  // the first-load screen and its widgets, key by key too (its forms would load the form kit: none)
  for (const id of FIRST_LOAD_SCREENS) {
    const raw = read(join(screensDir, `${id}.json`));
    const sources = [raw, ...[...typesIn(JSON.parse(raw))].flatMap(widgetFiles).map(read)];
    for (const [a, keys] of keysIn(sources.join('\n'), areas)) {
      if (keys === 'all') core.add(a);
      else partial.set(a, new Set([...(partial.get(a) ?? []), ...keys]));
    }
  }
  for (const a of core) partial.delete(a);

  const screens: Record<string, string[]> = {};
  const named = new Set<string>();
  for (const id of screenIds(screensDir)) {
    const found = screenAreas(id);
    for (const a of found) named.add(a);
    // the first-load screen's keys are all in the core (key by key), it loads no area
    const extra = FIRST_LOAD_SCREENS.includes(id) ? [] : [...found].filter((a) => !core.has(a)).sort();
    if (extra.length) screens[id] = extra;
  }
  // texts only the server reads (SMS/email wording, protocol titles) never go to the browser
  const serverOnly = areasIn(sourcesUnder(join(root, 'server')).map(read).join('\n'), areas);
  for (const a of areas)
    if (!named.has(a) && !core.has(a) && !partial.has(a) && !serverOnly.has(a)) core.add(a);
  const lazy = areas.filter((a) => !core.has(a));
  const coreKeys = Object.fromEntries([...partial].map(([a, keys]) => [a, [...keys].sort()]));
  const lists = Object.values(screens);
  const partOf = Object.fromEntries(
    lazy.map((a) => {
      const users = lists.filter((l) => l.includes(a)).length;
      return [a, users >= Math.max(2, lists.length * SHARED_MIN_SHARE) ? SHARED_PART : a];
    }),
  );
  return { core: areas.filter((a) => core.has(a) || partial.has(a)), coreKeys, screens, lazy, partOf };
}
