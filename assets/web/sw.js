// Tessera's service worker: every file of the page (the page, the game's module, the solver's
// worker, the manifest and the icons) is cached on the first visit, so the game opens and plays
// with no network. One build is one version: `scripts/web` writes the version (a hash of the
// files) and the list of files below. A new build's worker caches all of its files before it
// may take over, and the page is served from one version's cache only, never a mix of an old
// page and a new module. The new worker waits until the page asks it to take over (the player
// taps "update" on the page's notice), or until no page of the old one is open.
const VERSION = "__TESSERA_VERSION__";
const FILES = __TESSERA_FILES__;
const CACHE = `tessera-${VERSION}`;

self.addEventListener("install", (event) => {
  // From the network, not the browser's own cache: the files of this version.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("tessera-") && key !== CACHE) await caches.delete(key);
    }
    // The first visit's page is served by this worker from now on (it loaded before it).
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  // The page at any address (`?code=...`, `?probe=1`) is the one page.
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
