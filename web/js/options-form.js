// The create form's fields: a game's option schema (number, select, boolean) turned into
// labelled controls, the values read back from them, and the create request they go into.
import { h } from './dom.js';
import { gameKey, translated } from './i18n.js';

// A labelled field: label (a string key) above the control; checkboxes get the label beside.
export function field(label, control) {
  const id = control.id || `opt-${control.name}`;
  control.id = id;
  const labelEl = translated('label', { for: id }, label);
  return control.type === 'checkbox'
    ? h('div', { class: 'field check' }, control, labelEl)
    : h('div', { class: 'field' }, labelEl, control);
}

// A <select> of choices [[value, label key]] with value selected.
export function select(name, choices, value) {
  return h(
    'select',
    { name, id: `opt-${name}` },
    choices.map(([v, label]) => translated('option', { value: v, selected: v === value }, label))
  );
}

// The control for one schema entry of game (labels are the game's own keys).
export function optionControl(game, o) {
  const id = `opt-${o.name}`;
  if (o.kind === 'number')
    return h('input', { type: 'number', name: o.name, id, min: o.min, max: o.max, value: o.value, required: true });
  if (o.kind === 'boolean') return h('input', { type: 'checkbox', name: o.name, id, checked: !!o.value });
  if (o.kind === 'select')
    return select(
      o.name,
      o.choices.map(([v, label]) => [v, gameKey(game, label)]),
      o.value
    );
  throw new Error(`option ${o.name}: unknown kind ${o.kind}`);
}

// The value of one schema entry read from its control: a number, a boolean or a string.
export function readOption(o, control) {
  if (o.kind === 'number') return Number(control.value);
  if (o.kind === 'boolean') return !!control.checked;
  return control.value;
}

// Fields for game's schema; read() → {name: value} for the create request's `options`.
export function optionFields(game, schema = []) {
  const controls = schema.map((o) => optionControl(game, o));
  return {
    nodes: schema.map((o, i) => field(gameKey(game, o.label), controls[i])),
    read: () => Object.fromEntries(schema.map((o, i) => [o.name, readOption(o, controls[i])])),
  };
}

// The POST /api/matches body. seat: '1' | '2' | 'random'; position: pasted JSON text or ''
// (a position carries its own options, so none are sent with it); clock: the room's clock
// option or null (none). Throws SyntaxError on bad JSON.
export function createRequest({ game, options, seat, visibility, position = '', clock = null }) {
  const req = { game, options, visibility, seat: seat === 'random' ? 'random' : Number(seat) };
  if (clock) req.clock = clock;
  const pos = String(position || '').trim();
  if (pos) {
    req.position = JSON.parse(pos);
    delete req.options;
  }
  return req;
}
