// No import cycle among the client's modules: every .js file under web/js/ (games included) is
// read, its relative imports (static and dynamic) resolved, and the graph searched for a cycle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const JS = join(dirname(fileURLToPath(import.meta.url)), '../../../web/js');

// Every .js file under dir (absolute paths).
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? jsFiles(p) : e.name.endsWith('.js') ? [p] : [];
  });
}

// The specifiers src imports: `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`.
function importsOf(src) {
  const re =
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...src.matchAll(re)].map((m) => m[1] ?? m[2] ?? m[3]);
}

// The module graph: file → the files its relative imports resolve to (bare specifiers such as
// vendored packages are left out: they are not the client's modules).
function graphOf(files) {
  const graph = new Map();
  for (const f of files) {
    const deps = importsOf(readFileSync(f, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(dirname(f), s));
    graph.set(f, deps);
  }
  return graph;
}

// The first cycle found in graph (a list of nodes, the first repeated at the end), or null.
function findCycle(graph) {
  const state = new Map(); // node → 'open' while on the path, 'done' after
  const path = [];
  const visit = (n) => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n];
    state.set(n, 'open');
    path.push(n);
    for (const d of graph.get(n) || []) {
      const c = visit(d);
      if (c) return c;
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

test('the cycle search finds a cycle and accepts a tree', () => {
  assert.deepEqual(
    findCycle(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
      ])
    ),
    ['a', 'b', 'c', 'a']
  );
  assert.deepEqual(
    findCycle(
      new Map([
        ['a', ['b', 'c']],
        ['b', ['c']],
        ['c', []],
      ])
    ),
    null
  );
  assert.deepEqual(
    findCycle(
      new Map([
        ['x', ['y']],
        ['y', ['y']],
      ])
    ),
    ['y', 'y']
  );
  assert.deepEqual(
    importsOf(
      "import a from './a.js';\nimport './b.js';\nexport { c } from '../c.js';\nconst d = await import('./d.js');\nimport x from 'pkg';"
    ),
    ['./a.js', './b.js', '../c.js', './d.js', 'pkg']
  );
});

test('no import cycle among the modules under web/js/', () => {
  const files = jsFiles(JS);
  const graph = graphOf(files);
  assert.ok(files.length > 30, `${files.length} modules`);
  const missing = [...graph.entries()].flatMap(([f, deps]) =>
    deps.filter((d) => !existsSync(d)).map((d) => `${relative(JS, f)} → ${relative(JS, d)}`)
  );
  assert.deepEqual(missing, [], 'every relative import names an existing file');
  const cycle = findCycle(graph);
  assert.equal(cycle, null, `import cycle: ${cycle?.map((f) => relative(JS, f)).join(' → ')}`);
});
