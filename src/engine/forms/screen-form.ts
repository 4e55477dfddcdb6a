import { createFormControl, type FieldValues, type Resolver } from 'react-hook-form';
import type { FormConfig } from '../config-types.gen';
import { createFieldHub, type FieldHub } from './field-hub';
import { toFieldErrors, withoutEmpty } from './form-errors';
import { loadValidator } from './validators';

// the form kit carries the layout expansion too: only screens with forms need it (src/engine/loader.ts)
export { expandFormNodes } from '../form-layout';

type Translate = (key: string, args?: Record<string, unknown>) => string;

export type FormControlHandle = ReturnType<typeof createFormControl<FieldValues>>;

/** One react-hook-form instance per `screen.forms` entry, validated by the precompiled data schema. */
export interface ScreenForm {
  name: string;
  config: FormConfig;
  handle: FormControlHandle;
  /** per-field subscriptions for useField */
  fields: FieldHub;
  /**
   * values a submitting request adds to the form's (e.g. a fixed login_type): validated together with
   * the fields, so a data schema that requires them passes
   */
  submitExtras: { values: Record<string, unknown> };
}

function pick(values: Record<string, unknown>, keys: string[] | null | undefined) {
  if (!keys) return values;
  return Object.fromEntries(Object.entries(values).filter(([k]) => keys.includes(k)));
}

export function schemaResolver(
  dataSchema: string,
  t: Translate,
  extras: ScreenForm['submitExtras'] = { values: {} },
): Resolver<FieldValues> {
  return async (values) => {
    const v = await loadValidator(dataSchema);
    // structuredClone: ajv may coerce types in place, and the form must keep what the user typed
    const data = structuredClone(pick(withoutEmpty({ ...extras.values, ...values }), v.properties));
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
  const submitExtras: ScreenForm['submitExtras'] = { values: {} };
  const handle = createFormControl<FieldValues>({
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: schemaResolver(config.dataSchema, t, submitExtras),
  });
  return { name, config, handle, fields: createFieldHub(handle), submitExtras };
}

/** Validate (all fields or some); resolves with the cleaned, validated values or null when invalid. */
export async function validateForm(
  form: ScreenForm,
  fields?: string[],
  extras: Record<string, unknown> = {},
): Promise<Record<string, unknown> | null> {
  form.submitExtras.values = extras;
  try {
    return await validateWith(form, fields);
  } finally {
    form.submitExtras.values = {};
  }
}

async function validateWith(form: ScreenForm, fields?: string[]): Promise<Record<string, unknown> | null> {
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
