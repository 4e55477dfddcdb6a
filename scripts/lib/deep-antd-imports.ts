/**
 * `import { Popup, Toast } from 'antd-mobile'` (and `export { … } from`) rewritten to one deep import per name
 * (`antd-mobile/es/components/popup`...), read from the package's own index.
 *
 * The package index is marked as having side effects (its global stylesheet), so every chunk that named
 * it kept an import of it: the index became a shared chunk of its own that the first load and every
 * antd-mobile widget fetched, and its imports tied unrelated pieces together. With deep imports the
 * index leaves the graph; src/main.tsx imports the global stylesheet itself. In the unit tests it keeps
 * one copy of antd-mobile: the root would resolve to its CommonJS build there, whose imperative render
 * (Toast, Dialog) antd-setup's React 19 render, set on the ES build, would not reach.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ROOT_IMPORT = /(import|export)\s*\{([^}]*)\}\s*from\s*['"]antd-mobile['"];?/g;
const EXPORT_LINE = /export\s*\{\s*([^}]*)\}\s*from\s*'\.\/([^']+)'/g;

/** name → [module under antd-mobile/es, exported name there] from the package index */
export function antdExportTable(index: string): Map<string, [string, string]> {
  const table = new Map<string, [string, string]>();
  for (const [, names, from] of index.matchAll(EXPORT_LINE)) {
    for (const part of names.split(',')) {
      const [imported, local = imported] = part.trim().split(/\s+as\s+/);
      if (imported) table.set(local, [from, imported]);
    }
  }
  return table;
}

/** The source with its root antd-mobile imports made deep; null when there is none. */
export function deepenAntdImports(code: string, table: Map<string, [string, string]>): string | null {
  let changed = false;
  const out = code.replace(ROOT_IMPORT, (all, kind: 'import' | 'export', names: string) => {
    const lines: string[] = [];
    for (const raw of names.split(',')) {
      const n = raw.trim();
      if (!n) continue;
      if (n.startsWith('type ')) {
        lines.push(`${kind} type { ${n.slice(5)} } from 'antd-mobile';`);
        continue;
      }
      const [imported, local = imported] = n.split(/\s+as\s+/);
      const entry = table.get(imported);
      if (!entry) return all; // something the table does not know: leave the whole statement alone
      const [from, name] = entry;
      const deep = `'antd-mobile/es/${from}'`;
      if (kind === 'export') lines.push(`export { ${name} as ${local} } from ${deep};`);
      else if (name === 'default') lines.push(`import ${local} from ${deep};`);
      else lines.push(`import { ${name} as ${local} } from ${deep};`);
    }
    changed = true;
    return lines.join('\n');
  });
  return changed ? out : null;
}

export function deepAntdImports(root: string): Plugin {
  let table: Map<string, [string, string]> | null = null;
  return {
    name: 'gf-deep-antd-imports',
    enforce: 'pre',
    transform: {
      filter: { code: 'antd-mobile' },
      handler(code, id) {
        // the build scripts (and this plugin's own tests, which hold such imports in strings) are not app code
        if (id.includes('/node_modules/') || id.includes('/scripts/')) return null;
        table ??= antdExportTable(readFileSync(join(root, 'node_modules/antd-mobile/es/index.js'), 'utf8'));
        const out = deepenAntdImports(code, table);
        return out ? { code: out, map: null } : null;
      },
    },
  };
}
