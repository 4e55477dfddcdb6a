/*
 * 球聚's service worker (hand-written, no library): an offline shell for the installed web app.
 * - the page (navigations and index.html): stale-while-revalidate, so the app opens at once and offline,
 *   and the next start gets a new release;
 * - /assets/*: cache-first (their names carry a content hash, so a cached file never goes stale);
 * - other static files of our origin (icons, manifest, html-lang.js): stale-while-revalidate;
 * - API answers, uploads, the websocket and the dev outbox are never touched: they go to the network
 *   (and fail while offline, which the app shows as its offline state).
 * Bump VERSION to drop every cache of older workers.
 */
const VERSION = 'v2';
const SHELL = `gf-shell-${VERSION}`;
const ASSETS = `gf-assets-${VERSION}`;
const SHELL_FILES = [
  './',
  './manifest.webmanifest',
  './html-lang.js',
  './icons/icon-192.png',
  './favicon.svg',
];
const NEVER = /^\/(prs|mdr|dmd|byn|dev|ws|uploads|openapi|docs|sandbox-pay)(\/|$)/;
// the app may live under a path prefix: rules are judged on the path inside the worker's scope
const SCOPE = new URL(self.registration.scope).pathname;
const MAX_ASSETS = 200;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSETS);
    await cache.put(request, response.clone());
    trim(ASSETS);
  }
  return response;
}

async function staleWhileRevalidate(event, request, key) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(key);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(key, response.clone());
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(fresh);
    return cached;
  }
  return (await fresh) ?? Response.error();
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  const path = `/${url.pathname.slice(SCOPE.length)}`;
  if (NEVER.test(path)) return;
  if (path === '/' || path === '/index.html') {
    // one cached page for the app: its routes live in the hash. Any other page of the origin (the
    // payment gateway's sandbox page, the API reference) is not the app and goes to the network.
    event.respondWith(staleWhileRevalidate(event, request, './'));
    return;
  }
  if (request.mode === 'navigate') return;
  if (path.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(staleWhileRevalidate(event, request, request));
});
