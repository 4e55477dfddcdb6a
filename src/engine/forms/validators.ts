import type { CompiledValidator } from './validator-types';

const registered = new Map<string, CompiledValidator>();

/** Tests, benches and previews can provide a validator without a generated module. */
export function registerValidator(id: string, validator: CompiledValidator): void {
  registered.set(id, validator);
}

/**
 * Resolve a data schema `$id` to its precompiled validator (lazily imported, so only used ones load).
 * The table of validators is itself loaded on the first call: it grows with every data schema and only
 * screens with forms need it, so it stays out of the first load.
 */
export async function loadValidator(id: string): Promise<CompiledValidator> {
  const hit = registered.get(id);
  if (hit) return hit;
  const { validators: generated } = await import('../validators/index.js');
  const load = generated[id] ?? generated[`${id.replace(/\.schema\.json$/, '')}.schema.json`];
  if (!load) throw new Error(`No validator for data schema "${id}" (run npm run build:validators)`);
  const v = await load();
  registered.set(id, v);
  return v;
}
