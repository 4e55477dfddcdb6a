/**
 * Problems of config files as i18n keys (`opsConfig.problem.*`, in all three locales) with their
 * arguments, beside the English message the command line prints: the console shows an operator the
 * text in their language. JSON Schema errors (ajv) get a key per keyword; a keyword without one keeps
 * only the English message.
 */
import type { ErrorObject } from 'ajv';

export interface ProblemKey {
  key: string;
  args: Record<string, string>;
}

export const problemKey = (name: string, args: Record<string, unknown> = {}): ProblemKey => ({
  key: `opsConfig.problem.${name}`,
  args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
});

const LIMITS = new Set([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

/** the key of one ajv error, or undefined for a keyword the locales do not name */
export function ajvKey(e: ErrorObject): ProblemKey | undefined {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'discriminator':
      return p.tagValue === undefined
        ? problemKey('required', { name: p.tag })
        : problemKey('unknownTag', { tag: p.tag, value: p.tagValue });
    case 'required':
      return problemKey('required', { name: p.missingProperty });
    case 'additionalProperties':
      return problemKey('additional', { name: p.additionalProperty });
    case 'type':
      return problemKey('type', { type: Array.isArray(p.type) ? p.type.join('/') : p.type });
    case 'enum':
      return problemKey('enum', { values: (p.allowedValues ?? []).join(', ') });
    case 'const':
      return problemKey('const', { value: JSON.stringify(p.allowedValue) });
    case 'pattern':
      return problemKey('pattern', { pattern: p.pattern });
    case 'format':
      return problemKey('format', { format: p.format });
    case 'uniqueItems':
      return problemKey('unique', { i: p.i, j: p.j });
    default:
      return LIMITS.has(e.keyword) ? problemKey(e.keyword, { limit: p.limit }) : undefined;
  }
}

/**
 * The English messages of the engine's fragment, form-layout and expression errors, each as a key and
 * its arguments (the engine throws plain messages: it runs in the app, where no operator reads them).
 * A message no pattern matches keeps its English text only.
 */
const MESSAGES: [RegExp, string, string[]][] = [
  // fragments (src/engine/fragments.ts)
  [/^unknown fragment "(.*)"$/, 'fragmentUnknown', ['name']],
  [/^fragment "(.*)" nests deeper than (\d+) \(a cycle\?\)$/, 'fragmentDepth', ['name', 'max']],
  [/^fragment "(.*)" has no param "(.*)"$/, 'fragmentNoParam', ['name', 'param']],
  [/^fragment "(.*)" needs param "(.*)"$/, 'fragmentNeedsParam', ['name', 'param']],
  // form layouts (src/engine/form-layout.ts)
  [/^a "form" node must sit in a list \(children or a slot\)$/, 'formNodePlace', []],
  [/^no form "(.*)" in this screen's "forms"$/, 'formNodeUnknown', ['form']],
  [/^form file "(.*)" was not loaded$/, 'formNodeFile', ['form']],
  [/^form "(.*)" lays out no field "(.*)"$/, 'formNodeField', ['form', 'name']],
  // expressions (src/engine/expr: parser and tokenizer)
  [/^Expected "(.*)" but found (.*)$/, 'exprExpected', ['want', 'found']],
  [/^Expected a member name but found (.*)$/, 'exprMember', ['found']],
  [/^Expected a property name but found (.*)$/, 'exprProperty', ['found']],
  [/^Unexpected end of expression$/, 'exprEnd', []],
  [/^Unexpected character "(.*)"$/, 'exprChar', ['found']],
  [/^Unexpected (.*)$/, 'exprUnexpected', ['found']],
  [/^Only whitelisted functions can be called, by name$/, 'exprCall', []],
  [/^Methods cannot be called \("(.*)"\); use a whitelisted function$/, 'exprMethod', ['name']],
  [/^Keyword "(.*)" is not allowed$/, 'exprKeyword', ['name']],
  [/^Unknown function "(.*)"$/, 'exprFunction', ['name']],
  [/^Access to "(.*)" is forbidden$/, 'exprForbidden', ['name']],
  [/^Assignment is not allowed$/, 'exprAssign', []],
  [/^Template literals are not supported; use \{\{ \}\} templates$/, 'exprBacktick', []],
  [/^Invalid number$/, 'exprNumber', []],
  [/^Invalid \\u escape$/, 'exprEscape', []],
  [/^Unterminated string$/, 'exprString', []],
  [/^Empty \{\{ \}\}$/, 'exprEmpty', []],
];

/** the words inside engine messages that name a token rather than quote it: a key of their own */
const TOKEN_WORDS: Record<string, string> = { 'end of expression': 'End', 'a string': 'String' };

/**
 * The key of an engine error message (a FragmentError's, a FormLayoutError's, or an ExprError's
 * `<detail> at <pos> in "<source>"`; `expr` is the template the error is in, for the expression keys).
 */
export function messageKey(message: string, expr?: string): ProblemKey | undefined {
  const m = /^([\s\S]*) at (\d+) in "[\s\S]*"$/.exec(message);
  const detail = m ? m[1] : message;
  for (const [re, name, argNames] of MESSAGES) {
    const hit = re.exec(detail);
    if (!hit) continue;
    const args: Record<string, unknown> = Object.fromEntries(argNames.map((a, i) => [a, hit[i + 1]]));
    // a token the engine names in words (the end, a string) has a key of its own: `exprUnexpectedEnd`
    const word = typeof args.found === 'string' ? TOKEN_WORDS[args.found] : undefined;
    if (word) delete args.found;
    if (name.startsWith('expr')) Object.assign(args, { expr: expr ?? '', pos: m ? Number(m[2]) + 1 : 1 });
    return problemKey(`${name}${word ?? ''}`, args);
  }
  return undefined;
}
