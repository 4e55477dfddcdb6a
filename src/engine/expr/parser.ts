import { type Ast, FORBIDDEN_MEMBERS } from './ast';
import { ExprError } from './errors';
import { FUNCTION_NAMES } from './function-names';
import { Lexer, type Token } from './tokenizer';

const BINARY_POWER: Record<string, number> = {
  '??': 10,
  '||': 20,
  '&&': 30,
  '==': 40,
  '!=': 40,
  '===': 40,
  '!==': 40,
  '<': 50,
  '<=': 50,
  '>': 50,
  '>=': 50,
  '+': 60,
  '-': 60,
  '*': 70,
  '/': 70,
  '%': 70,
};
const PREFIX_POWER = 80;
const TERNARY_POWER = 5;

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null, undefined: undefined };
const RESERVED = new Set([
  'new',
  'this',
  'function',
  'typeof',
  'delete',
  'void',
  'var',
  'let',
  'const',
  'class',
  'import',
  'return',
  'instanceof',
  'in',
  'of',
  'async',
  'await',
  'yield',
]);

class Parser {
  constructor(private readonly lx: Lexer) {}

  private fail(msg: string, at: number): never {
    throw new ExprError(msg, at, this.lx.src);
  }

  private isPunc(t: Token, p: string) {
    return t.kind === 'punc' && t.value === p;
  }

  private expect(p: string): Token {
    const t = this.lx.next();
    if (!this.isPunc(t, p)) this.fail(`Expected "${p}" but found ${describeToken(t)}`, t.pos);
    return t;
  }

  parse(minPower: number): Ast {
    let left = this.prefix();
    for (;;) {
      const t = this.lx.peek();
      if (t.kind !== 'punc') {
        if (t.kind !== 'eof') this.fail(`Unexpected ${describeToken(t)}`, t.pos);
        return left;
      }
      const op = t.value as string;
      if (op === '.' || op === '?.' || op === '[') {
        left = this.member(left);
      } else if (op === '(') {
        this.fail('Only whitelisted functions can be called, by name', t.pos);
      } else if (op in BINARY_POWER && BINARY_POWER[op] > minPower) {
        this.lx.next();
        left = { k: 'bin', op, l: left, r: this.parse(BINARY_POWER[op]), pos: t.pos };
      } else if (op === '?' && minPower < TERNARY_POWER) {
        this.lx.next();
        const yes = this.parse(0);
        this.expect(':');
        left = { k: 'cond', test: left, yes, no: this.parse(TERNARY_POWER - 1), pos: t.pos };
      } else {
        return left;
      }
    }
  }

  private member(obj: Ast): Ast {
    const t = this.lx.next();
    if (t.value === '[' || (t.value === '?.' && this.isPunc(this.lx.peek(), '['))) {
      if (t.value === '?.') this.lx.next();
      const prop = this.parse(0);
      this.expect(']');
      if (prop.k === 'lit') checkMember(prop.v, prop.pos, this.lx.src);
      return { k: 'mem', obj, prop, pos: t.pos };
    }
    const name = this.lx.next();
    if (name.kind !== 'ident') this.fail(`Expected a member name but found ${describeToken(name)}`, name.pos);
    checkMember(name.value, name.pos, this.lx.src);
    if (this.isPunc(this.lx.peek(), '(')) {
      this.fail(`Methods cannot be called ("${name.value}"); use a whitelisted function`, name.pos);
    }
    return { k: 'mem', obj, prop: { k: 'lit', v: name.value, pos: name.pos }, pos: t.pos };
  }

  private prefix(): Ast {
    const t = this.lx.next();
    switch (t.kind) {
      case 'num':
      case 'str':
        return { k: 'lit', v: t.value, pos: t.pos };
      case 'ident':
        return this.identifier(t);
      case 'eof':
        return this.fail('Unexpected end of expression', t.pos);
    }
    const p = t.value as string;
    if (p === '!' || p === '-' || p === '+') {
      return { k: 'un', op: p, arg: this.parse(PREFIX_POWER), pos: t.pos };
    }
    if (p === '(') {
      const inner = this.parse(0);
      this.expect(')');
      return inner;
    }
    if (p === '[') return this.array(t.pos);
    if (p === '{') return this.object(t.pos);
    return this.fail(`Unexpected ${describeToken(t)}`, t.pos);
  }

  private identifier(t: Token): Ast {
    const name = t.value as string;
    if (name in LITERALS) return { k: 'lit', v: LITERALS[name], pos: t.pos };
    if (RESERVED.has(name)) this.fail(`Keyword "${name}" is not allowed`, t.pos);
    if (!this.isPunc(this.lx.peek(), '(')) return { k: 'id', name, pos: t.pos };
    if (!FUNCTION_NAMES.has(name)) this.fail(`Unknown function "${name}"`, t.pos);
    this.lx.next();
    const args = this.list(')');
    return { k: 'call', name, args, pos: t.pos };
  }

  private list(close: string): Ast[] {
    const items: Ast[] = [];
    while (!this.isPunc(this.lx.peek(), close)) {
      items.push(this.parse(0));
      if (!this.isPunc(this.lx.peek(), close)) this.expect(',');
    }
    this.lx.next();
    return items;
  }

  private array(pos: number): Ast {
    return { k: 'arr', items: this.list(']'), pos };
  }

  private object(pos: number): Ast {
    const entries: [string, Ast][] = [];
    while (!this.isPunc(this.lx.peek(), '}')) {
      const key = this.lx.next();
      if (key.kind !== 'ident' && key.kind !== 'str' && key.kind !== 'num') {
        this.fail(`Expected a property name but found ${describeToken(key)}`, key.pos);
      }
      const name = String(key.value);
      checkMember(name, key.pos, this.lx.src);
      if (key.kind === 'ident' && !this.isPunc(this.lx.peek(), ':')) {
        entries.push([name, this.identifier(key)]);
      } else {
        this.expect(':');
        entries.push([name, this.parse(0)]);
      }
      if (!this.isPunc(this.lx.peek(), '}')) this.expect(',');
    }
    this.lx.next();
    return { k: 'obj', entries, pos };
  }
}

export function checkMember(name: unknown, pos: number, src: string) {
  if (typeof name === 'string' && FORBIDDEN_MEMBERS.has(name)) {
    throw new ExprError(`Access to "${name}" is forbidden`, pos, src);
  }
}

function describeToken(t: Token): string {
  if (t.kind === 'eof') return 'end of expression';
  if (t.kind === 'str') return 'a string';
  return `"${t.value}"`;
}

/** Parse a whole expression; anything left over is an error. */
export function parseExpression(src: string): Ast {
  const lx = new Lexer(src);
  const ast = new Parser(lx).parse(0);
  const rest = lx.peek();
  if (rest.kind !== 'eof') throw new ExprError(`Unexpected ${describeToken(rest)}`, rest.pos, src);
  return ast;
}

/**
 * Parse the expression of a `{{ ... }}` template starting at `start`; returns where the closing
 * braces begin. Objects inside (`{{ {a: 1} }}`) work because the parser consumes its own braces.
 */
export function parseEmbedded(src: string, start: number): { ast: Ast; end: number } {
  const lx = new Lexer(src, start);
  const ast = new Parser(lx).parse(0);
  const rest = lx.peek();
  if (!(rest.kind === 'punc' && rest.value === '}' && src[rest.pos + 1] === '}')) {
    throw new ExprError(`Expected "}}" but found ${describeToken(rest)}`, rest.pos, src);
  }
  return { ast, end: rest.pos };
}
