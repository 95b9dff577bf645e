// Deduku's service worker. scripts/precache.mjs prepends VERSION (a hash of the build) and
// PRECACHE (every file of the build, made from the build directory) when Trunk builds.
//
// - install: put every precached file into a cache named after VERSION. The page registers
//   the service worker only after it has loaded (web/src/offline.rs), so on a first visit the
//   files are in the browser's HTTP cache, and install takes them from there rather than
//   downloading them again: Trunk's content-hashed files (app-0123456789abcdef.js) as they are
//   (`cache: 'default'`: a name stands for one content), every other file (index.html, the
//   worker, whose names Trunk does not hash, the icons, the manifest) revalidated with the
//   server (`cache: 'no-cache'`: a 304 costs a round trip, not the body), so a new build's
//   service worker never stores an old file. The page ("./") is stored as index.html too.
//   A new version then waits, so the page is never switched under the person; the page shows
//   "A new version is ready — Reload" and posts SKIP_WAITING when they press it.
// - activate: delete the caches of other versions and take control of open pages.
// - fetch: same-origin GETs of precached files come from the cache (the worker's `?v=` query
//   is ignored: the cache holds the worker of this very build); the page itself ("./" or
//   index.html) too; everything else goes to the network.
const CACHE = `deduku-${VERSION}`;
const scope = new URL(self.registration.scope);
const precached = new Set(PRECACHE.map((p) => new URL(p, scope).pathname));

// Trunk's content-hashed names. Trunk prints its 64-bit hash without leading zeros, so a
// name may have fewer than 16 digits (app-cb80bf60fbb34e8_bg.wasm had 15).
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.[a-z]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.filter((p) => p !== './index.html').map(async (p) => {
      const url = new URL(p, scope);
      const response = await fetch(url, { cache: HASHED.test(url.pathname) ? 'default' : 'no-cache' });
      if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
      if (p === './') await cache.put(new URL('./index.html', scope), response.clone());
      await cache.put(url, response);
    }));
  })());
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
