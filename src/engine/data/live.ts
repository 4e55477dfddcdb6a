/**
 * Live data sources: a source with `live: { topic, mode }` listens to a realtime topic and patches its
 * react-query cache entry, so every mounted screen reading that cache entry shows the change at once.
 *   merge   deep-merge `message.data` into every cached object with the same `id` (match items in lists,
 *           the detail header...). When both carry `seq`, an older message never overwrites newer data.
 *   append  add `message.item` (chat) or `message.event` (match events) to the source's list, deduped by id.
 *   refetch invalidate the source (a plain string `live` means this too).
 * A `{kind:'reset'}` message (the server could not replay what this client missed) always refetches.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isResetNotice } from '../../../contracts/realtime';
import type { DataSource, LiveSpec } from '../config-types.gen';
import { evalTemplate } from '../expr';
import type { ScreenRuntime } from '../runtime/screen-runtime';
import { getPath } from '../runtime/store';
import type { EngineServices } from '../services';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export function liveSpecOf(def: DataSource): Required<Pick<LiveSpec, 'topic' | 'mode'>> & LiveSpec {
  const live = def.live!;
  if (typeof live === 'string') return { topic: live, mode: 'refetch' };
  return { ...live, mode: live.mode ?? 'merge' };
}

function deepMerge(target: Obj, patch: Obj): Obj {
  const out: Obj = { ...target };
  for (const [k, v] of Object.entries(patch))
    out[k] = isObj(v) && isObj(out[k]) ? deepMerge(out[k] as Obj, v) : v;
  return out;
}

/**
 * Merge `patch` into every object with `id === patch.id` anywhere inside `data` (ids compared as strings,
 * so "12" from a route matches 12). Returns the same reference when nothing matched, so react-query
 * does not re-render for messages about other matches.
 */
export function mergeById(data: unknown, patch: Obj): unknown {
  if (patch.id === undefined || patch.id === null) return data;
  const id = String(patch.id);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      let changed = false;
      const next = v.map((x) => {
        const y = walk(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? next : v;
    }
    if (!isObj(v)) return v;
    if (v.id !== undefined && String(v.id) === id) {
      if (typeof v.seq === 'number' && typeof patch.seq === 'number' && patch.seq <= v.seq) return v;
      // the cached id keeps its type (a patch built from a route param may carry "7" for 7)
      return { ...deepMerge(v, patch), id: v.id };
    }
    let changed = false;
    const next: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      const y = walk(x);
      if (y !== x) changed = true;
      next[k] = y;
    }
    return changed ? next : v;
  };
  return walk(data);
}

const LIST_KEYS = ['list', 'records', 'items'];

/** Where the list of a page sits: explicit path, the page itself, or its list/records/items. */
function listKeyOf(page: unknown, listPath?: string): string[] | null {
  if (listPath) return listPath.split('.');
  if (Array.isArray(page)) return [];
  if (isObj(page)) for (const k of LIST_KEYS) if (Array.isArray(page[k])) return [k];
  return null;
}

function setIn(target: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const base = isObj(target) ? target : {};
  return { ...base, [head]: setIn(base[head], rest, value) };
}

function addTotal(page: unknown, totalPath: string | undefined): unknown {
  const path = (totalPath ?? 'total').split('.');
  const total = getPath(page, path.join('.'));
  return typeof total === 'number' ? setIn(page, path, total + 1) : page;
}

/** Append (or replace, when the id is already there) one item to a plain source's list. */
export function appendToList(data: unknown, item: Obj, at: 'start' | 'end', listPath?: string): unknown {
  const path = listKeyOf(data, listPath);
  if (!path) return data;
  const list = (path.length ? getPath(data, path.join('.')) : data) as unknown[] | undefined;
  const arr = Array.isArray(list) ? list : [];
  const idx = item.id === undefined ? -1 : arr.findIndex((x) => isObj(x) && String(x.id) === String(item.id));
  if (idx >= 0) {
    const next = [...arr];
    next[idx] = deepMerge(arr[idx] as Obj, item);
    return setIn(data, path, next);
  }
  const next = at === 'start' ? [item, ...arr] : [...arr, item];
  return path.length ? addTotal(setIn(data, path, next), undefined) : next;
}

