/**
 * Status maps (screens/status/<id>.json): a server code -> label, tag colour, result-widget status.
 * Screens read them with `status('plan-result', item.result)` (the translated label) or
 * `status('plan-result', item.result, 'color')`, instead of hand-written ternaries per screen. The maps
 * are small and shared by many screens, so they ship with the engine.
 */
import type { StatusMap } from './config-types.gen';

const files = import.meta.glob<StatusMap>('/screens/status/*.json', { eager: true, import: 'default' });
const maps = new Map(Object.values(files).map((m) => [m.id.replace(/^status\//, ''), m]));

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

/** Map ids there are (check:config reads the files itself). */
export const statusMapIds = (): string[] => [...maps.keys()];
