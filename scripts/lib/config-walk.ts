/** Walks config JSON for the expressions and i18n keys inside it, with JSON pointers for messages. */
import { compileExpr, compileTemplate, literalCalls, rootsOf } from '../../src/engine/expr/index';

export const SCOPE_ROOTS = new Set([
  'route',
  'query',
  'session',
  'state',
  'data',
  'item',
  'index',
  'form',
  'result',
  'error',
]);

const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (parts: (string | number)[]) =>
  parts.length ? `/${parts.map((p) => escapePointer(String(p))).join('/')}` : '';

export interface Finding {
  pointer: string;
  message: string;
}

export interface WalkResult {
  errors: Finding[];
  /** i18n keys used ("$t:key" and t('key') literals), with where */
  keys: { key: string; pointer: string }[];
}

/** Fields that hold a bare expression rather than a template. */
function isExprField(path: (string | number)[]): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  return (
    last === 'visibleWhen' || last === 'when' || (parent === 'repeat' && (last === 'each' || last === 'key'))
  );
}

export function walkExpressions(
  value: unknown,
  path: (string | number)[] = [],
  out?: WalkResult,
): WalkResult {
  const res = out ?? { errors: [], keys: [] };
  if (typeof value === 'string') {
    const at = pointer(path);
    try {
      if (isExprField(path)) {
        const ast = compileExpr(value);
        for (const k of literalCalls(ast, 't')) res.keys.push({ key: k, pointer: at });
        for (const r of rootsOf(ast)) {
          if (!SCOPE_ROOTS.has(r))
            res.errors.push({ pointer: at, message: `unknown name "${r}" in expression "${value}"` });
        }
      } else {
        const tpl = compileTemplate(value);
        if (tpl.kind === 'translate') res.keys.push({ key: tpl.key, pointer: at });
        const asts =
          tpl.kind === 'raw'
            ? [tpl.ast]
            : tpl.kind === 'text'
              ? tpl.parts.filter((p) => typeof p !== 'string')
              : [];
        for (const ast of asts)
          for (const k of literalCalls(ast as any, 't')) res.keys.push({ key: k, pointer: at });
      }
    } catch (e) {
      res.errors.push({ pointer: at, message: (e as Error).message });
    }
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walkExpressions(v, [...path, i], res);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // initial state is data, not templates
      if (path.length === 0 && k === 'state') continue;
      walkExpressions(v, [...path, k], res);
    }
  }
  return res;
}

/** Flatten nested locale texts to dotted keys. */
export function flattenKeys(tree: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') into.add(key);
      else flattenKeys(v, key, into);
    }
  }
  return into;
}
