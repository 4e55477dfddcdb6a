/**
 * The GET calls a screen makes as soon as it opens, whoever opens it and whenever: data sources whose
 * request and `when` read nothing but the screen's initial state (plain values, or `{{ }}` over
 * `state`), and requests that put a query value of the link as it is into the address (a product's
 * `{{ query.id }}`): those carry a marker the boot script fills from the opening link. Anything that reads
 * the route, the session, other data, a text or the clock, or computes with a query value, is left to
 * the app. The boot script fetches these for the opening screen before the app's code arrives
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

/**
 * The marker of a query value in an early address: `\u0001name\u0001` as the path holds it, `%01name%01`
 * once a parameter encoded it. The boot script (early-api-boot.js) fills both from the opening link.
 */
const queryMarker = (name: string) => `\u0001${name}\u0001`;
const QUERY_NAME = /^[A-Za-z_][\w]*$/;

export function earlyRequests(config: ScreenLike): EarlyRequest[] {
  const urls: EarlyRequest[] = [];
  const withImage = (url: string, def: DataSource): EarlyRequest =>
    def.preloadImage ? [url, def.preloadImage] : url;
  const state = structuredClone(config.state ?? {});
  for (const def of Object.values(config.data ?? {})) {
    if (def.request.method !== 'GET') continue;
    // everything but the initial state (and, in the request, the query) answers undefined and marks
    // the source as not knowable
    let readsMore = false;
    const queryRead = new Set<string>();
    const query = new Proxy({} as Record<string, string>, {
      getOwnPropertyDescriptor: (_target, name) => {
        if (typeof name !== 'string' || !QUERY_NAME.test(name)) return undefined;
        queryRead.add(name);
        return { value: queryMarker(name), enumerable: true, configurable: true, writable: false };
      },
      get: (_target, name) =>
        typeof name === 'string' && QUERY_NAME.test(name) ? queryMarker(name) : undefined,
    });
    // (the evaluator looks a name up with Object.hasOwn, then reads it)
    const scopeWith = (allowQuery: boolean) =>
      new Proxy({ state, query } as unknown as Scope, {
        getOwnPropertyDescriptor: (target, name) => {
          if (name === 'state' || (allowQuery && name === 'query'))
            return Reflect.getOwnPropertyDescriptor(target, name);
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
      if (def.when !== undefined && !evalExpr(def.when, scopeWith(false), env)) continue;
      const req = buildRequest(def.request, scopeWith(true), env);
      if (readsMore || req.path.includes('{{')) continue;
      // A live source of one item (a match's `match:{{ query.id }}`) merges pushes into its first answer:
      // an answer fetched at boot, before the app subscribes, misses what happened in between (a match
      // kicked off meanwhile stayed 未開賽). Those wait for the app, which subscribes with its request.
      if (queryRead.size && def.live) continue;
      const params = req.params ?? {};
      // a query value the request computed with (number(query.id), a comparison...) is not a marker any more
      const text = JSON.stringify([req.path, params]);
      if ([...queryRead].some((name) => !text.includes(JSON.stringify(queryMarker(name)).slice(1, -1))))
        continue;
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
