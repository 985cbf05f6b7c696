// The page's side of the rules engine: one shared worker (web/js/engine/worker.js) and a
// promise per request. engineClient() resolves to {call(request) → Promise<answer>}, or rejects
// when this browser cannot run it (no Worker or WebAssembly); answers are {ok:true,…} or
// {ok:false, error:{code, message}} (wasm/README.md).

let client = null;

// The shared engine client, created on first use.
export function engineClient() {
  if (!client) client = start();
  return client;
}

// Starts the worker and checks that the module loads (an answer to a harmless request).
async function start() {
  if (typeof Worker !== 'function' || typeof WebAssembly !== 'object') throw new Error('no Worker or WebAssembly');
  const worker = new Worker('/js/engine/worker.js');
  const pending = new Map();
  let next = 1;
  worker.onmessage = (e) => {
    const done = pending.get(e.data.id);
    if (!done) return;
    pending.delete(e.data.id);
    done(e.data.answer);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    for (const done of pending.values())
      done({ ok: false, error: { code: 'engine_unavailable', message: e.message || 'worker error' } });
    pending.clear();
  };
  // Sends one request; resolves with its answer.
  const call = (request) =>
    new Promise((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      worker.postMessage({ id, request });
    });
  const probe = await call({ op: 'free', match: 0 });
  if (probe.error && probe.error.code === 'engine_unavailable') throw new Error(probe.error.message);
  return { call };
}
