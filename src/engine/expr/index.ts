/**
 * The expression language: tiny, eval-free, cached per source string.
 * evalExpr('a.b + 1', scope, env) for conditions; evalValue(propValue, scope, env) for props, which
 * walks arrays/objects and renders templates ("{{ }}", "$t:key").
 */
import type { Ast } from './ast';
import { evaluate } from './evaluate';
import type { ExprEnv } from './functions';
import { parseExpression } from './parser';
import { parseTemplate, type Template } from './template';

export type { Ast } from './ast';
export { ExprError } from './errors';
export { FUNCTION_NAMES } from './function-names';
export type { ExprEnv } from './functions';
export type { Template } from './template';

const CACHE_LIMIT = 5000;
const exprCache = new Map<string, Ast>();
const templateCache = new Map<string, Template>();

function cached<T>(cache: Map<string, T>, key: string, build: (s: string) => T): T {
  let v = cache.get(key);
  if (v === undefined) {
    // a crude bound is enough: configs hold a few thousand distinct strings at most
    if (cache.size >= CACHE_LIMIT) cache.clear();
    v = build(key);
    cache.set(key, v);
  }
  return v;
}

export const compileExpr = (src: string): Ast => cached(exprCache, src, parseExpression);
export const compileTemplate = (src: string): Template => cached(templateCache, src, parseTemplate);

export function evalExpr(src: string, scope: object, env: ExprEnv): unknown {
  return evaluate(compileExpr(src), scope, env, src);
}

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function evalTemplate(src: string, scope: object, env: ExprEnv): unknown {
  const tpl = compileTemplate(src);
  switch (tpl.kind) {
    case 'plain':
      return tpl.text;
    case 'translate':
      return env.t(tpl.key);
    case 'raw':
      return evaluate(tpl.ast, scope, env, src);
    case 'text': {
      let out = '';
      for (const p of tpl.parts) out += typeof p === 'string' ? p : text(evaluate(p, scope, env, src));
      return out;
    }
  }
}

/** True when a prop value holds anything to evaluate; static values can then be passed through as is. */
export function isDynamic(value: unknown): boolean {
  if (typeof value === 'string') return compileTemplate(value).kind !== 'plain';
  if (Array.isArray(value)) return value.some(isDynamic);
  if (value && typeof value === 'object') return Object.values(value).some(isDynamic);
  return false;
}

/** Evaluate a prop value deeply: strings as templates, arrays and plain objects member by member. */
export function evalValue(value: unknown, scope: object, env: ExprEnv): unknown {
  if (typeof value === 'string') return evalTemplate(value, scope, env);
  if (Array.isArray(value)) return value.map((v) => evalValue(v, scope, env));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) out[k] = evalValue((value as Record<string, unknown>)[k], scope, env);
    return out;
  }
  return value;
}

/** Root identifiers an AST reads (e.g. "form", "item"): for linting and for subscribing only when needed. */
export function rootsOf(ast: Ast, into = new Set<string>()): Set<string> {
  switch (ast.k) {
    case 'id':
      into.add(ast.name);
      break;
    case 'mem':
      rootsOf(ast.obj, into);
      rootsOf(ast.prop, into);
      break;
    case 'call':
      for (const a of ast.args) rootsOf(a, into);
      break;
    case 'arr':
      for (const a of ast.items) rootsOf(a, into);
      break;
    case 'obj':
      for (const [, v] of ast.entries) rootsOf(v, into);
      break;
    case 'un':
      rootsOf(ast.arg, into);
      break;
    case 'bin':
      rootsOf(ast.l, into);
      rootsOf(ast.r, into);
      break;
    case 'cond':
      rootsOf(ast.test, into);
      rootsOf(ast.yes, into);
      rootsOf(ast.no, into);
      break;
  }
  return into;
}

/** Roots read by a prop value (templates inside strings, arrays, objects). */
export function valueRoots(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const tpl = compileTemplate(value);
    if (tpl.kind === 'raw') rootsOf(tpl.ast, into);
    if (tpl.kind === 'text') for (const p of tpl.parts) if (typeof p !== 'string') rootsOf(p, into);
  } else if (Array.isArray(value)) {
    for (const v of value) valueRoots(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) valueRoots(v, into);
  }
  return into;
}

/** Function names an AST calls with a literal first argument, e.g. t('key') -> for locale checks. */
export function literalCalls(ast: Ast, fn: string, into: string[] = []): string[] {
  if (ast.k === 'call' && ast.name === fn && ast.args[0]?.k === 'lit' && typeof ast.args[0].v === 'string') {
    into.push(ast.args[0].v);
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
  for (const k of kids) literalCalls(k, fn, into);
  return into;
}
