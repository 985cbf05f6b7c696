// The page's Content-Security-Policy (style-src 'self', no 'unsafe-inline') blocks inline style
// attributes: no module under web/js/ writes one into markup, and h() sets a style only through
// the CSSOM (el.style.setProperty, which the policy allows), refusing a style string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { h } = await import('../../../web/js/dom.js');
const JS = join(dirname(fileURLToPath(import.meta.url)), '../../../web/js');

// Every .js file under dir.
const jsFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? jsFiles(p) : e.name.endsWith('.js') ? [p] : [];
  });

// What writes a style attribute: markup with style="…" (in strings, templates, innerHTML), a
// string `style:` in an h() attribute object, setAttribute('style', …), style.cssText.
const PATTERNS = [
  [/\bstyle\s*=\s*\\?["'`]/, 'a style="…" attribute in markup'],
  [/\bstyle\s*:\s*["'`]/, 'a style string in an attribute object'],
  [/setAttribute\(\s*["'`]style["'`]/, "setAttribute('style', …)"],
  [/\.cssText\b/, 'style.cssText'],
];

test('the check finds each way of writing a style attribute', () => {
  const samples = [
    'x.innerHTML = \'<b style="color:red">\';',
    "h('i', { style: `width:${p}%` })",
    "el.setAttribute('style', 'x')",
    'el.style.cssText = s;',
  ];
  for (const [i, sample] of samples.entries()) assert.ok(PATTERNS[i][0].test(sample), sample);
  assert.ok(
    !PATTERNS.some(([re]) => re.test("h('i', { style: { width: '3px' } }); el.style.setProperty('top', '1px');"))
  );
});

test('no module under web/js/ writes an inline style attribute', () => {
  const hits = [];
  for (const f of jsFiles(JS)) {
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*\/\//.test(line)) return;
        for (const [re, what] of PATTERNS)
          if (re.test(line)) hits.push(`${relative(JS, f)}:${i + 1}: ${what}: ${line.trim()}`);
      });
  }
  assert.deepEqual(hits, []);
});

test('h() sets style properties through the CSSOM and refuses a style string', () => {
  const el = h('i', { class: 'bar', style: { width: '40%', '--hue': 120, left: null } });
  assert.equal(el.style.getPropertyValue('width'), '40%');
  assert.equal(el.style.getPropertyValue('--hue'), '120');
  assert.equal(el.getAttribute('style'), null, 'no style attribute');
  assert.throws(() => h('i', { style: 'width:40%' }), /style must be an object/);
});
