/*
 * Perch's service worker: lets the installed app open without a connection. It only handles
 * the web app's own files under /ui/; API calls always go to the network.
 *
 * - Pages (navigations): the network first, so a new version is picked up at once; offline,
 *   the last app shell seen. The app then says the server cannot be reached and keeps trying.
 * - /ui/assets/ (content-hashed, never change): from the cache, fetched once.
 * - Icons, manifest and other files: from the cache while a fresh copy is fetched.
 */
const CACHE = 'perch-app-v1';
const SHELL = '/ui/';
/** Old builds' assets are dropped beyond this many cached files. */
const MAX_ENTRIES = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('perch-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  const excess = keys.length - MAX_ENTRIES;
  // Keys come back in insertion order: the oldest go first; the shell is kept.
  for (const request of keys.slice(0, Math.max(0, excess))) {
    if (new URL(request.url).pathname !== SHELL) await cache.delete(request);
  }
}

async function remember(request, response) {
  if (!response.ok || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
  await trim(cache);
}

async function page(event) {
  try {
    const response = await fetch(event.request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.startsWith('text/html')) event.waitUntil(remember(SHELL, response.clone()));
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function asset(event) {
  const cached = await caches.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  event.waitUntil(remember(event.request, response.clone()));
  return response;
}

async function file(event) {
  const cached = await caches.match(event.request);
  const fresh = fetch(event.request).then((response) => {
    event.waitUntil(remember(event.request, response.clone()));
    return response;
  });
  if (cached) {
    fresh.catch(() => undefined);
    return cached;
  }
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SHELL)) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/ui/assets/')) event.respondWith(asset(event));
  else if (url.pathname !== '/ui/sw.js') event.respondWith(file(event));
});
