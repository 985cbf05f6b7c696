// The clock display: formats, local count-down from receipt of the server's reading, a stale
// reading ignored, the flag marked from the outcome, and the create form's clock choice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';
/* global document -- the fake one installFakeDom() installs */

installFakeDom();
const { formatClock, MatchClocks, clockChoice } = await import('../../../web/js/clock.js');
const { field } = await import('../../../web/js/options-form.js');
const { setLang } = await import('../../../web/js/i18n.js');
setLang('en');

const timeOf = (c, seat) =>
  c.el
    .descendants()
    .find((e) => e.dataset.seat === String(seat))
    .descendants()
    .find((e) => e.getAttribute('class') === 'clock-time')
    .children.join('');
const classOf = (c, seat) =>
  c.el
    .descendants()
    .find((e) => e.dataset.seat === String(seat))
    .getAttribute('class');

test('formats: h:mm:ss, m:ss, tenths under 10 s, days and hours by correspondence', () => {
  assert.equal(formatClock(3_909_000), '1:05:09');
  assert.equal(formatClock(299_001), '5:00');
  assert.equal(formatClock(60_000), '1:00');
  assert.equal(formatClock(9_460), '9.4');
  assert.equal(formatClock(-5), '0.0');
  assert.equal(formatClock(2 * 86_400_000 + 3 * 3_600_000, 'correspondence'), '2d 03h');
  assert.equal(formatClock(5 * 3_600_000 + 7 * 60_000, 'correspondence'), '5:07');
});

test('the running seat counts down locally from receipt; older readings are ignored', () => {
  let now = 1000;
  const c = new MatchClocks({ seatName: (n) => `P${n}`, now: () => now });
  c.update({ kind: 'fischer', remaining_ms: [30_000, 60_000], running: 1, at: 500 });
  assert.equal(c.el.hidden, false);
  now += 12_500;
  assert.equal(c.remaining(1), 17_500);
  assert.equal(c.remaining(2), 60_000);
  c.render();
  assert.equal(timeOf(c, 1), '0:18');
  assert.match(classOf(c, 1), /running/);
  assert.match(classOf(c, 1), /low/);
  assert.doesNotMatch(classOf(c, 2), /running|low/);
  c.update({ kind: 'fischer', remaining_ms: [59_000, 59_000], running: 2, at: 400 }); // stale: dropped
  assert.equal(c.remaining(1), 17_500);
  c.stop();
});

test('a timeout marks the seat that lost on time and stops the count-down', () => {
  let now = 0;
  const c = new MatchClocks({ now: () => now });
  c.update({ kind: 'fischer', remaining_ms: [0, 41_000], running: null, at: 10 });
  c.setOutcome({ winner: 2, reason: 'timeout' });
  assert.match(classOf(c, 1), /flagged/);
  assert.doesNotMatch(classOf(c, 2), /flagged/);
  assert.equal(timeOf(c, 1), '0.0');
  now += 5000;
  assert.equal(c.remaining(2), 41_000);
});

test('the set-up timer and a correspondence deadline are shown', () => {
  const c = new MatchClocks({ now: () => 0 });
  c.update({ kind: 'fischer', remaining_ms: [60_000, 60_000], running: null, setup_remaining_ms: 25_000, at: 1 });
  assert.ok(c.el.descendants().some((e) => e.id === 'clock-setup'));
  c.update({
    kind: 'correspondence',
    remaining_ms: [86_400_000, 86_400_000],
    running: 2,
    deadline: '2026-12-03T14:00:00Z',
    at: 2,
  });
  assert.ok(c.el.descendants().some((e) => e.id === 'clock-deadline'));
  c.stop();
});

test("with slots each seat's clock is drawn in its slot (the players panel) and el keeps the rest", () => {
  const slots = { 1: document.createElement('span'), 2: document.createElement('span') };
  const c = new MatchClocks({ seatName: (n) => `P${n}`, now: () => 0, slots });
  c.update({ kind: 'fischer', remaining_ms: [61_000, 30_000], running: 2, at: 1 });
  const inSlot = (n) => slots[n].children[0];
  assert.match(inSlot(1).getAttribute('class'), /clock p1/);
  assert.match(inSlot(2).getAttribute('class'), /clock p2 running/);
  assert.equal(c.el.children.length, 0, 'no seat clock in el');
  assert.equal(c.el.hidden, true, 'el hidden with nothing else to show');
  c.update({ kind: 'fischer', remaining_ms: [61_000, 30_000], running: null, setup_remaining_ms: 25_000, at: 2 });
  assert.ok(c.el.descendants().some((e) => e.id === 'clock-setup'));
  assert.equal(c.el.hidden, false);
  assert.equal(slots[1].children.length, 1, 'one clock per slot');
  c.stop();
});

test('the create form reads none, a preset, custom minutes and correspondence days', () => {
  const choice = clockChoice({ field });
  const select = choice.nodes[0].descendants().find((e) => e.tagName === 'SELECT');
  assert.equal(choice.read(), null);
  select.value = '3+2';
  assert.deepEqual(choice.read(), { initial_s: 180, increment_s: 2 });
  select.value = 'custom';
  assert.deepEqual(choice.read(), { initial_s: 300, increment_s: 3 });
  select.value = 'correspondence';
  assert.deepEqual(choice.read(), { days_per_turn: 3 });
});
