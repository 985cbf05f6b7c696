// The home page's live list: the status of each match summary from GET /api/matches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStatus, canSit } from '../../../web/js/live-status.js';

const seats = (...s) => s.map(([taken, connected], i) => ({ seat: i + 1, taken, connected }));

test('a match with both seats taken but no move yet is not "waiting for a player"', () => {
  assert.equal(liveStatus({ status: 'waiting', seats: seats([true, true], [false, false]) }), 'open');
  assert.equal(liveStatus({ status: 'waiting', seats: seats([true, true], [true, true]) }), 'ready');
  assert.equal(canSit({ status: 'waiting', seats: seats([true, true], [true, true]) }), false);
  assert.equal(canSit({ status: 'waiting', seats: seats([true, true], [false, false]) }), true);
});

test('a match whose players both left says so; live and finished', () => {
  assert.equal(liveStatus({ status: 'live', seats: seats([true, false], [true, false]) }), 'left');
  assert.equal(liveStatus({ status: 'waiting', seats: seats([true, false], [true, false]) }), 'left');
  assert.equal(liveStatus({ status: 'waiting', seats: seats([true, false], [false, false]) }), 'open');
  assert.equal(liveStatus({ status: 'live', seats: seats([true, true], [true, true]) }), 'live');
  assert.equal(liveStatus({ status: 'live', seats: seats([true, true], [true, false]) }), 'away');
  assert.equal(liveStatus({ status: 'finished', seats: seats([true, false], [true, false]) }), 'finished');
});
