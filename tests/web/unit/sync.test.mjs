// ViewSync: patches apply strictly in version order; a gap or a patch that does not apply asks
// for a resync and changes nothing; old or duplicate patches are ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewSync } from '../../../web/js/sync.js';

const joined = () => ({
  version: 3,
  view: { pc: 5, pieces: { d5: { owner: 1, charge: 2 } }, outcome: null },
  legal: [{ type: 'end_turn' }],
});

test('applies a patch whose base is the current version', () => {
  const s = new ViewSync();
  s.reset(joined());
  const r = s.patch({
    version: 4,
    base: 3,
    ops: [
      { op: 'replace', path: '/pc', value: 4 },
      { op: 'add', path: '/pieces/e5', value: { owner: 2, charge: 0 } },
    ],
    legal: [],
  });
  assert.equal(r, 'applied');
  assert.equal(s.version, 4);
  assert.equal(s.view.pc, 4);
  assert.deepEqual(s.view.pieces.e5, { owner: 2, charge: 0 });
  assert.deepEqual(s.legal, []);
});

test('a gap asks for a resync and changes nothing until the snapshot', () => {
  const s = new ViewSync();
  s.reset(joined());
  const before = structuredClone(s.view);
  assert.equal(s.patch({ version: 6, base: 5, ops: [{ op: 'replace', path: '/pc', value: 1 }] }), 'resync');
  assert.deepEqual(s.view, before);
  assert.equal(s.version, 3);
  // Further patches wait for the snapshot.
  assert.equal(s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/pc', value: 2 }] }), 'stale');
  s.reset({ version: 6, view: { pc: 1, pieces: {}, outcome: null }, legal: [] });
  assert.equal(s.patch({ version: 7, base: 6, ops: [{ op: 'replace', path: '/pc', value: 0 }] }), 'applied');
  assert.equal(s.view.pc, 0);
});

test('old and duplicate patches are ignored', () => {
  const s = new ViewSync();
  s.reset(joined());
  assert.equal(s.patch({ version: 3, base: 2, ops: [{ op: 'replace', path: '/pc', value: 9 }] }), 'stale');
  assert.equal(s.view.pc, 5);
});

test('a patch that does not apply asks for a resync and keeps the old view', () => {
  const s = new ViewSync();
  s.reset(joined());
  const r = s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/pieces/h8/charge', value: 1 }] });
  assert.equal(r, 'resync');
  assert.equal(s.version, 3);
  assert.equal(s.view.pieces.h8, undefined);
});

test('the outcome follows the view', () => {
  const s = new ViewSync();
  s.reset(joined());
  s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/outcome', value: { winner: 2, reason: 'resign' } }] });
  assert.deepEqual(s.outcome, { winner: 2, reason: 'resign' });
});

test('a catch-up join keeps the view and takes the missed patches', () => {
  const s = new ViewSync();
  assert.equal(s.join(joined()), 'ok');
  assert.equal(s.join({ version: 3, legal: [] }), 'ok');
  assert.equal(s.view.pc, 5);
  assert.deepEqual(s.legal, []);
  assert.equal(s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/pc', value: 3 }] }), 'applied');
  assert.equal(s.view.pc, 3);
});

test('a join without a view at another version asks for a resync', () => {
  const s = new ViewSync();
  s.join(joined());
  assert.equal(s.join({ version: 9, legal: [] }), 'resync');
  assert.equal(s.view.pc, 5);
  assert.equal(new ViewSync().join({ version: 0 }), 'resync');
});

// Whose turn it is comes from the server's to_act, never from the view.
test('to_act is kept from joined, patch and snapshot', () => {
  const s = new ViewSync();
  assert.deepEqual(s.toAct, []);
  s.join({ ...joined(), to_act: [1] });
  assert.deepEqual(s.toAct, [1]);
  assert.equal(
    s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/pc', value: 0 }], legal: [], to_act: [2] }),
    'applied'
  );
  assert.deepEqual(s.toAct, [2]);
  s.reset({ version: 9, view: { pc: 5, pieces: {}, outcome: null }, legal: [], to_act: [1, 2] });
  assert.deepEqual(s.toAct, [1, 2], 'a snapshot brings its own');
  assert.equal(s.patch({ version: 10, base: 9, ops: [], legal: [] }), 'applied');
  assert.deepEqual(s.toAct, [], 'a message without to_act means nobody');
});

test('to_act does not follow the view: a view field of the same name is ignored', () => {
  const s = new ViewSync();
  s.reset({ version: 0, view: { to_move: 1, to_act: [1] }, legal: [], to_act: [2] });
  assert.deepEqual(s.toAct, [2]);
});

test('a stale or refused patch leaves to_act as it was', () => {
  const s = new ViewSync();
  s.reset({ ...joined(), to_act: [1] });
  assert.equal(s.patch({ version: 3, base: 2, ops: [], to_act: [2] }), 'stale');
  assert.equal(
    s.patch({ version: 4, base: 3, ops: [{ op: 'replace', path: '/nope/x', value: 1 }], to_act: [2] }),
    'resync'
  );
  assert.deepEqual(s.toAct, [1]);
  s.reset({ ...joined(), to_act: [1] });
  assert.equal(s.patch({ version: 6, base: 5, ops: [], to_act: [2] }), 'resync', 'a gap');
  assert.deepEqual(s.toAct, [1]);
});

test('a catch-up join keeps the to_act of its own version until the missed patches bring theirs', () => {
  const s = new ViewSync();
  s.join({ ...joined(), to_act: [1] });
  // The server's joined carries its current to_act; the client's view is still at version 3.
  assert.equal(s.join({ version: 3, legal: [], to_act: [] }), 'ok');
  assert.deepEqual(s.toAct, [1]);
  s.patch({ version: 4, base: 3, ops: [], legal: [], to_act: [] });
  assert.deepEqual(s.toAct, []);
});

test('game over leaves nobody to act', () => {
  const s = new ViewSync();
  s.reset({ ...joined(), to_act: [1] });
  s.finish({ winner: 2, reason: 'resign' });
  assert.deepEqual(s.toAct, []);
  assert.deepEqual(s.outcome, { winner: 2, reason: 'resign' });
});

test('expects passes through untouched for the game module', () => {
  const s = new ViewSync();
  const expects = { type: 'setup', squares: ['a1', 'b1'], count: 6, nested: { keep: [1, { x: null }] } };
  s.reset({ ...joined(), legal: [], expects, to_act: [1] });
  assert.equal(s.expects, expects);
  assert.deepEqual(s.expects, { type: 'setup', squares: ['a1', 'b1'], count: 6, nested: { keep: [1, { x: null }] } });
  const next = { type: 'setup', count: 5 };
  s.patch({ version: 4, base: 3, ops: [], legal: [], expects: next, to_act: [1] });
  assert.equal(s.expects, next);
  s.patch({ version: 5, base: 4, ops: [], legal: [{ type: 'end_turn' }], to_act: [1] });
  assert.equal(s.expects, null, 'a complete legal list comes without expects');
});
