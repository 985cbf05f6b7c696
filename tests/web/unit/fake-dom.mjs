// A minimal DOM for unit tests of the client's element builders (web/js/dom.js `h`): elements
// with attributes, children, dataset, CSSOM style declarations, the form-control properties the
// shell reads (value, checked, …) and a <select> whose value follows its selected <option>.
// Not a test file itself.

class FakeNode {}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.children = [];
    this.dataset = {};
    this.listeners = {};
    this.textContent = '';
    for (const p of PROPS[tag] || []) this[p] = p === 'checked' || p === 'selected' || p === 'required' ? false : '';
    this.id = '';
    this.style = new FakeStyle();
  }
  setAttribute(k, v) {
    v = String(v);
    this.attributes.set(k, v);
    if (k === 'id' || ((PROPS[this.tagName.toLowerCase()] || []).includes(k) && typeof this[k] === 'string'))
      this[k] = v;
  }
  getAttribute(k) {
    return this.attributes.has(k) ? this.attributes.get(k) : null;
  }
  addEventListener(type, fn) {
    (this.listeners[type] ||= []).push(fn);
  }
  append(...nodes) {
    for (const n of nodes) this.children.push(n instanceof FakeNode ? n : String(n));
  }
  prepend(...nodes) {
    this.children.unshift(...nodes.map((n) => (n instanceof FakeNode ? n : String(n))));
  }
  replaceChildren(...nodes) {
    this.children = [];
    this.append(...nodes);
  }
  // Every element under this one, depth first.
  descendants() {
    return this.children.filter((c) => c instanceof FakeElement).flatMap((c) => [c, ...c.descendants()]);
  }
  get text() {
    return this.children.map((c) => (c instanceof FakeElement ? c.text : c)).join('') || this.textContent;
  }
}

// An element's CSSOM declarations (style.setProperty and friends); never a style attribute.
class FakeStyle {
  constructor() {
    this.props = new Map();
  }
  setProperty(k, v) {
    this.props.set(k, String(v));
  }
  removeProperty(k) {
    this.props.delete(k);
  }
  getPropertyValue(k) {
    return this.props.get(k) ?? '';
  }
}

class FakeSelect extends FakeElement {
  get value() {
    const opts = this.descendants().filter((e) => e.tagName === 'OPTION');
    return (opts.find((o) => o.selected) || opts[0])?.value ?? '';
  }
  set value(v) {
    for (const o of this.descendants()) if (o.tagName === 'OPTION') o.selected = o.value === String(v);
  }
}

const PROPS = {
  input: ['type', 'name', 'value', 'checked', 'min', 'max', 'required'],
  option: ['value', 'selected'],
  select: ['name'],
  label: [],
};

// Installs document and Node on globalThis (once); returns the fake document.
export function installFakeDom() {
  if (!globalThis.document) {
    globalThis.Node = FakeNode;
    globalThis.document = {
      createElement: (tag) => (tag === 'select' ? new FakeSelect(tag) : new FakeElement(tag)),
      createElementNS: (_ns, tag) => new FakeElement(tag),
      documentElement: new FakeElement('html'),
      querySelectorAll: () => [], // the page itself is empty: translatePage() finds nothing
    };
  }
  return globalThis.document;
}
