import { type Ast, FORBIDDEN_MEMBERS } from './ast';
import { ExprError } from './errors';
import { type ExprEnv, FUNCTIONS } from './functions';

const hasOwn = (o: object, k: string) => Object.hasOwn(o, k);

/**
 * Data-only member read: own properties of objects, indices and length of arrays and strings.
 * Prototype members (methods, getters of built-ins) are never reachable, so nothing callable leaks out.
 */
function readMember(obj: unknown, key: unknown): unknown {
  if (obj === null || obj === undefined) return undefined;
  if (typeof obj === 'string' || Array.isArray(obj)) {
    if (key === 'length') return obj.length;
    const i = typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : -1;
    return Number.isInteger(i) && i >= 0 ? obj[i] : undefined;
  }
  if (typeof obj !== 'object') return undefined;
  const k = String(key);
  return hasOwn(obj, k) ? (obj as Record<string, unknown>)[k] : undefined;
}

function binary(op: string, a: any, b: any): unknown {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: the language offers loose equality on purpose
      return a == b;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: the language offers loose equality on purpose
      return a != b;
    case '===':
      return a === b;
    case '!==':
      return a !== b;
  }
  return undefined;
}

export function evaluate(ast: Ast, scope: object, env: ExprEnv, src: string): unknown {
  // direct recursion, no per-call closure: every prop of every node on every render comes through here
  switch (ast.k) {
    case 'lit':
      return ast.v;
    case 'id':
      return hasOwn(scope, ast.name) ? (scope as Record<string, unknown>)[ast.name] : undefined;
    case 'mem': {
      const obj = evaluate(ast.obj, scope, env, src);
      const key = evaluate(ast.prop, scope, env, src);
      if (typeof key === 'string' && FORBIDDEN_MEMBERS.has(key)) {
        throw new ExprError(`Access to "${key}" is forbidden`, ast.prop.pos, src);
      }
      return readMember(obj, key);
    }
    case 'call':
      return FUNCTIONS[ast.name](env, ...ast.args.map((a) => evaluate(a, scope, env, src)));
    case 'arr':
      return ast.items.map((a) => evaluate(a, scope, env, src));
    case 'obj': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of ast.entries) out[k] = evaluate(v, scope, env, src);
      return out;
    }
    case 'un': {
      const v = evaluate(ast.arg, scope, env, src) as any;
      return ast.op === '!' ? !v : ast.op === '-' ? -v : +v;
    }
    case 'bin': {
      const l = evaluate(ast.l, scope, env, src);
      if (ast.op === '&&') return l ? evaluate(ast.r, scope, env, src) : l;
      if (ast.op === '||') return l ? l : evaluate(ast.r, scope, env, src);
      if (ast.op === '??') return l ?? evaluate(ast.r, scope, env, src);
      return binary(ast.op, l, evaluate(ast.r, scope, env, src));
    }
    case 'cond':
      return evaluate(ast.test, scope, env, src)
        ? evaluate(ast.yes, scope, env, src)
        : evaluate(ast.no, scope, env, src);
  }
}
