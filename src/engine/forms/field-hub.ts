import type { FieldValues, UseFormReturn } from 'react-hook-form';

type Handle = Pick<UseFormReturn<FieldValues>, 'getValues' | 'getFieldState' | 'register' | 'subscribe'>;

/** What a field widget shows: its value and the translated message of its first error. */
export interface FieldSnapshot {
  value: unknown;
  error: string | undefined;
}

export interface FieldHub {
  /** stable while value and error are unchanged (a useSyncExternalStore snapshot) */
  read(name: string): FieldSnapshot;
  /** useSyncExternalStore's arguments for one field, the same functions on every render */
  store(name: string): { subscribe(listener: () => void): () => void; get(): FieldSnapshot };
  /** react-hook-form's change/blur handlers of the field, registering it on first use */
  handlers(name: string): { onChange(value: unknown): void; onBlur(): void };
}

/**
 * One form subscription fanned out to the fields that changed. useController costs every field two
 * subscriptions, several effects and a form-state proxy; a screen form has many fields and a widget
 * needs only value, error and handlers.
 */
export function createFieldHub(handle: Handle): FieldHub {
  const snapshots = new Map<string, FieldSnapshot>();
  const listeners = new Map<string, Set<() => void>>();
  const registered = new Map<string, { onChange(value: unknown): void; onBlur(): void }>();
  const stores = new Map<string, ReturnType<FieldHub['store']>>();

  const read = (name: string): FieldSnapshot => {
    const value = handle.getValues(name);
    const error = handle.getFieldState(name).error?.message;
    const prev = snapshots.get(name);
    if (prev && Object.is(prev.value, value) && prev.error === error) return prev;
    const next = { value, error };
    snapshots.set(name, next);
    return next;
  };

  const subscribe = (name: string, listener: () => void) => {
    let set = listeners.get(name);
    if (!set) {
      set = new Set();
      listeners.set(name, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) listeners.delete(name);
    };
  };

  // A change names its field: re-read only that one, plus the fields whose error may have changed
  // (those with an error now or before). A keystroke then costs the same at 20 fields or 1,000; a
  // form-wide change (reset, submit) has no name and re-reads every subscribed field.
  let errored = new Set<string>();
  handle.subscribe({
    formState: { values: true, errors: true },
    callback: (state) => {
      const now = errorNames(state.errors);
      const names =
        typeof state.name === 'string' ? new Set([state.name, ...now, ...errored]) : listeners.keys();
      errored = now;
      for (const name of names) {
        const set = listeners.get(name);
        if (!set) continue;
        const prev = snapshots.get(name);
        if (read(name) === prev) continue;
        for (const l of set) l();
      }
    },
  });

  return {
    read,
    store(name) {
      let s = stores.get(name);
      if (!s) {
        s = { subscribe: (listener) => subscribe(name, listener), get: () => read(name) };
        stores.set(name, s);
      }
      return s;
    },
    handlers(name) {
      let h = registered.get(name);
      if (!h) {
        const field = handle.register(name);
        // event-shaped calls, as useController makes them: no target.type, so the value is taken as is
        h = {
          onChange: (value) => void field.onChange({ target: { name, value }, type: 'change' }),
          onBlur: () => void field.onBlur({ target: { name, value: handle.getValues(name) }, type: 'blur' }),
        };
        registered.set(name, h);
      }
      return h;
    },
  };
}

/** Dotted names of the fields in a react-hook-form errors tree (a leaf has `type` or `message`). */
function errorNames(errors: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (!errors || typeof errors !== 'object') return into;
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if ('type' in value || 'message' in value) into.add(name);
    else errorNames(value, name, into);
  }
  return into;
}
