// The service worker: keeps whole versions of the web client (the shell, every module, the
// CSS, the icons, the engine module) so that it opens and plays without a network, and never
// serves a page a mix of old and new files.
// /precache.js (written by the build, scripts/precache.cmake) lists every file with its
// SHA-256 and a version made from them all and from this script. A new deploy changes that
// list, so the browser's update check (it compares this script and its imports byte for byte)
// installs a new worker: it stores every listed file in a cache of its own, checking each
// file's hash (a file that does not match — a deploy under way — fails the install, tried
// again on a later visit), then takes over at once. Each page is pinned to the version it was
// loaded from: a new page (a navigation) gets the newest version, and every later request of
// that page, or of a worker it starts, is served from that page's version, so an open page
// keeps running the files it started with. A version's cache is deleted once no open page
// uses it. API and WebSocket traffic never goes through a cache.

// Wrapped in a function, so that its names stay out of the worker's global scope, which the
// scripts it imports (/precache.js) share.
(() => {
  importScripts('/precache.js');

  const { version, files } = self.PRECACHE;
  const PREFIX = 'tabuleiro-';
  const CACHE = `${PREFIX}${version}`;
  // The pins: one entry per page or worker, `/<client id>` → the name of the cache it runs from.
  const PINS = `${PREFIX}pins`;
  // Addresses that belong to the server, never to the cached client.
  const SERVER = [/^\/api\//, /^\/ws$/, /^\/healthz$/, /^\/metrics$/];
  const pins = new Map(); // the pins this worker read or wrote since it started

  // The hexadecimal SHA-256 of bytes.
  async function sha256(bytes) {
    const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    return [...d].map((b) => b.toString(16).padStart(2, '0')).join('');
  }

  // Stores every listed file, each checked against its hash; any failure leaves no cache behind.
  async function fill() {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(
        Object.entries(files).map(async ([path, hash]) => {
          const res = await fetch(path, { cache: 'no-store' });
          if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
          if ((await sha256(await res.clone().arrayBuffer())) !== hash)
            throw new Error(`${path} is not the listed version`);
          await cache.put(path, res);
        })
      );
    } catch (e) {
      await caches.delete(CACHE);
      throw e;
    }
  }

  // The cache name client id runs from, or null for a client no worker pinned.
  async function pinned(id) {
    if (!id) return null;
    if (!pins.has(id)) {
      const hit = await (await caches.open(PINS)).match(`/${id}`);
      pins.set(id, hit ? await hit.text() : null);
    }
    return pins.get(id);
  }

  // Pins client id to the cache name.
  async function pin(id, name) {
    pins.set(id, name);
    await (await caches.open(PINS)).put(`/${id}`, new Response(name));
  }

  // The ids of the open clients (pages and workers).
  async function openClients() {
    return new Set((await self.clients.matchAll({ type: 'all', includeUncontrolled: true })).map((c) => c.id));
  }

  // Forgets the pins of clients that are gone (but keep's, a page still loading) and deletes the
  // caches of versions no open client runs from any more; sweep: every version's cache but this
  // worker's and those in use (on activation: a newer version may be installing only later).
  async function prune(keep = null, sweep = false) {
    const open = await openClients();
    const store = await caches.open(PINS);
    const used = new Set([CACHE]);
    const left = new Set();
    for (const req of await store.keys()) {
      const id = new URL(req.url).pathname.slice(1);
      const name = await (await store.match(req)).text();
      if (open.has(id) || id === keep) used.add(name);
      else {
        left.add(name);
        pins.delete(id);
        await store.delete(req);
      }
    }
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== PINS && !used.has(name) && (sweep || left.has(name)))
        await caches.delete(name);
    }
  }

  // On activation: the open clients no worker pinned (pages of a first visit, loaded from the
  // network as this version was being installed) run this version.
  async function pinOpen() {
    for (const id of await openClients()) if (!(await pinned(id))) await pin(id, CACHE);
  }

  self.addEventListener('install', (e) => e.waitUntil(fill().then(() => self.skipWaiting())));
  // Active: the open pages are served by this worker (each from its own version), and the
  // caches nobody uses go.
  self.addEventListener('activate', (e) =>
    e.waitUntil(
      self.clients
        .claim()
        .then(pinOpen)
        .then(() => prune(null, true))
    )
  );

  // The answer to a request: a new page (a navigation: the shell, index.html, for any page
  // address) is pinned to the newest version, a worker a page starts to that page's, and any
  // other client no worker pinned yet to the newest; a file of the client's version comes from
  // its cache, anything else from the network.
  async function answer(e) {
    const req = e.request;
    const url = new URL(req.url);
    const page = req.mode === 'navigate';
    let name = page ? CACHE : await pinned(e.clientId);
    if (!name) {
      name = CACHE;
      if (e.clientId) await pin(e.clientId, name);
    }
    if (e.resultingClientId) await pin(e.resultingClientId, name);
    const path = page && !/\.[^/]*$/.test(url.pathname) ? '/index.html' : url.pathname;
    return (await caches.match(path, { cacheName: name })) || fetch(req);
  }

  self.addEventListener('fetch', (e) => {
    const url = new URL(e.request.url);
    if (e.request.method !== 'GET' || url.origin !== self.location.origin || SERVER.some((re) => re.test(url.pathname)))
      return;
    e.respondWith(answer(e));
    if (e.request.mode === 'navigate') e.waitUntil(prune(e.resultingClientId));
  });

  // A Web Push message (server/notify/push_sender.cpp): a notice already worded in the member's
  // language, {kind, title, body, url, tag}, shown as a notification; a later one with the same
  // tag (the same match) replaces it. A payload that is not one shows nothing.
  self.addEventListener('push', (e) => {
    let n = null;
    try {
      n = e.data ? e.data.json() : null;
    } catch {
      n = null;
    }
    if (!n || typeof n.title !== 'string' || typeof n.url !== 'string') return;
    e.waitUntil(
      self.registration.showNotification(n.title, {
        body: typeof n.body === 'string' ? n.body : '',
        tag: typeof n.tag === 'string' ? n.tag : undefined,
        icon: '/icons/icon-192.png',
        data: { url: n.url },
      })
    );
  });

  // A notification clicked: its page (this site's only) comes to the front, in the window that
  // shows it already or a new one.
  self.addEventListener('notificationclick', (e) => {
    e.notification.close();
    const url = new URL(e.notification.data?.url || '/', self.location.origin);
    if (url.origin !== self.location.origin) return;
    e.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).pathname === url.pathname);
        if (open) return open.focus();
        return self.clients.openWindow(url.href);
      })()
    );
  });
})();
