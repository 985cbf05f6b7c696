// The create form builds its fields from a game's option schema — number, select and boolean
// (a checkbox) — and reads them back, typed, into the create request's `options`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { optionFields, createRequest } = await import('../../../web/js/options-form.js');
const { registerGameStrings, setLang } = await import('../../../web/js/i18n.js');
const { gameById } = await import('../../../web/js/games.js');

// A synthetic game's schema (TAIXU has no boolean option).
const SCHEMA = [
  { name: 'fast', label: 'opt.fast', kind: 'boolean', value: true },
  { name: 'hidden_setup', label: 'opt.hidden', kind: 'boolean', value: false },
  { name: 'size', label: 'opt.size', kind: 'number', min: 4, max: 12, value: 6 },
  {
    name: 'mode',
    label: 'opt.mode',
    kind: 'select',
    value: 'b',
    choices: [
      ['a', 'opt.mode.a'],
      ['b', 'opt.mode.b'],
    ],
  },
];
registerGameStrings('demo', {
  en: {
    'opt.fast': 'Fast game',
    'opt.hidden': 'Hidden set-up',
    'opt.size': 'Board size',
    'opt.mode': 'Mode',
    'opt.mode.a': 'A',
    'opt.mode.b': 'B',
  },
  'pt-BR': {
    'opt.fast': 'Partida rápida',
    'opt.hidden': 'Formação secreta',
    'opt.size': 'Tamanho',
    'opt.mode': 'Modo',
    'opt.mode.a': 'A',
    'opt.mode.b': 'B',
  },
});
setLang('en');

const controlOf = (fieldEl) => fieldEl.descendants().find((e) => ['INPUT', 'SELECT'].includes(e.tagName));
const labelOf = (fieldEl) => fieldEl.descendants().find((e) => e.tagName === 'LABEL');

test('a boolean option is a checkbox, checked by its default, labelled beside it', () => {
  const { nodes } = optionFields('demo', SCHEMA);
  assert.equal(nodes.length, 4);
  const [fast, hidden] = nodes;
  assert.equal(fast.getAttribute('class'), 'field check');
  const box = controlOf(fast);
  assert.equal(box.tagName, 'INPUT');
  assert.equal(box.type, 'checkbox');
  assert.equal(box.name, 'fast');
  assert.equal(box.id, 'opt-fast');
  assert.equal(box.checked, true);
  assert.equal(fast.children[0], box, 'the box comes before its label');
  assert.equal(labelOf(fast).getAttribute('for'), 'opt-fast');
  assert.equal(labelOf(fast).getAttribute('data-i18n'), 'demo.opt.fast');
  assert.equal(labelOf(fast).text, 'Fast game');
  assert.equal(controlOf(hidden).checked, false);
  assert.equal(nodes[2].getAttribute('class'), 'field', 'other kinds keep the label above');
  assert.equal(controlOf(nodes[2]).type, 'number');
  assert.equal(controlOf(nodes[3]).tagName, 'SELECT');
});

test('the options read back typed, booleans as JSON booleans, and go into the create request', () => {
  const { nodes, read } = optionFields('demo', SCHEMA);
  assert.deepEqual(read(), { fast: true, hidden_setup: false, size: 6, mode: 'b' });
  controlOf(nodes[0]).checked = false;
  controlOf(nodes[1]).checked = true;
  controlOf(nodes[2]).value = '9';
  controlOf(nodes[3]).value = 'a';
  const req = createRequest({ game: 'demo', options: read(), seat: '2', visibility: 'unlisted', position: '' });
  assert.deepEqual(req, {
    game: 'demo',
    options: { fast: false, hidden_setup: true, size: 9, mode: 'a' },
    visibility: 'unlisted',
    seat: 2,
  });
  assert.equal(JSON.stringify(req.options), '{"fast":false,"hidden_setup":true,"size":9,"mode":"a"}');
});

test('a pasted position replaces the options; bad JSON is refused', () => {
  const { read } = optionFields('demo', SCHEMA);
  const req = createRequest({
    game: 'demo',
    options: read(),
    seat: 'random',
    visibility: 'public',
    position: ' {"to_move": 2} ',
  });
  assert.deepEqual(req, { game: 'demo', visibility: 'public', seat: 'random', position: { to_move: 2 } });
  assert.throws(
    () => createRequest({ game: 'demo', options: read(), seat: '1', visibility: 'public', position: '{oops' }),
    SyntaxError
  );
});

test('an unknown option kind is a programming error', () => {
  assert.throws(
    () => optionFields('demo', [{ name: 'x', label: 'opt.x', kind: 'color', value: 'red' }]),
    /unknown kind/
  );
});

test("TAIXU's schema gives today's create request", () => {
  const taixu = gameById('taixu');
  const { read } = optionFields(taixu.id, taixu.options);
  assert.deepEqual(createRequest({ game: 'taixu', options: read(), seat: '1', visibility: 'public' }), {
    game: 'taixu',
    options: { reserve: 8, destroyed_pieces: 'reserve' },
    visibility: 'public',
    seat: 1,
  });
});
