// Play on this device: seat 2's connection may join before seat 1's first view builds the
// tables; seat 2's table is then drawn when the tables are mounted, not at seat 2's next change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';
/* global document -- the fake one installFakeDom() installs */

installFakeDom();
const { DevicePlay } = await import('../../../web/js/match/device-play.js');
const { ViewSync } = await import('../../../web/js/sync.js');

// A game table that records what it was asked to draw.
class RecordingTable {
  constructor(host) {
    this.host = host;
    this.sideEl = document.createElement('div');
    this.updates = [];
  }
  update(args) {
    this.updates.push(args);
  }
  relabel() {}
}

const joined = (version) => ({ type: 'joined', version, view: { turn: 2 }, legal: [], to_act: [1] });

test('seat 2 joined before the tables were mounted: its table is drawn at mount', () => {
  const primary = new ViewSync();
  const device = new DevicePlay({
    connect: () => ({ start() {}, stop() {}, request() {} }),
    tokens: { 1: 't1', 2: 't2' },
    primary,
    seatName: (s) => `P${s}`,
    onChange: () => {},
    paused: () => false,
  });
  device.onSecond(joined(7)); // seat 2's answer came first: no tables yet
  primary.reset(joined(7));
  const root = document.createElement('div');
  const first = device.mount(root, RecordingTable, { request: () => {} });
  assert.equal(first, device.tables[1]);
  assert.equal(device.tables[2].updates.length, 1, 'seat 2 drawn at mount');
  assert.equal(device.tables[2].updates[0].version, 7);
  assert.equal(device.tables[2].updates[0].seat, 2);
});

test('tables mounted before seat 2 joined: seat 2 is drawn when it joins', () => {
  const primary = new ViewSync();
  const device = new DevicePlay({
    connect: () => ({ start() {}, stop() {}, request() {} }),
    tokens: { 1: 't1', 2: 't2' },
    primary,
    seatName: (s) => `P${s}`,
    onChange: () => {},
    paused: () => false,
  });
  primary.reset(joined(3));
  device.mount(document.createElement('div'), RecordingTable, { request: () => {} });
  assert.equal(device.tables[2].updates.length, 0, 'nothing to draw yet');
  device.onSecond(joined(3));
  assert.equal(device.tables[2].updates.at(-1).version, 3);
});
