import { createFormControl, type FieldValues, type Resolver } from 'react-hook-form';
import type { FormConfig } from '../config-types.gen';
import { toFieldErrors, withoutEmpty } from './form-errors';
import { loadValidator } from './validators';

type Translate = (key: string, args?: Record<string, unknown>) => string;

export type FormControlHandle = ReturnType<typeof createFormControl<FieldValues>>;

/** One react-hook-form instance per `screen.forms` entry, validated by the precompiled data schema. */
export interface ScreenForm {
  name: string;
  config: FormConfig;
  handle: FormControlHandle;
}

export function schemaResolver(dataSchema: string, t: Translate): Resolver<FieldValues> {
  return async (values) => {
    const v = await loadValidator(dataSchema);
    // structuredClone: ajv may coerce types in place, and the form must keep what the user typed
    const data = structuredClone(withoutEmpty(values));
    if (v.validate(data)) return { values: data, errors: {} };
    return { values: {}, errors: toFieldErrors(v.validate.errors ?? [], v, t) as any };
  };
}

export function createScreenForm(
  name: string,
  config: FormConfig,
  defaults: Record<string, unknown>,
  t: Translate,
): ScreenForm {
  const handle = createFormControl<FieldValues>({
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: schemaResolver(config.dataSchema, t),
  });
  return { name, config, handle };
}

/** Validate (all fields or some); resolves with the cleaned, validated values or null when invalid. */
export async function validateForm(form: ScreenForm, fields?: string[]): Promise<Record<string, unknown> | null> {
  if (fields && fields.length > 0) {
    const ok = await form.handle.trigger(fields, { shouldFocus: true });
    return ok ? withoutEmpty(form.handle.getValues()) : null;
  }
  // handleSubmit hands over the resolver's values: cleaned and type-coerced by the schema
  return new Promise((resolve) => {
    void form.handle.handleSubmit(
      (values) => resolve(values),
      () => resolve(null),
    )();
  });
}
