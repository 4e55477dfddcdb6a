/**
 * `import { Popup, Toast } from 'antd-mobile'` rewritten to one deep import per name
 * (`antd-mobile/es/components/popup`...), read from the package's own index.
 *
 * The package index is marked as having side effects (its global stylesheet), so every chunk that named
 * it kept an import of it: the index became a shared chunk of its own that the first load and every
 * antd-mobile widget fetched, and its imports tied unrelated pieces together. With deep imports the
 * index leaves the graph; src/main.tsx imports the global stylesheet itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ROOT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd-mobile['"];?/g;
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
  const out = code.replace(ROOT_IMPORT, (all, names: string) => {
    const lines: string[] = [];
    for (const raw of names.split(',')) {
      const n = raw.trim();
      if (!n) continue;
      if (n.startsWith('type ')) {
        lines.push(`import type { ${n.slice(5)} } from 'antd-mobile';`);
        continue;
      }
      const [imported, local = imported] = n.split(/\s+as\s+/);
      const entry = table.get(imported);
      if (!entry) return all; // something the table does not know: leave the whole import alone
      const [from, name] = entry;
      lines.push(
        name === 'default'
          ? `import ${local} from 'antd-mobile/es/${from}';`
          : `import { ${name} as ${local} } from 'antd-mobile/es/${from}';`,
      );
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
        if (id.includes('/node_modules/')) return null;
        table ??= antdExportTable(readFileSync(join(root, 'node_modules/antd-mobile/es/index.js'), 'utf8'));
        const out = deepenAntdImports(code, table);
        return out ? { code: out, map: null } : null;
      },
    },
  };
}
