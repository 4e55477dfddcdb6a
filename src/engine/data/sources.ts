import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DataSource } from '../config-types.gen';
import type { Scope } from '../contract';
import { evalExpr } from '../expr';
import { type ScreenRuntime, useScreenRuntime } from '../runtime/screen-runtime';
import { getPath } from '../runtime/store';
import { useLiveTopics, useRealtimeUp } from './live';
import { buildRequest } from './request';

export const DEFAULT_PAGE_SIZE = 10;

function listOf(page: unknown, listPath?: string): unknown[] {
  const v: any = listPath ? getPath(page, listPath) : page;
  if (Array.isArray(v)) return v;
  return (v?.list ?? v?.records ?? v?.items ?? []) as unknown[];
}

type PagedView = { items: unknown[]; total: number | undefined };
/** one view per answer and source: a screen compares `data` by identity (it defers a changed one) */
const views = new WeakMap<InfiniteData<unknown>, WeakMap<DataSource, PagedView>>();

const NOTHING_YET: PagedView = { items: [], total: undefined };

function pagedView(data: InfiniteData<unknown> | undefined, def: DataSource): PagedView {
  if (!data) return NOTHING_YET;
  let byDef = views.get(data);
  if (!byDef) {
    byDef = new WeakMap();
    views.set(data, byDef);
  }
  let view = byDef.get(def);
  if (!view) {
    view = computePagedView(data, def);
    byDef.set(def, view);
  }
  return view;
}

function computePagedView(data: InfiniteData<unknown>, def: DataSource): PagedView {
  const pages = data.pages;
  const items = pages.flatMap((p) => listOf(p, def.paged?.listPath));
  const total = pages.length ? getPath(pages[pages.length - 1], def.paged?.totalPath ?? 'total') : undefined;
  return { items, total: typeof total === 'number' ? total : undefined };
}

function pagedOptions(rt: ScreenRuntime, def: DataSource, scope: Scope, enabled: boolean) {
  const req = buildRequest(def.request, scope, rt.env);
  const pageParam = def.paged?.pageParam ?? 'page';
  const sizeParam = def.paged?.sizeParam ?? 'size';
  const size = def.paged?.size ?? DEFAULT_PAGE_SIZE;
  return {
    queryKey: ['paged', req.path, req, size],
    initialPageParam: 1,
    queryFn: ({ pageParam: page }: { pageParam: number }) =>
      rt.services.api.request({ ...req, params: { ...req.params, [pageParam]: page, [sizeParam]: size } }),
    getNextPageParam: (last: unknown, all: unknown[], lastPage: number) => {
      const loaded = all.reduce<number>((n, p) => n + listOf(p, def.paged?.listPath).length, 0);
      const total = getPath(last, def.paged?.totalPath ?? 'total');
      if (typeof total === 'number') return loaded < total ? lastPage + 1 : undefined;
      return listOf(last, def.paged?.listPath).length < size ? undefined : lastPage + 1;
    },
    enabled,
    staleTime: def.staleTime,
    refetchInterval: def.poll,
  };
}

/**
 * Recompute every source's query options from the scope, in declared order: a later source may read
 * `data.<earlier>` (from the cache) in its params or `when`.
 */
export function computeSources(
  rt: ScreenRuntime,
  scope: Scope,
  client: QueryClient,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  rt.sources.plain.clear();
  rt.sources.paged.clear();
  const local = { ...scope, data };
  for (const [name, def] of Object.entries(rt.screen.data ?? {})) {
    const enabled = def.when ? Boolean(evalExpr(def.when, local, rt.env)) : true;
    if (def.paged) {
      const opts = pagedOptions(rt, def, local, enabled);
      rt.sources.paged.set(name, opts);
      data[name] = pagedView(client.getQueryData(opts.queryKey), def);
    } else {
      const req = buildRequest(def.request, local, rt.env);
      const opts = {
        queryKey: ['src', req.path, req],
        queryFn: () => rt.services.api.request(req),
        enabled,
        staleTime: def.staleTime,
        refetchInterval: def.poll,
      };
      rt.sources.plain.set(name, opts);
      data[name] = client.getQueryData(opts.queryKey);
    }
  }
  return data;
}

