// The service worker: keeps one version of the whole web client (the shell, every module,
// the CSS, the icons, the engine module) so that it opens and plays without a network, and
// brings a new version in whole, never a mix of old and new files.
// /precache.js (written by the build, scripts/precache.cmake) lists every file with its
// SHA-256 and a version made from them all and from this script. A new deploy changes that list, so the browser's
// update check (it compares this script and its imports byte for byte) installs a new worker:
// it stores every listed file in a cache of its own, checking each file's hash (a file that
// does not match — a deploy under way — fails the install, tried again on a later visit).
// It waits until the page asks it to take over at the start of a visit (offline/service-worker.js),
// then deletes the older caches. API and WebSocket traffic never goes through a cache.
importScripts('/precache.js');

const { version, files } = self.PRECACHE;
const PREFIX = 'tabuleiro-';
const CACHE = `${PREFIX}${version}`;
// Addresses that belong to the server, never to the cached client.
const SERVER = [/^\/api\//, /^\/ws$/, /^\/healthz$/, /^\/metrics$/];

// The hexadecimal SHA-256 of bytes.
async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...d].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// Stores every listed file, each checked against its hash; any failure leaves no cache behind.
async function fill() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(Object.entries(files).map(async ([path, hash]) => {
      const res = await fetch(path, { cache: 'no-store' });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
      if (await sha256(await res.clone().arrayBuffer()) !== hash) throw new Error(`${path} is not the listed version`);
      await cache.put(path, res);
    }));
  } catch (e) {
    await caches.delete(CACHE);
    throw e;
  }
}

self.addEventListener('install', (e) => e.waitUntil(fill()));

// Active: older versions' caches go, and the open pages are served by this version.
self.addEventListener('activate', (e) => e.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  await self.clients.claim();
})()));

// A page starting a visit asks a waiting version to take over: it does when that page is the
// only one of the site open (no other page is left running old files beside new ones), and
// answers {ok} on the message's port.
self.addEventListener('message', (e) => {
  if (e.data?.type !== 'take-over') return;
  e.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const ok = pages.length <= 1;
    e.ports[0]?.postMessage({ ok });
    if (ok) await self.skipWaiting();
  })());
});

// The cached file for a request, or null when the network answers it: every listed file, and
// the shell (index.html) for any page address (one without a file extension).
function cachedPath(req) {
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return null;
  if (SERVER.some((re) => re.test(url.pathname))) return null;
  if (url.pathname in files) return url.pathname;
  if (req.mode === 'navigate' && !/\.[^/]*$/.test(url.pathname)) return '/index.html';
  return null;
}

self.addEventListener('fetch', (e) => {
  const path = cachedPath(e.request);
  if (!path) return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(path)).then((hit) => hit || fetch(e.request)));
});
