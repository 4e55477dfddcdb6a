/**
 * The GET calls a screen makes as soon as it opens whatever the route, the session or the state hold:
 * data sources without a `when` whose path and params are plain values (no `{{ }}`, no `$` reference).
 * The boot script fetches them for the opening screen before the app's code arrives
 * (scripts/lib/early-api-boot.js); the addresses are built as src/engine/data/sources.ts builds them, paged
 * sources with their first page, so the client finds each answer under the address it asks for.
 */
import { requestUrl } from '../../src/api/request-url';
import type { DataSource } from '../../src/engine/config-types.gen';

const DEFAULT_PAGE_SIZE = 10; // src/engine/data/sources.ts

const isPlain = (v: unknown): boolean =>
  typeof v === 'number' ||
  typeof v === 'boolean' ||
  (typeof v === 'string' && !v.includes('{{') && !v.startsWith('$'));

export function earlyRequests(config: { data?: Record<string, DataSource> }): string[] {
  const urls: string[] = [];
  for (const def of Object.values(config.data ?? {})) {
    const req = def.request;
    if (def.when !== undefined || req.method !== 'GET' || !isPlain(req.path)) continue;
    const params = (req.params ?? {}) as Record<string, unknown>;
    if (!Object.values(params).every(isPlain)) continue;
    if (def.paged) {
      const page = def.paged.pageParam ?? 'page';
      const size = def.paged.sizeParam ?? 'size';
      urls.push(
        requestUrl('', req.path, { ...params, [page]: 1, [size]: def.paged.size ?? DEFAULT_PAGE_SIZE }),
      );
    } else urls.push(requestUrl('', req.path, params));
  }
  return urls;
}
