/** The expression AST. Every node carries `pos` so runtime errors can point at the source. */
export type Ast =
  | { k: 'lit'; v: unknown; pos: number }
  | { k: 'id'; name: string; pos: number }
  | { k: 'mem'; obj: Ast; prop: Ast; pos: number }
  | { k: 'call'; name: string; args: Ast[]; pos: number }
  | { k: 'arr'; items: Ast[]; pos: number }
  | { k: 'obj'; entries: [string, Ast][]; pos: number }
  | { k: 'un'; op: string; arg: Ast; pos: number }
  | { k: 'bin'; op: string; l: Ast; r: Ast; pos: number }
  | { k: 'cond'; test: Ast; yes: Ast; no: Ast; pos: number };

/** Members that would reach into the JavaScript object model instead of data. */
export const FORBIDDEN_MEMBERS = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
