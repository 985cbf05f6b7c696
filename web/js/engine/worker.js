// The rules engine's Web Worker: loads the WebAssembly module named by /engine/engine.json and
// answers each posted {id, request} with {id, answer} (wasm/README.md lists the requests). Rules
// and the computer's search run here, never on the page's thread. A classic worker: the module's
// loader is a classic script (importScripts).
'use strict';

// Wrapped in a function, so that its names stay out of the worker's global scope, which the
// engine's loader script (importScripts) shares.
(() => {
  let ready = null;

  // The module, loaded once: its loader script, then the .wasm it names (content-hashed names,
  // cached by the browser and the service worker).
  function load() {
    if (!ready) {
      ready = fetch('/engine/engine.json', { cache: 'no-cache' })
        .then((res) => {
          if (!res.ok) throw new Error(`engine.json: HTTP ${res.status}`);
          return res.json();
        })
        .then((names) => {
          importScripts(`/engine/${names.js}`);
          return self.tabuleiroEngine({ locateFile: () => `/engine/${names.wasm}` });
        });
    }
    return ready;
  }

  self.onmessage = (e) => {
    const { id, request } = e.data;
    load().then(
      (mod) => self.postMessage({ id, answer: JSON.parse(mod.callText(JSON.stringify(request))) }),
      (err) =>
        self.postMessage({
          id,
          answer: { ok: false, error: { code: 'engine_unavailable', message: String((err && err.message) || err) } },
        })
    );
  };
})();
