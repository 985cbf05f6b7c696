// The lessons' goals (web/js/learn/goal.js): patterns, conditions, a lesson's status, and the
// problems of a malformed goal; and the lesson addresses (web/js/learn/routes.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matches, holds, goalProblems, lessonStatus } from '../../../web/js/learn/goal.js';
import { learnHref, learnRoute } from '../../../web/js/learn/routes.js';

const seen = {
  view: {
    pieces: { c6: { owner: 1, charge: 2 }, e5: { owner: 2, charge: 0 } },
    round: 3,
    list: [{ a: 1, b: 2 }, { a: 3 }],
  },
  events: [
    { type: 'moved', from: 'd7', to: 'c6' },
    { type: 'charge_changed', at: 'c6', to: 2 },
  ],
  outcome: null,
};

test('a pattern matches the fields it names, absence by null, and list elements anywhere', () => {
  assert.ok(matches(seen.view, { pieces: { c6: { owner: 1 } } }));
  assert.ok(!matches(seen.view, { pieces: { c6: { owner: 2 } } }));
  assert.ok(matches(seen.view, { pieces: { d4: null } }), 'an empty square');
  assert.ok(!matches(seen.view, { pieces: { c6: null } }), 'an occupied square is not empty');
  assert.ok(matches(seen.view, { list: [{ a: 3 }] }));
  assert.ok(!matches(seen.view, { list: [{ a: 2 }] }));
  assert.ok(!matches(seen.view, { round: '3' }), 'scalars compare strictly');
  assert.ok(!matches(null, { round: 3 }));
});

test('conditions: events seen, the view now, the outcome, and all / any / not', () => {
  assert.ok(holds({ event: { type: 'moved', to: 'c6' } }, seen));
  assert.ok(!holds({ event: { type: 'captured' } }, seen));
  assert.ok(holds({ view: { round: 3 } }, seen));
  assert.ok(!holds({ outcome: {} }, seen), 'no outcome while the match goes on');
  assert.ok(holds({ outcome: { winner: 1 } }, { ...seen, outcome: { winner: 1, reason: 'singularity' } }));
  assert.ok(holds({ all: [{ view: { round: 3 } }, { not: { event: { type: 'exploded' } } }] }, seen));
  assert.ok(!holds({ all: [{ view: { round: 3 } }, { event: { type: 'exploded' } }] }, seen));
  assert.ok(holds({ any: [{ event: { type: 'exploded' } }, { view: { round: 3 } }] }, seen));
  assert.ok(holds({ count: { event: {}, at_least: 2 } }, seen), 'two events seen');
  assert.ok(holds({ count: { event: { type: 'moved' }, at_least: 1 } }, seen));
  assert.ok(!holds({ count: { event: { type: 'moved' }, at_least: 2 } }, seen), 'one move only');
  assert.throws(() => holds({ square: 'c6' }, seen), /unknown goal condition/);
});

test('a lesson is solved by its goal, failed once its seat may not act or the match ends, else playing', () => {
  const goal = { view: { pieces: { c6: { owner: 1 } } } };
  assert.equal(lessonStatus(goal, seen, 1, [2]), 'solved', 'the goal counts even after the turn passed');
  const other = { view: { pieces: { f6: { owner: 1 } } } };
  assert.equal(lessonStatus(other, seen, 1, [1]), 'playing');
  assert.equal(lessonStatus(other, seen, 1, [2]), 'failed');
  assert.equal(lessonStatus(other, { ...seen, outcome: { winner: 2, reason: 'resign' } }, 1, []), 'failed');
});

test('a malformed goal is named, a well-formed one has no problem', () => {
  assert.deepEqual(goalProblems({ all: [{ event: { type: 'moved' } }, { not: { outcome: { winner: 1 } } }] }), []);
  assert.match(goalProblems(null)[0], /not an object/);
  assert.match(goalProblems({ event: {}, view: {} })[0], /2 fields/);
  assert.match(goalProblems({ all: [] })[0], /goal\.all is not a non-empty list/);
  assert.match(goalProblems({ any: [{ view: 3 }] })[0], /goal\.any\[0\]\.view is not a pattern/);
  assert.match(goalProblems({ square: 'c6' })[0], /unknown condition square/);
  assert.deepEqual(goalProblems({ count: { event: { type: 'captured' }, at_least: 2 } }), []);
  assert.match(goalProblems({ count: { event: { type: 'captured' }, at_least: 0 } })[0], /goal\.count is not/);
});

test("lesson addresses: a game's list and one lesson, read back from a location", () => {
  assert.equal(learnHref('taixu'), '/?learn=taixu');
  assert.equal(learnHref('taixu', 'summon'), '/?learn=taixu&lesson=summon');
  assert.deepEqual(learnRoute(new URL('http://x/?learn=quadri&lesson=flip')), { game: 'quadri', lesson: 'flip' });
  assert.deepEqual(learnRoute(new URL('http://x/?learn=cyvasse')), { game: 'cyvasse', lesson: null });
  assert.equal(learnRoute(new URL('http://x/m/ABCD?learn=taixu')), null);
  assert.equal(learnRoute(new URL('http://x/')), null);
});
