/**
 * Status maps (screens/status/<id>.json): a server code -> label, tag colour, result-widget status.
 * Screens read them with `status('plan-result', item.result)` (the translated label) or
 * `status('plan-result', item.result, 'color')`, instead of hand-written ternaries per screen. Each map
 * is its own small chunk: the loader fetches the maps a screen names (statusMapsIn) together with the
 * screen, so status() stays synchronous and the first load carries none it does not show.
 */
import { loadConfigFile } from './config-files';
import type { StatusMap } from './config-types.gen';

const maps = new Map<string, StatusMap>();

/** the maps loaded so far, by id (src/app/config-sync.ts replaces one an operator published) */
export { maps as loadedStatusMaps };

/** Fetch these maps (unknown ids are skipped: status() answers '' for them, check:config reports them). */
export async function loadStatusMaps(ids: Iterable<string>): Promise<void> {
  await Promise.all(
    [...ids]
      .filter((id) => !maps.has(id))
      .map(async (id) => {
        const map = await loadConfigFile(`status/${id}`).catch(() => undefined);
        if (map) maps.set(id, map as StatusMap);
      }),
  );
}

const STATUS_CALL = /\bstatus\(\s*'([a-z0-9-]+)'/g;

/** The map ids a config tree names in `status('<id>', ...)` calls. */
export function statusMapsIn(tree: unknown): Set<string> {
  return new Set([...JSON.stringify(tree).matchAll(STATUS_CALL)].map((m) => m[1]));
}

export type StatusField = 'label' | 'color' | 'result' | 'group';

/** One field of a code's entry; labels are translated ("$t:key"), unknown codes take the fallback. */
export function statusField(mapId: string, code: unknown, field: string, t: (key: string) => string): string {
  const map = maps.get(mapId);
  if (!map) return '';
  const entry = (map.values as Record<string, Record<string, string> | undefined>)[String(code)];
  if (field === 'label') {
    const label = entry?.label ?? map.fallback ?? '';
    return label.startsWith('$t:') ? t(label.slice(3)) : label;
  }
  return entry?.[field] ?? (field === 'color' ? 'default' : field === 'result' ? 'info' : '');
}
