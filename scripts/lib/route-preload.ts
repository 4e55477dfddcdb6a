/**
 * Vite plugin: per-route preloads started from index.html.
 *
 * Without it a cold open of a deep link is a waterfall of round trips: the entry script runs, then asks
 * for the locale, then the token, then the screen's JSON, then the form code, then the widget chunks
 * (and their antd-mobile pieces), each only discovered once the one before has arrived. A boot script
 * maps every route of screens/routes.json to its screen and loads that screen's preload script
 * (assets/pre-<build>-<n>.js), which holds the chunks (and stylesheets) the screen needs per language and
 * adds `<link rel=modulepreload>` for them, so they download in parallel with the entry script. The
 * whole table (every screen's files for three languages, 6.6 KB gzip) was part of every first load; now
 * a first load fetches its own screen's slice (~0.4 KB) one short round trip later. The app still imports them as before: this only
 * warms the browser's module map. Entry chunks (already preloaded by Vite's own tags) are left out.
 *
 * The Content-Security-Policy allows no inline script, so that script is a file: assets/boot-<hash>.js,
 * written next to the bundle and cached like the other hashed assets. index.html's `<html lang>` script
 * (public/html-lang.js) is folded into the same file, which keeps its place in <head> (before the first
 * paint): one request, cached for good, instead of two.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import type { FieldLayout } from '../../src/engine/config-types.gen';
import { fragmentNames } from '../../src/engine/fragments';
import { readsRules } from '../../src/engine/globals';
import { firstPaintParts, firstPaintStrings, firstPaintTypes } from '../../src/widgets/first-paint';
import { earlyApiScript } from './early-api';
import { type EarlyRequest, earlyRequests } from './early-requests';
import { localePartId, SCREEN_AREAS_ID } from './locale-chunks';
import { splitLocales } from './locale-split';

interface RouteTable {
  routes: { path: string; screen?: string; redirect?: string }[];
}

interface OutChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

// the core texts of a language (scripts/lib/locale-chunks.ts) and its date formats
const LANG_MODULES: Record<string, string[]> = {
  zhhk: [localePartId('zhhk', 'core'), '/node_modules/dayjs/locale/zh-hk.js'],
  zhcn: [localePartId('zhcn', 'core'), '/node_modules/dayjs/locale/zh-cn.js'],
  zhtw: [localePartId('zhtw', 'core'), '/node_modules/dayjs/locale/zh-tw.js'],
};
const WIDGET_SETUP = '/src/widgets/antd-setup.ts';
const FORM_KIT = '/src/engine/forms/screen-form.ts';
const FRAGMENTS = '/src/engine/fragments.ts';
const RULES = '/screens/rules.json';
const ICON_DIR = 'src/widgets/icon/svg';
const EMITTED_DATA = /(^|\/)(cfg|icon)-[0-9a-f]{10}-/;

/**
 * What a screen renders beyond its own file: the bodies of the fragments it uses (and theirs), and the
 * field nodes its forms' layouts become (src/engine/loader.ts expands both when the screen loads).
 */
function expandedTree(root: string, config: { body?: unknown; forms?: Record<string, { form: string }> }) {
  const read = (path: string) => JSON.parse(readFileSync(join(root, 'screens', `${path}.json`), 'utf8'));
  const parts: unknown[] = [config];
  const seen = new Set<string>();
  let wanted = [...fragmentNames(config.body)];
  while (wanted.length) {
    for (const n of wanted) seen.add(n);
    const bodies = wanted.map((n) => read(`fragments/${n}`).body);
    parts.push(...bodies);
    wanted = [...fragmentNames(bodies)].filter((n) => !seen.has(n));
  }
  for (const { form } of Object.values(config.forms ?? {})) {
    const layouts = (read(`forms/${form}`).fields ?? []) as FieldLayout[];
    parts.push(layouts.map((f) => ({ type: `field-${f.widget}`, slots: f.slots, children: f.children })));
  }
  return parts;
}

