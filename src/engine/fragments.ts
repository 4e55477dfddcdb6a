/**
 * Fragments: screen pieces written once and used in many screens. A node
 * `{"type": "use", "fragment": "experts/expert-row", "params": {"to": "/experts/personal"}}` is replaced,
 * when the screen loads, by the body of `screens/fragments/experts/expert-row.json`, in which every string
 * that is exactly `"$param:<name>"` becomes the given value (any JSON: text, number, node, list). A
 * missing param takes the fragment's declared default. Expansion is plain data substitution at load
 * time: no expression is evaluated, so the renderer, check:config and the widget prop checks all see
 * ordinary nodes. Fragments may use fragments (depth-limited, so a cycle is an error, not a hang).
 */
import type { ConfigNode } from './config-types.gen';

export interface FragmentParam {
  description?: string;
  default?: unknown;
}

export interface FragmentConfig {
  id: string;
  params?: Record<string, FragmentParam>;
  body: ConfigNode;
}

export interface UseNode {
  type: 'use';
  fragment: string;
  params?: Record<string, unknown>;
}

export const PARAM_PREFIX = '$param:';
const MAX_DEPTH = 8;

export class FragmentError extends Error {
  constructor(
    message: string,
    /** JSON pointer of the `use` node inside the screen */
    readonly pointer: string,
  ) {
    super(message);
  }
}

const isUse = (v: unknown): v is UseNode =>
  !!v && typeof v === 'object' && (v as { type?: unknown }).type === 'use';

/** Every fragment name a tree uses directly (not those its fragments use). */
export function fragmentNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) fragmentNames(v, into);
  else if (value && typeof value === 'object') {
    if (isUse(value)) into.add(value.fragment);
    for (const v of Object.values(value)) fragmentNames(v, into);
  }
  return into;
}

function substitute(value: unknown, params: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(PARAM_PREFIX)) return value;
    const name = value.slice(PARAM_PREFIX.length);
    return Object.hasOwn(params, name) ? params[name] : value;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, params));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, params)]));
  return value;
}

const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ExpandOptions {
  /** JSON pointer of `value` inside its file, for error messages */
  path?: string;
  /** collect errors instead of throwing; the offending `use` node is left in place */
  onError?: (e: FragmentError) => void;
}

/**
 * The tree with every `use` node replaced by its fragment. `get` answers a loaded fragment by name;
 * an unknown fragment, an unknown or missing param, or a cycle is a FragmentError with the pointer of
 * the offending `use` node (thrown, or handed to `onError`).
 */
export function expandFragments<T>(
  value: T,
  get: (name: string) => FragmentConfig | undefined,
  opts: ExpandOptions = {},
  depth = 0,
): T {
  const path = opts.path ?? '';
  const at = (p: string): ExpandOptions => ({ ...opts, path: p });
  if (Array.isArray(value))
    return value.map((v, i) => expandFragments(v, get, at(`${path}/${i}`), depth)) as T;
  if (!value || typeof value !== 'object') return value;
  if (isUse(value)) {
    try {
      return expandUse(value, get, opts, depth) as T;
    } catch (e) {
      if (!(e instanceof FragmentError) || !opts.onError) throw e;
      opts.onError(e);
      return value;
    }
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      expandFragments(v, get, at(`${path}/${escapePointer(k)}`), depth),
    ]),
  ) as T;
}

function expandUse(
  use: UseNode,
  get: (name: string) => FragmentConfig | undefined,
  opts: ExpandOptions,
  depth: number,
): unknown {
  const path = opts.path ?? '';
  const fragment = typeof use.fragment === 'string' ? get(use.fragment) : undefined;
  if (!fragment) throw new FragmentError(`unknown fragment "${use.fragment}"`, path);
  if (depth >= MAX_DEPTH)
    throw new FragmentError(`fragment "${use.fragment}" nests deeper than ${MAX_DEPTH} (a cycle?)`, path);
  const declared = fragment.params ?? {};
  const given = use.params ?? {};
  for (const name of Object.keys(given))
    if (!Object.hasOwn(declared, name))
      throw new FragmentError(`fragment "${use.fragment}" has no param "${name}"`, path);
  const params: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(declared)) {
    if (Object.hasOwn(given, name)) params[name] = given[name];
    else if (p.default !== undefined) params[name] = p.default;
    else throw new FragmentError(`fragment "${use.fragment}" needs param "${name}"`, path);
  }
  return expandFragments(substitute(fragment.body, params), get, opts, depth + 1);
}
