/**
 * The GET calls a screen makes as soon as it opens, whoever opens it and whenever: data sources whose
 * request and `when` read nothing but the screen's initial state (plain values, or `{{ }}` over
 * `state`). Anything that reads the route, the query, the session, other data, a text or the clock is
 * left to the app. The boot script fetches these for the opening screen before the app's code arrives
 * (scripts/lib/early-api-boot.js); the requests are built by the engine's own buildRequest, paged sources
 * with their first page as src/engine/data/sources.ts asks for it, so the client finds each answer under
 * the address it asks for.
 */
import { requestUrl } from '../../src/api/request-url';
import type { DataSource } from '../../src/engine/config-types.gen';
import type { Scope } from '../../src/engine/contract';
import { buildRequest } from '../../src/engine/data/request';
import { evalExpr } from '../../src/engine/expr';
import type { ExprEnv } from '../../src/engine/expr/functions';

const DEFAULT_PAGE_SIZE = 10; // src/engine/data/sources.ts

interface ScreenLike {
  state?: Record<string, unknown>;
  data?: Record<string, DataSource>;
}

/** A call's address, with the dot path of an image in its answer to load at once (`preloadImage`). */
export type EarlyRequest = string | [url: string, imagePath: string];

export function earlyRequests(config: ScreenLike): EarlyRequest[] {
  const urls: EarlyRequest[] = [];
  const withImage = (url: string, def: DataSource): EarlyRequest =>
    def.preloadImage ? [url, def.preloadImage] : url;
  const state = structuredClone(config.state ?? {});
  for (const def of Object.values(config.data ?? {})) {
    if (def.request.method !== 'GET') continue;
    // everything but the initial state answers undefined and marks the source as not knowable
    let readsMore = false;
    // (the evaluator looks a name up with Object.hasOwn, then reads it)
    const scope = new Proxy({ state } as unknown as Scope, {
      getOwnPropertyDescriptor: (target, name) => {
        if (name === 'state') return Reflect.getOwnPropertyDescriptor(target, name);
        readsMore = true;
        return undefined;
      },
    });
    const env: ExprEnv = {
      t: (key) => {
        readsMore = true;
        return key;
      },
      now: () => {
        readsMore = true;
        return 0;
      },
    };
    try {
      if (def.when !== undefined && !evalExpr(def.when, scope, env)) continue;
      const req = buildRequest(def.request, scope, env);
      if (readsMore || req.path.includes('{{')) continue;
      const params = req.params ?? {};
      if (def.paged) {
        const page = def.paged.pageParam ?? 'page';
        const size = def.paged.sizeParam ?? 'size';
        urls.push(
          withImage(
            requestUrl('', req.path, { ...params, [page]: 1, [size]: def.paged.size ?? DEFAULT_PAGE_SIZE }),
            def,
          ),
        );
      } else urls.push(withImage(requestUrl('', req.path, params), def));
    } catch {
      // an expression the build cannot settle: the app asks itself
    }
  }
  return urls;
}