/**
 * The icons a screen draws when it opens (icon props and the like), with their markup: the screen's
 * preload script carries them (window.__gfIcons, read by the icon loader of config-chunk-names.ts), so
 * they cost no request of their own. The tab roots drew 4 to 8 icons, each a ~0.6 KB file and a round
 * trip on a phone's six connections. Icons further in (popups, tabs not opened) load when drawn.
 */
function firstPaintIcons(root: string, tree: unknown): Record<string, string> {
  const icons: Record<string, string> = {};
  for (const v of [...firstPaintStrings(tree)].sort()) {
    const file = join(root, ICON_DIR, `${v}.json`);
    if (/^[A-Z][A-Za-z]+$/.test(v) && existsSync(file)) icons[v] = JSON.parse(readFileSync(file, 'utf8'));
  }
  return icons;
}

/** [own files, first-paint widget types, text areas, GET calls to start early, icons by name] */
type ScreenEntry = [number[], string[], string[], EarlyRequest[], Record<string, string>];

/**
 * One screen's preload script: its files (with its widgets' and its texts' chunks) for each language,
 * picked by the rule of defaultLang() in src/app/i18n.ts, added as `<link rel=modulepreload>` (stylesheets
 * as `preload`). The links go in one per task, most needed first: under Lighthouse's 4x CPU a
 * modulepreload link costs 8-20 ms to insert, so 16 of them were one 160-330 ms long task (a DocumentFragment
 * did not help: the cost is the browser starting each fetch, not the DOM insertion); one per task leaves
 * each under the 50 ms that counts towards Total Blocking Time.
 */
function screenPreloadScript(
  names: string[],
  [own, types, textAreas, early, icons]: ScreenEntry,
  widgets: Record<string, number[]>,
  langs: Record<string, number[]>,
  areas: Record<string, Record<string, number[]>>,
): string {
  const perLang: Record<string, number[]> = {};
  for (const [lang, base] of Object.entries(langs)) {
    const all = [...base, ...own, ...types.flatMap((t) => widgets[t] ?? [])];
    for (const a of textAreas) all.push(...(areas[lang]?.[a] ?? []));
    perLang[lang] = [...new Set(all)];
  }
  const used = [...new Set(Object.values(perLang).flat())].sort((a, b) => a - b);
  const local = new Map(used.map((n, i) => [n, i]));
  const f = used.map((n) => names[n]);
  const l = Object.fromEntries(Object.entries(perLang).map(([k, v]) => [k, v.map((n) => local.get(n))]));
  const iconsJs = Object.keys(icons).length
    ? `;window.__gfIcons=Object.assign(window.__gfIcons||{},${JSON.stringify(icons)})`
    : '';
  return `(function(){try{var f=${JSON.stringify(f)},m=${JSON.stringify(l)};var s=JSON.parse(localStorage.getItem('lang')||'null');var n=m[m[s]?s:(navigator.language||'').toLowerCase()==='zh-cn'?'zhcn':'zhhk'];window.__gfEarly&&__gfEarly.get(${JSON.stringify(early)});var q=n.slice();(function a(){var i=q.shift();if(i==null)return;var p=f[i],k=document.createElement('link');if(/\\.css$/.test(p)){k.rel='preload';k.as='style'}else k.rel='modulepreload';k.crossOrigin='';k.href='./assets/'+p;document.head.appendChild(k);setTimeout(a,0)})()${iconsJs}}catch(e){}})();\n`;
}

const INLINE_CSS_MAX = 24 * 1024;

/**
 * The entry stylesheet (a few KB) inlined as a <style>: a linked one blocks the first paint (the splash)
 * for a request that, on a slow link, queues behind the preloads. Skipped for sheets with url()s (their
 * paths are relative to assets/) or large ones.
 */
function inlineEntryCss(html: string, bundle: Record<string, { type: string; source?: unknown }>): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const src = bundle[file]?.source;
      const css =
        typeof src === 'string' ? src : src instanceof Uint8Array ? new TextDecoder().decode(src) : '';
      if (!css || css.length > INLINE_CSS_MAX || css.includes('url(') || css.includes('</')) return tag;
      return `<style>${css}</style>`;
    },
  );
}