/** The same for an infinite list: replace in whichever page holds the id, else add to the first/last page. */
export function appendToPages(
  data: InfiniteData<unknown> | undefined,
  item: Obj,
  at: 'start' | 'end',
  paged: DataSource['paged'],
): InfiniteData<unknown> | undefined {
  if (!data?.pages.length) return data;
  const listPath = paged?.listPath;
  const pages = [...data.pages];
  for (let i = 0; i < pages.length; i++) {
    const path = listKeyOf(pages[i], listPath);
    const list = path && ((path.length ? getPath(pages[i], path.join('.')) : pages[i]) as unknown[]);
    if (Array.isArray(list) && list.some((x) => isObj(x) && String(x.id) === String(item.id))) {
      pages[i] = appendToList(pages[i], item, at, listPath);
      return { ...data, pages };
    }
  }
  const target = at === 'start' ? 0 : pages.length - 1;
  pages[target] = appendToList(pages[target], item, at, listPath);
  // every page carries the total; the last one is read for "has more"
  if (target !== pages.length - 1)
    pages[pages.length - 1] = addTotal(pages[pages.length - 1], paged?.totalPath);
  return { ...data, pages };
}

/** Apply one realtime message to a source's cache entry. Returns true when the source must refetch. */
export function applyLiveMessage(
  client: QueryClient,
  queryKey: unknown[],
  def: DataSource,
  message: unknown,
): boolean {
  const spec = liveSpecOf(def);
  if (!isObj(message) || isResetNotice(message) || spec.mode === 'refetch') return true;
  if (spec.mode === 'merge') {
    if (!isObj(message.data)) return false;
    const patch = { ...message.data } as Obj;
    if (patch.seq === undefined && typeof message.seq === 'number' && message.kind === 'match')
      patch.seq = message.seq;
    client.setQueryData(queryKey, (old: unknown) => {
      if (old === undefined) return old;
      if (def.paged) {
        const d = old as InfiniteData<unknown>;
        const pages = d.pages.map((p) => mergeById(p, patch));
        return pages.every((p, i) => p === d.pages[i]) ? old : { ...d, pages };
      }
      return mergeById(old, patch);
    });
    return false;
  }
  const item = (
    isObj(message.item) ? message.item : isObj(message.event) ? message.event : null
  ) as Obj | null;
  if (!item) return false;
  const at = spec.at ?? 'end';
  client.setQueryData(queryKey, (old: unknown) => {
    if (old === undefined) return old;
    if (def.paged) return appendToPages(old as InfiniteData<unknown>, item, at, def.paged);
    return appendToList(old, item, at, spec.listPath);
  });
  return false;
}

type Realtime = NonNullable<EngineServices['realtime']>;
const alwaysUp = () => true;
const noopSubscribe = () => () => {};

/** Whether pushes arrive now: polling of live sources runs only while this is false. */
export function useRealtimeUp(realtime: Realtime | undefined): boolean {
  return useSyncExternalStore(
    realtime?.onStatus ?? noopSubscribe,
    realtime?.isUp ?? (realtime ? alwaysUp : () => false),
  );
}

/** Subscribe the screen's live sources to their topics; re-subscribes only when a topic changes. */
export function useLiveTopics(rt: ScreenRuntime, client: QueryClient): void {
  const { realtime } = rt.services;
  const topics = Object.entries(rt.screen.data ?? {})
    .filter(([, d]) => d.live)
    .map(([name, d]) => [name, String(evalTemplate(liveSpecOf(d).topic, rt.liveScope(), rt.env))] as const);
  const signature = JSON.stringify(topics);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-subscribe only when the topics change
  useEffect(() => {
    if (!realtime) return;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    // a burst of events (goal + stats + odds) refetches once
    const refetchSoon = (name: string) => {
      if (timers.has(name)) return;
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          void rt.refetch(name);
        }, 150),
      );
    };
    const offs = topics
      // a topic whose template had nothing to fill in (data not loaded yet) is not a real topic
      .filter(([, topic]) => topic && !topic.endsWith(':') && !topic.includes('undefined'))
      .map(([name, topic]) =>
        realtime.subscribe(topic, (message) => {
          const def = rt.screen.data?.[name];
          const opts = rt.sources.plain.get(name) ?? rt.sources.paged.get(name);
          if (!def || !opts) return;
          if (applyLiveMessage(client, opts.queryKey, def, message)) refetchSoon(name);
        }),
      );
    return () => {
      for (const off of offs) off();
      for (const t of timers.values()) clearTimeout(t);
    };
  }, [signature, realtime]);
}
