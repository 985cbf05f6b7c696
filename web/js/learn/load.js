// What the lesson and puzzle pages load: a game's JSON data (its lessons or puzzles), fetched
// once per address, and the rules engine's client (loaded on first use, the offline page's too;
// the service worker keeps both for offline visits).

const cache = new Map(); // url → Promise of its JSON

// The JSON at url, fetched once (again after a failure); rejects with the HTTP status.
export function loadJson(url) {
  if (!cache.has(url)) {
    cache.set(
      url,
      fetch(url)
        .then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.json();
        })
        .catch((e) => {
          cache.delete(url);
          throw e;
        })
    );
  }
  return cache.get(url);
}

let engine = null;
// The engine client (engine/engine-client.js), loaded once (again after a failure).
export function loadEngine() {
  engine ??= import('../engine/engine-client.js')
    .then((m) => m.engineClient())
    .catch((e) => {
      engine = null;
      throw e;
    });
  return engine;
}
