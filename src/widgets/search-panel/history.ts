/**
 * Search history lives in the session store's `historyList` field (spec §4: logout clears it), which the
 * store persists to localStorage as JSON under the same key. The engine's session view does not expose
 * extra fields, so the list is read back from storage and written through services.session.set.
 */
export function readHistory(key: string): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Newest first, no duplicates (case-insensitive), at most `max`. */
export function addToHistory(list: string[], keyword: string, max: number): string[] {
  const k = keyword.trim();
  if (!k) return list;
  return [k, ...list.filter((x) => x.toLowerCase() !== k.toLowerCase())].slice(0, max);
}
