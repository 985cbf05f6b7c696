// Loads the published WebAssembly engine (web/engine/engine.json) in Node and answers its JSON
// calls, as the web client's worker does: call(request object) → answer object.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// The module published under dir (web/engine), loaded; returns {call, files}.
export async function loadEngine(dir) {
  const names = JSON.parse(readFileSync(path.join(dir, 'engine.json'), 'utf8'));
  // The project's package.json makes .js files ES modules; the module is a classic script
  // (as a worker's importScripts loads it), so it is evaluated as CommonJS here.
  const file = path.resolve(dir, names.js);
  const module = { exports: {} };
  new Function('module', 'exports', 'require', '__dirname', '__filename', readFileSync(file, 'utf8'))(
    module,
    module.exports,
    require,
    path.dirname(file),
    file
  );
  const mod = await module.exports({ wasmBinary: readFileSync(path.join(dir, names.wasm)) });
  // Module.callText (wasm/call.js), as the worker calls it.
  const call = (request) => JSON.parse(mod.callText(JSON.stringify(request)));
  return { call, files: names };
}
