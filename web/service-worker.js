// Deduku's service worker. scripts/precache.mjs prepends VERSION (a hash of the build) and
// PRECACHE (every file of the build, made from the build directory) when Trunk builds.
//
// - install: fetch every precached file past the HTTP cache into a cache named after VERSION.
//   A new version then waits, so the page is never switched under the person; the page shows
//   "A new version is ready — Reload" and posts SKIP_WAITING when they press it.
// - activate: delete the caches of other versions and take control of open pages.
// - fetch: same-origin GETs of precached files come from the cache (the worker's `?v=` query
//   is ignored: the cache holds the worker of this very build); the page itself ("./" or
//   index.html) too; everything else goes to the network.
const CACHE = `deduku-${VERSION}`;
const scope = new URL(self.registration.scope);
const precached = new Set(PRECACHE.map((p) => new URL(p, scope).pathname));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((p) => new Request(new URL(p, scope), { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('deduku-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !precached.has(url.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(new URL(url.pathname, scope), { ignoreSearch: true });
    return hit ?? fetch(request);
  })());
});
