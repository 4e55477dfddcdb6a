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
