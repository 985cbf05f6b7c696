// A rated match's ratings on the match page: the `ratings` message is kept and redraws the
// outcome; the banner lists each player's rating before and after with the change (a
// provisional one marked "?"), the result line adds the player's own, and a match that did not
// count says why, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { setLang } = await import('../../../web/js/i18n.js');
const { createState } = await import('../../../web/js/match/state.js');
const M = await import('../../../web/js/match/messages.js');
const { gameOverBanner } = await import('../../../web/js/match/game-over.js');

const counted = {
  counted: true,
  speed: 'live',
  seats: [
    { seat: 1, before: 1500, after: 1662, change: 162, provisional: true },
    { seat: 2, before: 1500, after: 1338, change: -162, provisional: false },
  ],
};

// A banner for a page of seat (0: a spectator) of a finished match whose ratings are r.
function banner(seat, r) {
  const state = createState({ code: 'K7M2QX' });
  state.seat = seat || null;
  state.gameName = 'taixu';
  state.presence = {
    seats: [
      { seat: 1, name: 'Ana' },
      { seat: 2, name: 'Bruno' },
    ],
  };
  state.ratings = r;
  const b = gameOverBanner({
    state,
    act: () => {},
    seatName: (n) => `Player ${n}`,
    history: {},
    onReplay: () => {},
    log: { add: () => {} },
  });
  b.show({ winner: 1, reason: 'resign' });
  return b;
}
const text = (el) => el.text; // the fake DOM's text of an element and its children

test('the ratings message is kept and redraws the outcome', () => {
  const state = createState({ code: 'K7M2QX' });
  assert.deepEqual(M.receive(state, { type: 'ratings', ratings: counted }), [{ do: 'outcome' }]);
  assert.deepEqual(state.ratings, counted);
});

test("the banner lists both players' ratings with their changes; the result line adds the player's own", () => {
  setLang('en');
  const b = banner(2, counted);
  const lines = text(b.banner);
  assert.match(lines, /Ratings/);
  assert.match(lines, /Ana \(Player 1\): 1500 → 1662\? \(\+162\)/);
  assert.match(lines, /Bruno \(Player 2\): 1500 → 1338 \(−162\)/);
  assert.match(text(b.resultBar), /· Ratings 1338 \(−162\)$/);
  // A spectator sees the lines, and no "own" change in the result line.
  const watching = banner(0, counted);
  assert.match(text(watching.banner), /1500 → 1662\?/);
  assert.doesNotMatch(text(watching.resultBar), /Ratings/);
});

test('before the ratings are known, nothing is said of them; a match that did not count says why, in Portuguese too', () => {
  setLang('en');
  assert.doesNotMatch(text(banner(1, null).banner), /Rating/);
  assert.match(
    text(banner(1, { counted: false, reason: 'aborted' }).banner),
    /Ratings unchanged: the match was aborted\./
  );
  setLang('pt-BR');
  assert.match(
    text(banner(1, { counted: false, reason: 'not_both_acted' }).banner),
    /Rating inalterado: um jogador não chegou a jogar\./
  );
  assert.match(text(banner(1, counted).banner), /Ana \(Player 1\): 1500 → 1662\? \(\+162\)/);
  setLang('en');
});
