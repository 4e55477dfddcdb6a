/** ajv's errors as the short English messages `check:config` prints (the keys: problem-keys.ts). */
import type { ErrorObject } from 'ajv';

export function ajvMessage(e: ErrorObject): string {
  if (e.keyword === 'discriminator') {
    const { tag, tagValue } = e.params as { tag: string; tagValue: unknown };
    return tagValue === undefined ? `"${tag}" is missing` : `unknown ${tag} "${String(tagValue)}"`;
  }
  const extra =
    e.keyword === 'additionalProperties'
      ? ` ("${(e.params as any).additionalProperty}")`
      : e.keyword === 'enum'
        ? ` (${(e.params as any).allowedValues.join(', ')})`
        : '';
  return `${e.message ?? e.keyword}${extra}`;
}

/** anyOf/oneOf report every branch; keep the most specific (deepest) errors to stay readable. */
export function readable(errors: ErrorObject[]): ErrorObject[] {
  const deepest = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const list = deepest.get(e.instancePath) ?? [];
    list.push(e);
    deepest.set(e.instancePath, list);
  }
  const out = [...deepest.values()].flat();
  return out.length ? out : errors;
}
