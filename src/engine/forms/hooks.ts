import { useController, useWatch } from 'react-hook-form';
import { useScreenRuntime } from '../runtime/screen-runtime';
import type { ScreenForm } from './screen-form';

function useScreenForm(form: string): ScreenForm {
  const rt = useScreenRuntime();
  const f = rt.forms.get(form);
  if (!f) throw new Error(`Unknown form "${form}" on screen "${rt.screen.id}"`);
  return f;
}

export interface FieldBinding<T = unknown> {
  value: T;
  onChange(value: T): void;
  onBlur(): void;
  /** translated message of the first failing rule, once the form was validated */
  error?: string;
  setValue(value: T): void;
}

/** Bind a field widget to `form.name` of the current screen. */
export function useField<T = unknown>(form: string, name: string): FieldBinding<T> {
  const f = useScreenForm(form);
  const { field, fieldState } = useController({ control: f.handle.control, name });
  return {
    value: field.value as T,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
    setValue: (v) => f.handle.setValue(name, v, { shouldDirty: true, shouldValidate: fieldState.invalid }),
  };
}

/** Current values of a form, re-rendering on change (for live conditions inside a widget). */
export function useFormValues<T extends Record<string, unknown> = Record<string, unknown>>(form: string): T {
  const f = useScreenForm(form);
  return useWatch({ control: f.handle.control }) as T;
}