/** API failures carry the envelope's code; 100404 = what the screen asked for does not exist. */
export const NOT_FOUND_CODE = 100404;
/**
 * 100400 on a read = the link's parameters name nothing that could exist ("?id=abc"): to a fan that is
 * the same missing page, so the screen's own not-found view (with its way back) shows, not
 * "請求參數錯誤" or a blank skeleton. Plain sources are reads; forms submit through actions.
 */
export const BAD_LINK_CODE = 100400;
const isNotFound = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === NOT_FOUND_CODE || code === BAD_LINK_CODE;
};

/**
 * Subscribe the screen to all its sources; returns `data` for the scope. Sets `rt.notFound` when a
 * plain source failed with 100404, so the renderer shows the screen's not-found view, not empty fields.
 */
export function useScreenSources(rt: ScreenRuntime, scope: Scope): Record<string, unknown> {
  const client = useQueryClient();
  const pushing = useRealtimeUp(rt.services.realtime);
  const data = computeSources(rt, scope, client);
  // a live source polls only as a fallback, while the socket is down
  if (pushing) {
    for (const [name, def] of Object.entries(rt.screen.data ?? {})) {
      const opts = def.live && (rt.sources.plain.get(name) ?? rt.sources.paged.get(name));
      if (opts) opts.refetchInterval = false;
    }
  }
  const plainNames = [...rt.sources.plain.keys()];
  const results = useQueries({ queries: plainNames.map((n) => rt.sources.plain.get(n)!) });
  plainNames.forEach((n, i) => {
    data[n] = results[i].data;
  });
  rt.notFound = results.some((r) => isNotFound(r.error));
  // the set of paged sources is fixed per screen config, so this loop calls the same hooks every render
  for (const [name, opts] of rt.sources.paged) {
    // biome-ignore lint/correctness/useHookAtTopLevel: stable count per screen (see above)
    const r = useInfiniteQuery(opts);
    data[name] = pagedView(r.data as InfiniteData<unknown> | undefined, rt.screen.data![name]);
  }
  useLiveTopics(rt, client);
  return data;
}

/** Widgets: the react-query result of a plain data source of the current screen. */
export function useSource<T = unknown>(name: string) {
  const rt = useScreenRuntime();
  const opts = rt.sources.plain.get(name);
  if (!opts) throw new Error(`Unknown data source "${name}" on screen "${rt.screen.id}"`);
  // the screen's own observer (useScreenSources) fetches on mount; a widget reading the same source
  // joined it later and asked again whenever the answer had come before the widget's code did
  return useQuery({ ...(opts as any), refetchOnMount: false }) as ReturnType<typeof useQuery<T>>;
}

export interface PagedSource<T = unknown> {
  items: T[];
  total?: number;
  hasMore: boolean;
  isLoading: boolean;
  error: unknown;
  loadMore(): Promise<void>;
  refresh(): Promise<void>;
}

/** Widgets: an infinite list source (page 1, size 10 by default). */
export function usePagedSource<T = unknown>(name: string): PagedSource<T> {
  const rt = useScreenRuntime();
  const opts = rt.sources.paged.get(name);
  if (!opts) throw new Error(`Unknown paged data source "${name}" on screen "${rt.screen.id}"`);
  // fetched on mount by the screen's own observer (useScreenSources), not once more by the widget
  const q = useInfiniteQuery({ ...opts, refetchOnMount: false });
  // one array per answer, not per render: widgets compare it (a deferred list, memoised rows)
  const def = rt.screen.data![name];
  const view = useMemo(() => pagedView(q.data as InfiniteData<unknown> | undefined, def), [q.data, def]);
  return {
    items: view.items as T[],
    total: view.total,
    hasMore: Boolean(q.hasNextPage),
    isLoading: q.isLoading,
    error: q.error,
    loadMore: async () => {
      if (q.hasNextPage && !q.isFetchingNextPage) await q.fetchNextPage();
    },
    refresh: async () => {
      await q.refetch();
    },
  };
}
