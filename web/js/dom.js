// Tiny DOM helpers: element builder, icon, toasts.

// The SVG elements h() makes in the SVG namespace (icons, charts).
const SVG_TAGS = new Set(['svg', 'use', 'g', 'path', 'polyline', 'line', 'circle', 'text', 'title']);

// Creates <tag> with attributes/properties and children (strings, nodes, arrays, null).
// `style` is an object of CSS properties set through the CSSOM (el.style.setProperty), which the
// page's Content-Security-Policy allows; a style string would be an inline style attribute,
// which it blocks, so h() refuses one.
export function h(tag, attrs = {}, ...children) {
  const svg = SVG_TAGS.has(tag);
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.setAttribute('class', v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style') setStyle(el, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (!svg && k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, children);
  return el;
}

// Sets the CSS properties of props ({name: value}, custom properties included) on el through
// the CSSOM; a string is refused (it could only become a style attribute, blocked by the CSP).
export function setStyle(el, props) {
  if (typeof props !== 'object')
    throw new TypeError('h(): style must be an object of CSS properties, not an inline style string');
  for (const [name, value] of Object.entries(props)) {
    if (value == null) el.style.removeProperty(name);
    else el.style.setProperty(name, String(value));
  }
  return el;
}

// Replaces el's children (null/false skipped, arrays flattened).
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

// An inline icon from /icons.svg; decorative unless label is given.
export function icon(id, label) {
  const s = h('svg', { class: `icon icon-${id}`, viewBox: '0 0 24 24' }, h('use', { href: `/icons.svg#${id}` }));
  if (label) {
    s.setAttribute('role', 'img');
    s.setAttribute('aria-label', label);
  } else s.setAttribute('aria-hidden', 'true');
  return s;
}

// Shows a short message at the bottom of the screen; kind is '' | 'error' | 'ok'.
export function toast(text, kind = '', ms = 3500) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const el = h('div', { class: `toast ${kind}` }, text);
  box.append(el);
  setTimeout(() => {
    el.classList.add('out');
    setTimeout(() => el.remove(), 400);
  }, ms);
}
