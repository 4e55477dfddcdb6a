/**
 * The address of an API call: the path and its query in the params' own order, with empty values left
 * out. One function for the client and for the build (scripts/lib/early-requests.ts), because an answer
 * fetched early is matched to the app's call by this exact string.
 */
export function requestUrl(baseUrl: string, path: string, params?: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  const qs = q.toString();
  return `${baseUrl}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}
