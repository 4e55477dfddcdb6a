import { getPath, setPath } from '../runtime/store';
import type { CompiledValidator, ValidationError } from './validator-types';

type Translate = (key: string, args?: Record<string, unknown>) => string;

/** Field path of an ajv error: "/address/phone" -> "address.phone"; `required` names the missing child. */
export function errorPath(e: ValidationError): string {
  const base = e.instancePath.split('/').filter(Boolean).join('.');
  if (e.keyword === 'required') {
    const child = String(e.params.missingProperty ?? '');
    return base ? `${base}.${child}` : child;
  }
  return base;
}

/** The i18n key of an error: the schema's errorMessage annotation, else `validation.<keyword>`. */
export function errorKey(e: ValidationError, messages: CompiledValidator['messages']): string {
  const custom = messages[errorPath(e)];
  if (typeof custom === 'string') return custom;
  return custom?.[e.keyword] ?? `validation.${e.keyword}`;
}

/** react-hook-form's nested FieldErrors from ajv errors; the first error of a field wins. */
export function toFieldErrors(
  errors: ValidationError[],
  v: CompiledValidator,
  t: Translate,
): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const e of errors) {
    const path = errorPath(e) || 'root';
    if (getPath(out, path)) continue;
    out = setPath(out, path, { type: e.keyword, message: t(errorKey(e, v.messages), e.params) });
  }
  return out;
}

/** Inputs hold '' for "nothing typed": treat it as absent so `required` (not `minLength`) reports it. */
export function withoutEmpty(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === '' || v === undefined) continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? withoutEmpty(v as Record<string, unknown>) : v;
  }
  return out;
}
