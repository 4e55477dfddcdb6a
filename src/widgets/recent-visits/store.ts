/** The stored visits: newest first, one per key, at most `max`; a broken entry is dropped, never thrown. */
export interface Visit {
  key: string;
  kind?: string;
  id?: number | string;
  title: string;
  color?: string;
}

export const isVisit = (v: unknown): v is Visit =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Visit).key === 'string' &&
  (v as Visit).key !== '' &&
  typeof (v as Visit).title === 'string' &&
  (v as Visit).title !== '';

export function readVisits(storageKey: string): Visit[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter(isVisit) : [];
  } catch {
    return [];
  }
}

export function addVisit(list: Visit[], visit: Visit, max: number): Visit[] {
  return [visit, ...list.filter((v) => v.key !== visit.key)].slice(0, max);
}

export function writeVisits(storageKey: string, list: Visit[]): void {
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(list));
  } catch {
    // storage full or disabled: the visit is simply not remembered
  }
}
