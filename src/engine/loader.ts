import { loadConfigFile } from './config-files';
import type { FormConfig, ScreenConfig } from './config-types.gen';
import { loadFormKit } from './forms/form-kit';
import type { FragmentConfig } from './fragments';
import { loadRules, readsRules } from './globals';
import { loadStatusMaps, statusMapsIn } from './status-maps';

async function loadJson<T>(path: string): Promise<T> {
  const config = await loadConfigFile(path);
  if (config === undefined) throw new Error(`No config file screens/${path}.json`);
  return config as T;
}

export interface ScreenBundle {
  screen: ScreenConfig;
  forms: Record<string, FormConfig>;
}

/**
 * The screen with its `use` nodes expanded: the fragments it uses, and the ones those use, loaded in
 * parallel per level. The expansion code loads only for a screen that has one (not the match tab).
 */
async function withFragments(raw: ScreenConfig): Promise<ScreenConfig> {
  if (!JSON.stringify(raw.body).includes('"type":"use"')) return raw;
  const { expandFragments, fragmentNames } = await import('./fragments');
  const loaded = new Map<string, FragmentConfig>();
  let wanted = [...fragmentNames(raw.body)];
  while (wanted.length) {
    const got = await Promise.all(wanted.map((n) => loadJson<FragmentConfig>(`fragments/${n}`)));
    for (const [i, f] of got.entries()) loaded.set(wanted[i], f);
    wanted = [...new Set(got.flatMap((f) => [...fragmentNames(f.body)]))].filter((n) => !loaded.has(n));
  }
  return { ...raw, body: expandFragments(raw.body, (n) => loaded.get(n)) };
}

/**
 * Load a screen (`screens/<id>.json`) with its `use` nodes expanded (screens/fragments/), the form
 * configs it uses (`screens/forms/<form>.json`) and its `form` nodes expanded into those forms' field
 * layouts. This is the one seam through which screens are read.
 */
export async function loadScreenBundle(id: string): Promise<ScreenBundle> {
  const screen = await withFragments(await loadJson<ScreenConfig>(id));
  const formIds = [...new Set(Object.values(screen.forms ?? {}).map((f) => f.form))];
  const [forms, kit] = await Promise.all([
    Promise.all(formIds.map((f) => loadJson<FormConfig>(`forms/${f}`))),
    formIds.length ? loadFormKit() : null,
    loadStatusMaps(statusMapsIn(screen)),
  ]);
  if (readsRules(screen, forms)) await loadRules();
  const byId = Object.fromEntries(formIds.map((f, i) => [f, forms[i]]));
  if (!kit) return { screen, forms: byId };
  return {
    screen: { ...screen, body: kit.expandFormNodes(screen.body, screen.forms ?? {}, byId) },
    forms: byId,
  };
}
