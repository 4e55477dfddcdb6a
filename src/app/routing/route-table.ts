/**
 * The route table (screens/routes.json) and the pure rules around it: which entry a path hits,
 * how a navigation target becomes a URL (named routes get the `t` timestamp), which pages are kept alive.
 */
import { matchPath } from 'react-router-dom';
import type { RouteEntry, RouteTable } from '../../engine/config-types.gen';

export const TIMESTAMP_PARAM = 't';

/** What react-router's matchRoutes does before matching: each segment decoded, an encoded `/` kept. */
function decodeSegments(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // a malformed escape matches as written
  }
}

/**
 * The params of `pattern` (`/a/:id`) in `pathname`, or null when it does not match: react-router's own
 * matching (case-insensitive, a trailing slash ignored, params URI-decoded), the whole path only.
 */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const match = matchPath({ path: pattern, caseSensitive: false, end: true }, decodeSegments(pathname));
  return match ? ({ ...match.params } as Record<string, string>) : null;
}

export function findRoute(
  table: RouteTable,
  pathname: string,
): { entry: RouteEntry; params: Record<string, string> } | null {
  for (const entry of table.routes) {
    const params = matchRoutePath(entry.path, pathname);
    if (params) return { entry, params };
  }
  return null;
}

export function routeByName(table: RouteTable, name: string): RouteEntry | undefined {
  return table.routes.find((r) => r.name === name);
}

/**
 * Turn `to` (a path, possibly with its own query, or a route name) into a URL. Navigation by route name
 * adds a timestamp query value so a kept-alive page of that route loads fresh (spec §2).
 */
export function resolveTarget(
  table: RouteTable,
  to: string,
  query: Record<string, string> = {},
  now: number = Date.now(),
): string {
  const named = to.startsWith('/') ? undefined : routeByName(table, to);
  const [rawPath, rawSearch = ''] = (named?.path ?? to).split('?');
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const search = new URLSearchParams(rawSearch);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, String(v));
  if (named) search.set(TIMESTAMP_PARAM, String(now));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The URL analytics see: the `t` timestamp only forces a refresh and would split one page into many. */
export function withoutTimestamp(url: string): string {
  const [beforeHash, hash] = url.includes('#')
    ? [url.slice(0, url.indexOf('#') + 1), url.slice(url.indexOf('#') + 1)]
    : ['', url];
  const q = hash.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(hash.slice(q + 1));
  params.delete(TIMESTAMP_PARAM);
  const qs = params.toString();
  return `${beforeHash}${hash.slice(0, q)}${qs ? `?${qs}` : ''}`;
}

/** Excluded paths (and screen ids/names, for convenience) are never cached; the include list always is. */
export function isKeptAlive(table: RouteTable, entry: RouteEntry): boolean {
  const ids = [entry.path, entry.screen, entry.name].filter(Boolean) as string[];
  if (ids.some((id) => table.keepAliveInclude.includes(id))) return true;
  if (ids.some((id) => table.keepAliveExclude.includes(id))) return false;
  return entry.keepAlive !== false;
}

export function searchToQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}
