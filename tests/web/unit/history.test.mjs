// MatchHistory: history pages rebuild any version's view by applying ops, continue with live
// patches, refuse gaps; changes group into turns for the move list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchHistory, groupTurns, lastTurnEvents, connectionsByMove } from '../../../web/js/history.js';

const game = { isTurnMarker: (ev) => ev.type === 'turn_started' || ev.type === 'turn_ended' };
const rep = (path, value) => ({ op: 'replace', path, value });
// v1..v5: seat 1 moves twice and ends its turn, seat 2 moves, then ends.
const changes = [
  { version: 1, seat: 1, ops: [rep('/pc', 4)], events: [{ type: 'moved', from: 'a', to: 'b' }] },
  { version: 2, seat: 1, ops: [rep('/pc', 3)], events: [{ type: 'moved', from: 'b', to: 'c' }] },
  {
    version: 3,
    seat: 1,
    ops: [rep('/pc', 5), rep('/to_move', 2)],
    events: [{ type: 'turn_ended' }, { type: 'turn_started' }],
  },
  { version: 4, seat: 2, ops: [rep('/pc', 4)], events: [{ type: 'summoned', at: 'x' }] },
  {
    version: 5,
    seat: 2,
    ops: [rep('/pc', 5), rep('/to_move', 1), rep('/round', 2)],
    events: [{ type: 'turn_ended' }, { type: 'turn_started' }],
  },
];
const view0 = { pc: 5, to_move: 1, round: 1 };

test('pages rebuild every version and ask for the next page while `more`', () => {
  const hist = new MatchHistory();
  assert.equal(hist.addPage({ from: 0, to: 3, view: view0, changes: changes.slice(0, 3), more: true }), 3);
  assert.equal(hist.addPage({ from: 3, to: 5, view: { ignored: true }, changes: changes.slice(2), more: false }), null);
  assert.equal(hist.to, 5);
  assert.deepEqual(hist.viewAt(0), view0);
  assert.deepEqual(hist.viewAt(2), { pc: 3, to_move: 1, round: 1 });
  assert.deepEqual(hist.viewAt(5), { pc: 5, to_move: 1, round: 2 });
  assert.deepEqual(hist.viewAt(3), { pc: 5, to_move: 2, round: 1 });
  assert.equal(hist.viewAt(6), null);
  assert.deepEqual(view0, { pc: 5, to_move: 1, round: 1 }, 'the base view is never changed');
});

test('a history from a later version and live patches after it', () => {
  const hist = new MatchHistory();
  hist.addPage({ from: 3, to: 4, view: { pc: 5, to_move: 2, round: 1 }, changes: [changes[3]], more: false });
  assert.equal(hist.viewAt(2), null);
  assert.equal(hist.addLive({ version: 6, base: 5, ops: [] }, 1), false, 'a gap is not recorded');
  assert.equal(hist.addLive({ version: 5, base: 4, ops: changes[4].ops, events: changes[4].events }, 2), true);
  assert.deepEqual(hist.viewAt(5), { pc: 5, to_move: 1, round: 2 });
  assert.throws(
    () => hist.addPage({ from: 7, to: 8, changes: [{ version: 8, seat: 1, ops: [] }], more: false }),
    /gap/
  );
});

test("changes group by turn; the opponent's last whole turn", () => {
  const turns = groupTurns(changes, game);
  assert.deepEqual(
    turns.map((tr) => [tr.seat, tr.changes.map((c) => c.version), tr.before]),
    [
      [1, [1, 2, 3], 0],
      [2, [4, 5], 3],
    ]
  );
  // Two turns of the same seat in a row stay apart (the marker closes a turn).
  const again = [...changes.slice(0, 3), { version: 4, seat: 1, ops: [], events: [{ type: 'moved' }] }];
  assert.deepEqual(
    groupTurns(again, game).map((tr) => tr.changes.length),
    [3, 1]
  );
  assert.deepEqual(
    lastTurnEvents(changes, game, 1).map((e) => e.type),
    ['summoned', 'turn_ended', 'turn_started']
  );
  assert.deepEqual(
    lastTurnEvents(changes, game, 2).map((e) => e.type),
    ['moved', 'moved', 'turn_ended', 'turn_started']
  );
  assert.deepEqual(
    lastTurnEvents(changes, game, null).map((e) => e.type),
    ['summoned', 'turn_ended', 'turn_started']
  );
  assert.deepEqual(lastTurnEvents([], game, 1), []);
});

test("connection changes go after the move whose version they carry, whatever the moves' times", () => {
  const c = (seat, online, version) => ({ seat, online, at: '2026-12-06T10:00:00Z', version });
  const record = [c(2, false, 0), c(2, true, 3), c(1, false, 3), c(1, true, 7), c(2, false, 9)];
  const placed = connectionsByMove(record, 2, 8); // the list holds versions 3..8
  assert.deepEqual([...placed.keys()], [0, 3, 7, 8]);
  assert.deepEqual(placed.get(0), [record[0]]); // before the list's first move
  assert.deepEqual(placed.get(3), [record[1], record[2]]); // in the record's order
  assert.deepEqual(placed.get(7), [record[3]]);
  assert.deepEqual(placed.get(8), [record[4]]); // past the list's last move: after it
  assert.equal(connectionsByMove(null, 0, 0).size, 0);
});
