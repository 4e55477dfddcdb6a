/** Walks config JSON for the expressions and i18n keys inside it, with JSON pointers for messages. */

import type { RuleValues } from '../../contracts/rules';
import type { Ast } from '../../src/engine/expr/ast';
import { compileExpr, compileTemplate, literalCalls, rootsOf } from '../../src/engine/expr/index';
import { THEME_PREFIX } from '../../src/engine/theme';
import { messageKey, problemKey } from './problem-keys';

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
  'rules',
  'app',
]);

/** What `app.*` offers (src/engine/globals.ts). */
const APP_KEYS = new Set(['version', 'url']);

const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (parts: (string | number)[]) =>
  parts.length ? `/${parts.map((p) => escapePointer(String(p))).join('/')}` : '';

export interface Finding {
  pointer: string;
  message: string;
  /** the message as an i18n key (scripts/lib/problem-keys.ts) */
  key?: string;
  args?: Record<string, string>;
}

/** `rules.group.name` and `app.key` read with literal names, so a typo is caught before a user sees it. */
function globalReads(ast: Ast, into: { path: string[] }[] = []): { path: string[] }[] {
  const chain: string[] = [];
  let cur: Ast = ast;
  while (cur.k === 'mem' && cur.prop.k === 'lit' && typeof cur.prop.v === 'string') {
    chain.unshift(cur.prop.v);
    cur = cur.obj;
  }
  if (cur.k === 'id' && (cur.name === 'rules' || cur.name === 'app') && ast.k === 'mem') {
    into.push({ path: [cur.name, ...chain] });
    return into;
  }
  const kids: Ast[] =
    ast.k === 'mem'
      ? [ast.obj, ast.prop]
      : ast.k === 'call'
        ? ast.args
        : ast.k === 'arr'
          ? ast.items
          : ast.k === 'obj'
            ? ast.entries.map((e) => e[1])
            : ast.k === 'un'
              ? [ast.arg]
              : ast.k === 'bin'
                ? [ast.l, ast.r]
                : ast.k === 'cond'
                  ? [ast.test, ast.yes, ast.no]
                  : [];
  for (const k of kids) globalReads(k, into);
  return into;
}

function unknownGlobal(path: string[], rules: RuleValues | undefined): string | null {
  if (path[0] === 'app') return APP_KEYS.has(path[1]) ? null : `unknown name "app.${path[1]}"`;
  if (!rules) return null;
  const [, group, name] = path;
  if (!Object.hasOwn(rules, group)) return `unknown rule group "rules.${group}" (screens/rules.json)`;
  if (name !== undefined && !Object.hasOwn(rules[group], name))
    return `unknown rule "rules.${group}.${name}" (screens/rules.json)`;
  return null;
}

export interface WalkResult {
  errors: Finding[];
  /** i18n keys used ("$t:key" and t('key') literals), with where */
  keys: { key: string; pointer: string }[];
  /** theme tokens used ("$theme:group.name" and theme('group.name') literals), with where */
  themes: { token: string; pointer: string }[];
  /** status maps read by status('<map>', ...), with where */
  statusMaps: { map: string; pointer: string }[];
}

/** Fields that hold a bare expression rather than a template. */
function isExprField(path: (string | number)[]): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  return (
    last === 'visibleWhen' || last === 'when' || (parent === 'repeat' && (last === 'each' || last === 'key'))
  );
}

/** Names an expression may read, and the unwrapped screens/rules.json to check `rules.*` against. */
function checkNames(ast: Ast, value: string, at: string, res: WalkResult, rules?: RuleValues) {
  for (const r of rootsOf(ast)) {
    if (!SCOPE_ROOTS.has(r))
      res.errors.push({
        pointer: at,
        message: `unknown name "${r}" in expression "${value}"`,
        ...problemKey('unknownName', { name: r, expr: value }),
      });
  }
  for (const { path } of globalReads(ast)) {
    const problem = unknownGlobal(path, rules);
    if (problem)
      res.errors.push({
        pointer: at,
        message: `${problem} in expression "${value}"`,
        ...problemKey('exprRead', { detail: problem, expr: value }),
      });
  }
}

export function walkExpressions(
  value: unknown,
  path: (string | number)[] = [],
  out?: WalkResult,
  rules?: RuleValues,
): WalkResult {
  const res = out ?? { errors: [], keys: [], themes: [], statusMaps: [] };
  if (typeof value === 'string') {
    const at = pointer(path);
    if (value.startsWith(THEME_PREFIX))
      res.themes.push({ token: value.slice(THEME_PREFIX.length).trim(), pointer: at });
    try {
      if (isExprField(path)) {
        const ast = compileExpr(value);
        for (const k of literalCalls(ast, 't')) res.keys.push({ key: k, pointer: at });
        for (const k of literalCalls(ast, 'theme')) res.themes.push({ token: k, pointer: at });
        for (const k of literalCalls(ast, 'status')) res.statusMaps.push({ map: k, pointer: at });
        checkNames(ast, value, at, res, rules);
      } else {
        const tpl = compileTemplate(value);
        if (tpl.kind === 'translate') res.keys.push({ key: tpl.key, pointer: at });
        const asts =
          tpl.kind === 'raw'
            ? [tpl.ast]
            : tpl.kind === 'text'
              ? tpl.parts.filter((p) => typeof p !== 'string')
              : [];
        for (const ast of asts as Ast[]) {
          for (const k of literalCalls(ast, 't')) res.keys.push({ key: k, pointer: at });
          for (const k of literalCalls(ast, 'theme')) res.themes.push({ token: k, pointer: at });
          for (const k of literalCalls(ast, 'status')) res.statusMaps.push({ map: k, pointer: at });
          checkNames(ast, value, at, res, rules);
        }
      }
    } catch (e) {
      res.errors.push({
        pointer: at,
        message: (e as Error).message,
        ...(messageKey((e as Error).message, value) ??
          problemKey('expr', { detail: (e as Error).message, expr: value })),
      });
    }
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walkExpressions(v, [...path, i], res, rules);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // initial state is data, not templates
      if (path.length === 0 && k === 'state') continue;
      walkExpressions(v, [...path, k], res, rules);
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
