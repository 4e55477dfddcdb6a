/** Test kit for the API client's specs: a fake fetch answering by path, spied effects, a client on them. */
import { beforeEach, vi } from 'vitest';
import { createSessionStore, type SessionStore } from '../state/session-store';
import { type ApiEffects, createApiClient } from './client';

export type Reply = string | Record<string, unknown> | Error;

/** A fake fetch answering by path; records every call. */
export function fakeFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const path = url.split('?')[0];
    let reply = routes[path];
    if (Array.isArray(reply)) reply = reply.length > 1 ? reply.shift()! : reply[0];
    if (reply === undefined) throw new TypeError('Failed to fetch');
    if (reply instanceof Error) throw reply;
    return new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), { status: 200 });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

export function effectsSpy(confirmAnswer = true) {
  return {
    toast: vi.fn(),
    confirm: vi.fn(async () => confirmAnswer),
    navigate: vi.fn(),
    reload: vi.fn(),
    t: (k: string) => (k === 'errors.empty' ? 'Error' : `t:${k}`),
  } satisfies ApiEffects;
}

export function makeClient(
  store: SessionStore,
  routes: Record<string, Reply | Reply[]>,
  effects = effectsSpy(),
) {
  const f = fakeFetch(routes);
  const api = createApiClient({
    store,
    effects,
    fetch: f.fn,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-S9180 Build/TP1A.220624.014) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
  });
  return { api, effects, calls: f.calls };
}

export const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

/**
 * A fresh session store (and empty storage) for every test of the calling file; `client` builds an API
 * client on the current one.
 */
export function perTestClient() {
  let store: SessionStore = createSessionStore();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    store = createSessionStore();
  });
  return {
    store: () => store,
    client: (routes: Record<string, Reply | Reply[]>, effects = effectsSpy()) =>
      makeClient(store, routes, effects),
  };
}