/** index.html's tag of public/html-lang.js (`vite-ignore`: Vite leaves a classic script alone) */
const HTML_LANG_TAG = /<script\b[^>]*\bsrc="\.\/html-lang\.js"[^>]*><\/script>/;

export function routePreload(root: string): Plugin {
  /** the boot script of the current build: written beside the bundle once it is on disk */
  let boot: { fileName: string; source: string } | null = null;
  let preloads: { fileName: string; source: string }[] = [];
  return {
    name: 'gf-route-preload',
    apply: 'build',
    writeBundle(options) {
      if (!boot || !options.dir) return;
      for (const file of [boot, ...preloads]) {
        const path = join(options.dir, file.fileName);
        mkdirSync(join(path, '..'), { recursive: true });
        writeFileSync(path, file.source);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((o) => o.type === 'chunk') as unknown as OutChunk[];
        const byModule = new Map<string, OutChunk>();
        for (const c of chunks)
          for (const id of c.moduleIds) byModule.set(id.startsWith('\0') ? id : `/${relative(root, id)}`, c);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));

        // what the entry already brings (Vite writes modulepreload tags for it)
        const entryFiles = new Set<string>();
        const walk = (c: OutChunk, into: Set<string>) => {
          if (into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const f of c.imports) {
            const d = byFile.get(f);
            if (d) walk(d, into);
          }
        };
        // the app's entry: config and icon chunks are emitted as entries too (scripts/lib/config-chunk-names.ts)
        for (const c of chunks) if (c.isEntry && !EMITTED_DATA.test(c.fileName)) walk(c, entryFiles);

        const files: string[] = [];
        const index = new Map<string, number>();
        const fileNo = (f: string) => {
          if (!index.has(f)) index.set(f, files.push(f) - 1);
          return index.get(f)!;
        };
        /** file numbers of the modules' chunks, their static imports and their stylesheets */
        const closure = (moduleIds: string[]): number[] => {
          const set = new Set<string>();
          for (const id of moduleIds) {
            const c = byModule.get(id);
            if (c) walk(c, set);
          }
          const out: string[] = [];
          for (const f of set) {
            if (entryFiles.has(f)) continue;
            // a lazy chunk's styles are inside it (vite-plugin-css-injected-by-js in vite.config.ts)
            out.push(f);
          }
          return [...new Set(out)].map(fileNo).sort((a, b) => a - b);
        };

        // per widget type and per screen, so routes sharing a screen or widgets share their entries
        const widgetDirs = new Set(readdirSync(join(root, 'src/widgets')));
        const widgets: Record<string, number[]> = {};
        // a screen's texts beyond the core (per language: m.a[lang][area])
        const split = splitLocales(root);
        const screens: ScreenEntry[] = [];
        const screenNo = new Map<string, number>();
        const screenEntry = (screen: string): number => {
          if (screenNo.has(screen)) return screenNo.get(screen)!;
          const config = JSON.parse(readFileSync(join(root, 'screens', `${screen}.json`), 'utf8'));
          const modules = [`/screens/${screen}.json`];
          const forms = Object.values((config.forms ?? {}) as Record<string, { form: string }>);
          for (const f of forms) modules.push(`/screens/forms/${f.form}.json`);
          if (forms.length) modules.push(FORM_KIT);
          // the loader imports the fragment expansion only for screens that use a fragment
          for (const name of fragmentNames(config.body)) modules.push(`/screens/fragments/${name}.json`);
          if (fragmentNames(config.body).size) modules.push(FRAGMENTS);
          // the loader awaits the rules for a screen that reads them (src/engine/globals.ts)
          if (readsRules(expandedTree(root, config))) modules.push(RULES);
          // the table of screens' text areas, which i18n reads before such a screen renders
          if (split.screens[screen]?.length) modules.push(SCREEN_AREAS_ID);
          const types: string[] = [];
          // what the screen draws when it opens; widgets inside popups load after the first paint
          for (const t of firstPaintTypes(expandedTree(root, config))) {
            if (!widgetDirs.has(t)) continue;
            const ids = [`/src/widgets/${t}/index.tsx`, `/src/widgets/${t}/index.ts`];
            // a deferred widget comes with antd-setup (src/widgets/deferred.tsx); one in the entry needs nothing
            const lazy = ids.some((id) => byModule.has(id) && !entryFiles.has(byModule.get(id)!.fileName));
            widgets[t] ??= lazy ? closure([...ids, WIDGET_SETUP]) : [];
            if (widgets[t].length) types.push(t);
            else delete widgets[t]; // bundled with the entry
          }
          // parts of a widget some node needs (a measuring list's rows): fetched alongside, not after mount
          for (const p of firstPaintParts(expandedTree(root, config))) {
            widgets[p] ??= closure([`/src/widgets/${p}.tsx`, `/src/widgets/${p}.ts`]);
            if (widgets[p].length) types.push(p);
            else delete widgets[p];
          }
          screenNo.set(
            screen,
            screens.push([
              closure(modules),
              types,
              split.screens[screen] ?? [],
              earlyRequests(config),
              firstPaintIcons(root, expandedTree(root, config)),
            ]) - 1,
          );
          return screenNo.get(screen)!;
        };
        const table = JSON.parse(readFileSync(join(root, 'screens/routes.json'), 'utf8')) as RouteTable;
        const screenOf = new Map(table.routes.filter((r) => r.screen).map((r) => [r.path, r.screen!]));
        const routes: Record<string, number> = {};
        for (const r of table.routes) {
          const screen = r.screen ?? (r.redirect ? screenOf.get(r.redirect) : undefined);
          if (screen) routes[r.path] = screenEntry(screen);
        }
        const langs = Object.fromEntries(Object.entries(LANG_MODULES).map(([l, ids]) => [l, closure(ids)]));
        const areas = Object.fromEntries(
          Object.keys(LANG_MODULES).map((l) => [
            l,
            Object.fromEntries(split.lazy.map((a) => [a, closure([localePartId(l, split.partOf[a])])])),
          ]),
        );
        const names = files.map((f) => f.replace(/^assets\//, ''));
        const manifest = JSON.stringify({ f: names, w: widgets, s: screens, r: routes, l: langs, a: areas });
        const buildHash = createHash('sha256').update(manifest).digest('base64url').slice(0, 10);
        preloads = screens.map((entry, i) => ({
          fileName: `assets/pre-${buildHash}-${i}.js`,
          source: screenPreloadScript(names, entry, widgets, langs, areas),
        }));
        // path -> screen number only: the screen's own file list is fetched for the screen opened
        // window.__gfPre(path) stays for the app: it calls it on every navigation (src/app/route-preload.ts),
        // so a screen's chunks load in parallel in-app too (scripts/lib/lean-preload.ts drops Vite's lists)
        const preload = `(function(){var r=${JSON.stringify(routes)},d={};function p(a){try{var i=r[a];if(i==null||d[i])return;d[i]=1;var k=document.createElement('script');k.src='./assets/pre-${buildHash}-'+i+'.js';document.head.appendChild(k)}catch(e){}}window.__gfPre=p;p(location.hash.slice(1).split('?')[0]||'/')})();\n`;
        // the <html lang> script first (it ran first as its own tag), then the preloads
        const hasLang = HTML_LANG_TAG.test(html);
        const lang = hasLang ? readFileSync(join(root, 'public', 'html-lang.js'), 'utf8') : '';
        const early = transformSync(earlyApiScript(root), { minify: true, target: 'es2022' }).code;
        const source = `${lang}${early}${preload}`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
        boot = { fileName: `assets/boot-${hash}.js`, source };
        const script = `<script src="./${boot.fileName}"></script>`;
        if (hasLang) return inlineEntryCss(html.replace(HTML_LANG_TAG, script), ctx.bundle);
        // before Vite's tags, so it runs before the entry script
        const at = html.search(/<script type="module"|<link rel="(modulepreload|stylesheet)"/);
        const out =
          at < 0
            ? html.replace('</head>', `${script}\n</head>`)
            : `${html.slice(0, at)}${script}\n${html.slice(at)}`;
        return inlineEntryCss(out, ctx.bundle);
      },
    },
  };
}
