/** A minimal external store: screen state must be readable synchronously by an action chain mid-run. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Immutable set by dotted path ("filters.page", "list.0.open"); creates objects along the way. */
export function setPath<T extends Record<string, unknown>>(target: T, path: string, value: unknown): T {
  const keys = path.split('.');
  if (keys.some((k) => UNSAFE_KEYS.has(k) || k === '')) throw new Error(`Invalid state path "${path}"`);
  const write = (obj: unknown, i: number): unknown => {
    const key = keys[i];
    const base: any = Array.isArray(obj) ? [...obj] : obj && typeof obj === 'object' ? { ...obj } : {};
    base[key] = i === keys.length - 1 ? value : write(base[key], i + 1);
    return base;
  };
  return write(target, 0) as T;
}

export function getPath(target: unknown, path: string | undefined): unknown {
  if (!path) return target;
  let cur: any = target;
  for (const k of path.split('.')) {
    if (cur == null || typeof cur !== 'object' || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}
