import { useSyncExternalStore } from 'react';
import { useWatch } from 'react-hook-form';
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

/** Bind a field widget to `form.name` of the current screen; re-renders only when this field changes. */
export function useField<T = unknown>(form: string, name: string): FieldBinding<T> {
  const f = useScreenForm(form);
  const handlers = f.fields.handlers(name);
  const store = f.fields.store(name);
  const snap = useSyncExternalStore(store.subscribe, store.get, store.get);
  return {
    value: snap.value as T,
    onChange: handlers.onChange,
    onBlur: handlers.onBlur,
    error: snap.error,
    setValue: (v) =>
      f.handle.setValue(name, v, {
        shouldDirty: true,
        shouldValidate: f.handle.getFieldState(name).invalid,
      }),
  };
}

/** Current values of a form, re-rendering on change (for live conditions inside a widget). */
export function useFormValues<T extends Record<string, unknown> = Record<string, unknown>>(form: string): T {
  const f = useScreenForm(form);
  return useWatch({ control: f.handle.control }) as T;
}
