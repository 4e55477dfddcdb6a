import type { QueryClient } from '@tanstack/react-query';

/**
 * Source query keys are `['src' | 'paged', path, request, ...]`: the evaluated request path sits at
 * index 1 so other screens can be refreshed by path without knowing their source names.
 */
export const PATH_KEY_INDEX = 1;

/** A prefix matches whole path segments: '/api/user' covers '/api/user/7' but not '/api/users'. */
export function pathHasPrefix(path: string, prefix: string): boolean {
  const p = prefix.length > 1 && prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path.startsWith(`${p}?`);
}

/**
 * Mark every source query under the prefixes stale, on every screen: mounted ones (also kept-alive,
 * hidden pages) refetch now, the others when they mount again. Resolves when the refetches settle.
 */
export async function invalidatePaths(client: QueryClient, prefixes: string[]): Promise<void> {
  const wanted = prefixes.filter((p) => p.length > 0);
  if (!wanted.length) return;
  await client.invalidateQueries({
    predicate: (q) => {
      const path = q.queryKey[PATH_KEY_INDEX];
      return typeof path === 'string' && wanted.some((p) => pathHasPrefix(path, p));
    },
  });
}
