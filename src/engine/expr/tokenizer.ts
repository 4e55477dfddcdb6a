import { ExprError } from './errors';

export type TokenKind = 'num' | 'str' | 'ident' | 'punc' | 'eof';

export interface Token {
  kind: TokenKind;
  /** punctuation text, identifier name, or the decoded string/number */
  value: string | number;
  pos: number;
  end: number;
}

// Longest first, so '===' wins over '==' and '?.' over '?'.
const PUNCTUATION = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

const isIdentStart = (c: string) => /[A-Za-z_$]/.test(c);
const isIdentPart = (c: string) => /[\w$]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Lexes on demand: templates parse an expression that stops at `}}`, and the text after it may hold
 * anything (an apostrophe, say), so the lexer must never look further than the parser asks.
 */
export class Lexer {
  private pos: number;
  private peeked: Token | null = null;

  constructor(
    readonly src: string,
    start = 0,
  ) {
    this.pos = start;
  }

  peek(): Token {
    this.peeked ??= this.read();
    return this.peeked;
  }

  next(): Token {
    const t = this.peek();
    this.peeked = null;
    return t;
  }

  private fail(msg: string, at: number): never {
    throw new ExprError(msg, at, this.src);
  }

  private read(): Token {
    const s = this.src;
    while (this.pos < s.length && /\s/.test(s[this.pos])) this.pos++;
    const start = this.pos;
    if (start >= s.length) return { kind: 'eof', value: '', pos: start, end: start };
    const c = s[start];
    if (isDigit(c) || (c === '.' && isDigit(s[start + 1] ?? ''))) return this.readNumber(start);
    if (c === '"' || c === "'") return this.readString(start, c);
    if (isIdentStart(c)) {
      let end = start + 1;
      while (end < s.length && isIdentPart(s[end])) end++;
      this.pos = end;
      return { kind: 'ident', value: s.slice(start, end), pos: start, end };
    }
    if (c === '=' && s[start + 1] !== '=') this.fail('Assignment is not allowed', start);
    if (c === '`') this.fail('Template literals are not supported; use {{ }} templates', start);
    for (const p of PUNCTUATION) {
      if (s.startsWith(p, start)) {
        // `a?.5:1` is a ternary with .5, not optional chaining
        if (p === '?.' && isDigit(s[start + 2] ?? '')) continue;
        this.pos = start + p.length;
        return { kind: 'punc', value: p, pos: start, end: this.pos };
      }
    }
    return this.fail(`Unexpected character "${c}"`, start);
  }

  private readNumber(start: number): Token {
    const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(this.src.slice(start));
    const text = m![0];
    this.pos = start + text.length;
    if (isIdentStart(this.src[this.pos] ?? '')) this.fail('Invalid number', start);
    return { kind: 'num', value: Number(text), pos: start, end: this.pos };
  }

  private readString(start: number, quote: string): Token {
    const s = this.src;
    let out = '';
    let i = start + 1;
    while (i < s.length && s[i] !== quote) {
      if (s[i] === '\\') {
        const e = s[i + 1];
        if (e === 'u') {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\u escape', i);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
          continue;
        }
        if (e === undefined) break;
        out += ESCAPES[e] ?? e;
        i += 2;
        continue;
      }
      out += s[i++];
    }
    if (i >= s.length) this.fail('Unterminated string', start);
    this.pos = i + 1;
    return { kind: 'str', value: out, pos: start, end: this.pos };
  }
}
