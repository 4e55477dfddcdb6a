/**
 * `npx tsx tests/bench/console-code.ts` (after `npm run build`): the console's editor code never loads in
 * the fan app (issue 15's budget). Reads dist/web: the editor's chunks are the files holding CodeMirror
 * (its `cm-editor` class); the fan app's files are, for every route of screens/routes.json outside
 * /ops, what its preload script (assets/pre-<build>-<n>.js) warms plus the entry's, each with the files
 * it imports statically. Exits 1 when a fan route would load an editor chunk. (A screen's widgets load by
 * dynamic import; no fan screen names the JSON editor, which check:config's widget list would show.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'web');
const ASSETS = join(DIST, 'assets');
const files = readdirSync(ASSETS).filter((f) => /\.(js|css)$/.test(f));
const text = new Map(files.map((f) => [f, readFileSync(join(ASSETS, f), 'utf8')]));

const editor = new Set(files.filter((f) => f.endsWith('.js') && text.get(f)?.includes('cm-editor')));
if (editor.size === 0) throw new Error('no CodeMirror chunk found: is dist/web a current build?');

/** a file with every file it imports statically (`import … from "./x.js"`, `import "./x.js"`) */
function closure(start: string[], out = new Set<string>()): Set<string> {
  for (const f of start) {
    if (out.has(f) || !text.has(f)) continue;
    out.add(f);
    const src = text.get(f) ?? '';
    const deps = [...src.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
    closure(deps, out);
  }
  return out;
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const entry = [...html.matchAll(/assets\/([\w.-]+\.js)/g)].map((m) => m[1]);
const boot = files.find((f) => f.startsWith('boot-') && f.endsWith('.js'));
const table = /var r=(\{.*?\}),d=/.exec(text.get(boot ?? '') ?? '');
if (!table) throw new Error('no route table in the boot script');
const routeIndex = JSON.parse(table[1]) as Record<string, number>;
const pre = (i: number) => files.find((f) => new RegExp(`^pre-[\\w-]+-${i}\\.js$`).test(f));

const routes = JSON.parse(readFileSync(join(DIST, '..', '..', 'screens', 'routes.json'), 'utf8')) as {
  routes: { path: string }[];
};
let bad = 0;
let checked = 0;
const fanFiles = closure(entry);
for (const { path } of routes.routes) {
  if (path.startsWith('/ops')) continue;
  const i = routeIndex[path];
  const script = i === undefined ? undefined : pre(i);
  const warmed = script
    ? [...(text.get(script) ?? '').matchAll(/"([\w.-]+\.(?:js|css))"/g)].map((m) => m[1])
    : [];
  const loaded = closure([...entry, ...warmed.filter((f) => f.endsWith('.js'))]);
  for (const f of loaded) fanFiles.add(f);
  const hits = [...loaded].filter((f) => editor.has(f));
  checked++;
  if (hits.length) {
    bad++;
    console.log(`FAIL ${path}: ${hits.join(', ')}`);
  }
}
const consoleOnly = Object.entries(routeIndex)
  .filter(([p]) => p.startsWith('/ops'))
  .flatMap(([, i]) => {
    const s = pre(i);
    return s ? [...(text.get(s) ?? '').matchAll(/"([\w.-]+\.js)"/g)].map((m) => m[1]) : [];
  });
console.log(`editor chunks: ${[...editor].join(', ')}`);
console.log(
  `fan routes checked: ${checked}; files they load (entry + preloads, static imports followed): ${fanFiles.size}; editor chunks among them: ${[...fanFiles].filter((f) => editor.has(f)).length}`,
);
console.log(`console routes' preloads name an editor chunk: ${consoleOnly.some((f) => editor.has(f))}`);
process.exit(bad ? 1 : 0);
