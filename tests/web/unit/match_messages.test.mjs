// The match page's logic without a browser: recorded server messages of one real match
// (fixtures/match-messages.json, written by fixtures/record.mjs against `tabuleiro serve`) are
// fed to web/js/match/messages.js, and the resulting state and effects are checked, for seat 1,
// seat 2, a spectator, a catch-up join and an unknown code; then the user intents, history
// pages, connection status and a gap that needs a resync.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { createState, controlsModel, drawOfferModel, rematchModel, waiting } =
  await import('../../../web/js/match/state.js');
const M = await import('../../../web/js/match/messages.js');

const HERE = dirname(fileURLToPath(import.meta.url));
const REC = JSON.parse(readFileSync(join(HERE, 'fixtures/match-messages.json'), 'utf8'));
const JS = join(HERE, '../../../web/js');

// Feeds msgs to a new state (opts: createState's); returns {state, fx: effects per message}.
function replay(msgs, opts = {}) {
  const state = createState({ code: REC.code, ...opts });
  const fx = msgs.map((m) => M.receive(state, m));
  return { state, fx };
}
const names = (effects) => effects.map((e) => e.do);
const upTo = (msgs, type, n = 1) => msgs.slice(0, msgs.findIndex((m) => m.type === type && --n === 0) + 1);

test('the recording holds the messages these tests need', () => {
  const types = new Set(REC.seat1.map((m) => m.type));
  for (const t of [
    'joined',
    'presence',
    'patch',
    'draw_offered',
    'draw_declined',
    'reject',
    'game_over',
    'rematch_offered',
    'rematch_ready',
  ])
    assert.ok(types.has(t), t);
  assert.ok(REC.spectator.some((m) => m.type === 'history'));
  assert.equal(REC.unknown[0].code, 'unknown_match');
});

test('joined: the seat, the game, the view, the table, then the history is asked for', () => {
  const { state, fx } = replay(REC.seat1.slice(0, 1));
  assert.equal(state.seat, 1);
  assert.equal(state.gameName, 'taixu');
  assert.equal(state.game?.id, 'taixu');
  assert.equal(state.sync.version, 0);
  assert.deepEqual(state.sync.toAct, [1]);
  assert.deepEqual(names(fx[0]), ['clock', 'mount', 'table', 'outcome', 'history']);
  assert.deepEqual(fx[0].at(-1), { do: 'history', from: 0 });
  assert.equal(state.historyBusy, true);
  assert.equal(fx[0][3].open, false);
  assert.ok(waiting(state), 'seat 2 is free: the board waits');
});

test('presence: the opponent sitting down is told once, with its name', () => {
  const { state, fx } = replay(upTo(REC.seat1, 'presence', 5));
  const told = fx.flat().filter((e) => e.do === 'toast' && e.key === 'opponent_arrived');
  assert.equal(told.length, 1);
  assert.equal(told[0].seat, 2);
  assert.ok(fx.flat().some((e) => e.do === 'sound' && e.cue === 'arrive'));
  assert.equal(state.arrived, true);
  assert.equal(waiting(state), false);
  assert.deepEqual(names(M.opponentSeen(state)), ['title']);
  assert.equal(state.arrived, false);
  // A spectator is not told.
  const watcher = replay(REC.spectator);
  assert.ok(!watcher.fx.flat().some((e) => e.key === 'opponent_arrived'));
});

test('patches: applied in order, logged, read out whichever side acted, the turn sound', () => {
  const msgs = upTo(REC.seat1, 'patch', 4);
  const { state, fx } = replay(msgs);
  assert.equal(state.sync.version, 4);
  assert.equal(state.liveChange, true);
  const patches = msgs.map((m, i) => [m, fx[i]]).filter(([m]) => m.type === 'patch');
  for (const [m, effects] of patches) {
    const table = effects.find((e) => e.do === 'table');
    assert.ok(table && table.events === m.events, `patch ${m.version} redraws the table with its events`);
    const log = effects.find((e) => e.do === 'log');
    const announce = effects.find((e) => e.do === 'announce');
    assert.ok(announce, `patch ${m.version}: read out (actor ${log.ctx.actor})`);
    assert.equal(announce.ctx.actor, log.ctx.actor, 'the read-out names the actor as the log does');
  }
  // The patch that hands the turn back to seat 1 plays the turn cue.
  const handBack = patches.find(([m], i) => m.to_act.includes(1) && i > 0 && !patches[i - 1][0].to_act.includes(1));
  if (handBack) assert.ok(handBack[1].some((e) => e.do === 'sound' && e.cue === 'turn'));
});

test("a named seat's changes read by its name (log, read-out, room events); a seat without one by its label", async () => {
  const { setLang } = await import('../../../web/js/i18n.js');
  const { matchLog, describeRoomEvent } = await import('../../../web/js/match/log.js');
  setLang('en');
  const { taixu } = await import('../../../web/js/games/taixu/index.js');
  const { cyvasse } = await import('../../../web/js/games/cyvasse/index.js');
  const { quadri } = await import('../../../web/js/games/quadri/index.js');
  // A log effect's lines, as the log writes them.
  const line = (log) =>
    log.events
      .map((ev) => describeRoomEvent(ev, taixu, log.ctx.seat, log.ctx.names) ?? taixu.describe(ev, log.ctx))
      .filter(Boolean)
      .join(' · ');
  const watcher = replay(upTo(REC.spectator, 'patch', 3));
  const spectatorFx = watcher.fx.flat().filter((e) => e.do === 'log');
  assert.deepEqual(spectatorFx[0].ctx.names, { 1: 'Ana', 2: 'Bia' });
  assert.equal(line(spectatorFx[0]), 'Ana summoned a piece on a8');
  assert.ok(line(spectatorFx[2]).startsWith('Ana moved a8 → a7'), line(spectatorFx[2]));
  const read = watcher.fx.flat().find((e) => e.do === 'announce');
  assert.equal(read.ctx.names[1], 'Ana', 'the read-out names her too');
  // Seat 1's own page: "Ana (you)"; the log list writes it as text.
  const own = replay(upTo(REC.seat1, 'patch', 1));
  const ownLog = own.fx.flat().find((e) => e.do === 'log');
  const list = matchLog();
  list.addEvents(own.state.game, ownLog.events, ownLog.ctx);
  assert.equal(list.el.children[0].text, 'Ana (you) summoned a piece on a8');
  // Room events name the player too; without names the seat's label stays.
  assert.equal(
    describeRoomEvent({ type: 'resigned', seat: 2 }, own.state.game, 1, { 1: 'Ana', 2: 'Bia' }),
    'Bia resigned'
  );
  assert.equal(
    describeRoomEvent({ type: 'resigned', seat: 2 }, own.state.game, 1, { 1: 'Ana', 2: null }),
    'Player 2 resigned'
  );
  assert.equal(
    taixu.describe({ type: 'moved', from: 'd7', to: 'd5', player: 1 }, { seat: null, names: { 1: null, 2: 'Bia' } }),
    'Player 1 moved d7 → d5'
  );
  assert.equal(
    taixu.turnTitle({ seat: 2, view: { round: 3 }, viewer: 2, names: { 2: 'Bia' } }).includes('Bia (you)'),
    true
  );
  assert.ok(cyvasse.describe({ type: 'submitted', player: 2 }, { seat: 1, names: { 2: 'Bia' } }).startsWith('Bia '));
  assert.ok(
    quadri
      .describe({ type: 'shifted', player: 1, from: 'a1', to: 'b2' }, { seat: 1, names: { 1: 'Ana' } })
      .startsWith('Ana (you) ')
  );
  setLang('pt-BR');
  assert.equal(
    taixu.describe({ type: 'moved', from: 'd7', to: 'd5', player: 1 }, { seat: null, names: { 1: 'Ana' } }),
    'Ana deslocou d7 → d5'
  );
  setLang('en');
});

test('a patch out of order asks for a resync and changes nothing', () => {
  const { state } = replay(REC.seat1.slice(0, 1));
  const later = REC.seat1.filter((m) => m.type === 'patch')[1];
  assert.deepEqual(M.receive(state, later), [{ do: 'send', body: { type: 'resync' } }]);
  assert.equal(state.sync.version, 0);
  // A duplicate after the resync's snapshot is ignored.
  const snap = {
    type: 'snapshot',
    version: later.version,
    view: state.sync.view,
    legal: [],
    to_act: [2],
    outcome: null,
  };
  assert.deepEqual(
    names(M.receive(state, snap)),
    ['clock', 'mount', 'table', 'outcome'],
    'the history request is still under way'
  );
  assert.deepEqual(M.receive(state, later), []);
});

test('draw offer and decline: the bar for each side, and the decline told to the offerer', () => {
  const msgs = upTo(REC.seat1, 'draw_offered');
  const one = replay(msgs);
  assert.equal(one.state.drawBy, 1);
  assert.deepEqual(drawOfferModel(one.state), { kind: 'mine' });
  assert.equal(controlsModel(one.state).drawEnabled, false, 'no second offer');
  const two = replay(upTo(REC.seat2, 'draw_offered'));
  assert.deepEqual(drawOfferModel(two.state), { kind: 'theirs', by: 1, answer: true });
  assert.deepEqual(
    M.intent(two.state, 'declineDraw').map((e) => e.body),
    [{ type: 'draw', op: 'decline' }]
  );
  const watcher = replay(upTo(REC.spectator, 'draw_offered'));
  assert.deepEqual(drawOfferModel(watcher.state), { kind: 'theirs', by: 1, answer: false });
  const declined = M.receive(
    one.state,
    REC.seat1.find((m) => m.type === 'draw_declined')
  );
  assert.equal(one.state.drawBy, null);
  assert.deepEqual(
    declined.find((e) => e.do === 'toast'),
    { do: 'toast', key: 'draw_declined', seat: 2 }
  );
  assert.equal(drawOfferModel(one.state), null);
});

test('a reject answering a request is not toasted again; one without an id is', () => {
  const { fx } = replay(upTo(REC.seat1, 'reject'));
  assert.deepEqual(fx.at(-1), []);
  const state = createState({ code: 'X' });
  const err = { code: 'not_your_turn', message: 'no' };
  assert.deepEqual(M.receive(state, { type: 'reject', error: err }), [{ do: 'toast', error: err, kind: 'error' }]);
});

test('resignation and game over: the outcome, the banner once, the end sound, the rematch offered', () => {
  const msgs = upTo(REC.seat1, 'game_over');
  const { state, fx } = replay(msgs);
  assert.deepEqual(state.outcome, { reason: 'resign', winner: 1 });
  assert.deepEqual(state.sync.toAct, []);
  // The resigning patch carries the outcome in its view: the banner opens then, not again.
  const resigned = fx.at(-2);
  assert.equal(resigned.find((e) => e.do === 'outcome')?.open, true);
  assert.ok(resigned.find((e) => e.do === 'log').events.some((ev) => ev.type === 'resigned'));
  const over = fx.at(-1);
  assert.deepEqual(names(over), ['sound', 'title', 'drawOffer', 'controls', 'outcome']);
  assert.equal(over.at(-1).open, false);
  assert.equal(state.bannerShown, true);
  assert.equal(M.setOutcome(state, state.outcome)[0].open, false, 'the banner opens once');
  const m = controlsModel(state);
  assert.equal(m.rematch, true);
  assert.equal(m.resignEnabled, false);
  assert.equal(m.abort, false);
  assert.deepEqual(M.intent(state, 'resign'), [], 'no resigning a finished match');
  assert.deepEqual(M.intent(state, 'rematch'), [{ do: 'request', body: { type: 'rematch' } }]);
});

test('rematch: the offer, then each player moves to its new seat; a spectator gets a link', () => {
  const { state, fx } = replay(REC.seat1);
  assert.deepEqual(names(fx[REC.seat1.findIndex((m) => m.type === 'rematch_offered')]), ['rematch']);
  const ready = fx[REC.seat1.findIndex((m) => m.type === 'rematch_ready')];
  assert.equal(ready.length, 1);
  assert.equal(ready[0].do, 'navigate');
  assert.equal(ready[0].seat, 2, 'seats swap');
  assert.equal(state.rematch, ready[0].code);
  const offered = replay(upTo(REC.seat1, 'rematch_offered'));
  assert.deepEqual(rematchModel(offered.state), { kind: 'theirs', by: 2, answer: true });
  assert.deepEqual(M.intent(offered.state, 'declineRematch')[0].body, { type: 'rematch', accept: false });
  const watcher = replay(REC.spectator);
  assert.deepEqual(rematchModel(watcher.state), { kind: 'next', code: state.rematch, watch: true });
  const declined = M.receive(offered.state, { type: 'rematch_declined', by: 2 });
  assert.deepEqual(names(declined), ['toast', 'rematch']);
  assert.equal(offered.state.rematchBy, null);
});

test('history pages: the record fills, the table is redrawn, a replay link starts at the beginning', () => {
  const page = REC.spectator.find((m) => m.type === 'history');
  const live = replay(REC.spectator.slice(0, REC.spectator.indexOf(page)), { spectate: true });
  assert.equal(live.state.historyBusy, true);
  const fx = M.historyPage(live.state, page);
  assert.deepEqual(names(fx), ['moves', 'table']);
  assert.equal(live.state.historyBusy, false);
  assert.equal(live.state.history.to, page.to ?? live.state.history.to);
  assert.ok(live.state.history.changes.length >= 5);
  const replayed = replay(REC.spectator.slice(0, REC.spectator.indexOf(page)), { spectate: true, replay: true });
  assert.deepEqual(names(M.historyPage(replayed.state, page)), ['moves', 'table', 'replay']);
  assert.deepEqual(names(M.historyPage(replayed.state, page)), ['moves', 'table'], 'once');
  // More pages: the next one is asked for.
  const partial = replay(REC.spectator.slice(0, 1), { spectate: true });
  assert.deepEqual(
    M.historyPage(partial.state, {
      ...page,
      changes: page.changes.slice(0, 2),
      more: true,
      to: page.changes[1].version,
    }).at(-1),
    { do: 'history', from: page.changes[1].version }
  );
});

test('a server without history: the move list stays hidden and is not asked for again', () => {
  const { state } = replay(REC.seat1.slice(0, 1));
  assert.deepEqual(M.receive(state, { type: 'error', code: 'unknown_message', message: 'x' }), []);
  assert.equal(state.history.unsupported, true);
  assert.deepEqual(M.askHistory(state), []);
});

test('a catch-up join keeps the view and follows with the game over', () => {
  const { state } = replay(REC.seat2);
  const back = REC.seat2Again;
  const fx = back.map((m) => M.receive(state, m));
  assert.equal(state.sync.version, back[0].version);
  assert.deepEqual(names(fx[0]).slice(0, 3), ['clock', 'mount', 'table']);
  assert.deepEqual(state.outcome, { reason: 'resign', winner: 1 });
  assert.equal(fx[1].find((e) => e.do === 'outcome').open, false, 'the banner was shown before');
  // A catch-up for a page that holds no view must ask for a snapshot.
  const fresh = createState({ code: REC.code });
  assert.deepEqual(M.receive(fresh, back[0]).at(-1), { do: 'send', body: { type: 'resync' } });
});

test('a match the host aborted offers no rematch', () => {
  const { state } = replay(upTo(REC.seat1, 'game_over'));
  state.outcome = { reason: 'aborted_by_host', winner: null, note: 'The server moves tonight' };
  assert.equal(controlsModel(state).rematch, false);
});

test('a guest refused where only members watch: the page asks to sign in, and nothing else', () => {
  const state = createState({ code: 'K7M2QX' });
  assert.deepEqual(M.receive(state, { type: 'error', code: 'sign_in_required', message: 'sign in first' }), [
    { do: 'signInRequired' },
  ]);
});

test('an unknown code: the refusal is told and the page says so', () => {
  const { fx } = replay(REC.unknown);
  assert.deepEqual(names(fx[0]), ['toast', 'unknownMatch']);
});

test('a game this client does not know: no table, a notice', () => {
  const joined = { ...REC.seat1[0], game: 'no_such_game' };
  const { fx } = replay([joined]);
  assert.deepEqual(names(fx[0]), ['clock', 'unsupported']);
});

test("the connection status and the move list's steps", () => {
  const state = createState({ code: 'X' });
  assert.deepEqual(M.connectionStatus(state, 'reconnecting'), [{ do: 'status' }]);
  assert.equal(state.conn, 'reconnecting');
  assert.deepEqual(M.step(state, 3), [{ do: 'past', v: 3 }]);
  assert.equal(state.viewing, 3);
  assert.deepEqual(M.step(state, null), [{ do: 'live' }]);
  assert.equal(state.viewing, null);
});

test('intents: only what the page offers; a declined draw offer clears once the server took it', () => {
  const state = createState({ code: 'X' });
  for (const name of [
    'resign',
    'abort',
    'offerDraw',
    'acceptDraw',
    'declineDraw',
    'rematch',
    'declineRematch',
    'nonsense',
  ]) {
    assert.deepEqual(M.intent(state, name), [], `a spectator cannot ${name}`);
  }
  Object.assign(state, { seat: 2, drawBy: 1 });
  const [decline] = M.intent(state, 'declineDraw');
  assert.deepEqual(names(decline.after(state)), ['drawOffer', 'controls']);
  assert.equal(state.drawBy, null);
  assert.deepEqual(M.intent(state, 'offerDraw')[0].body, { type: 'draw', op: 'offer' });
  assert.deepEqual(M.intent(state, 'abort')[0].body, { type: 'abort' });
});

test("one device: both seats' changes are read out", () => {
  const msgs = upTo(REC.seat1, 'patch', 4);
  const { fx } = replay(msgs, { oneDevice: true });
  const patches = msgs.map((m, i) => [m, fx[i]]).filter(([m]) => m.type === 'patch');
  assert.ok(
    patches.some(([, effects]) => effects.find((e) => e.do === 'log').ctx.actor === 1),
    'seat 1 acted in the recording'
  );
  for (const [m, effects] of patches)
    assert.ok(
      effects.some((e) => e.do === 'announce'),
      `patch ${m.version} read out`
    );
});

test('one device: no draw offers between the seats', () => {
  const state = createState({ code: 'X', oneDevice: true });
  state.seat = 1;
  assert.equal(controlsModel(state).draw, false);
});

test('a match played offline: resign only, no offers, abort or rematch; publish once over and online', () => {
  const msgs = upTo(REC.seat1, 'game_over');
  const { state } = replay(msgs, { offline: true });
  const m = controlsModel(state);
  assert.equal(m.draw, false);
  assert.equal(m.abort, false);
  assert.equal(m.rematch, false, 'no rematch offline');
  assert.equal(m.publish, true, 'a finished offline match may be published');
  assert.deepEqual(M.intent(state, 'publish'), [{ do: 'controls' }, { do: 'publish' }]);
  assert.equal(state.publishing, true);
  assert.equal(controlsModel(state).publishEnabled, false, 'one publish at a time');
  assert.deepEqual(M.intent(state, 'publish'), [], 'not twice');
  assert.deepEqual(names(M.published(state)), ['controls']);
  assert.deepEqual(names(M.networkChanged(state, false)), ['controls']);
  assert.equal(controlsModel(state).publish, false, 'offline, nothing to publish to');
  assert.deepEqual(M.intent(state, 'publish'), []);
  const running = replay(upTo(REC.seat1, 'patch', 2), { offline: true }).state;
  assert.equal(controlsModel(running).publish, false, 'a running match is not published');
  assert.equal(controlsModel(running).resignEnabled, true);
  const done = replay(msgs, { offline: true, publishedAs: 'Q4R7TW' }).state;
  assert.equal(controlsModel(done).publish, false, 'published once, never again');
  assert.equal(controlsModel(done).publishedAs, 'Q4R7TW', 'the page links to it instead');
  assert.deepEqual(M.intent(done, 'publish'), []);
  const server = replay(msgs).state;
  assert.equal(controlsModel(server).publish, false, 'a server match has nothing to publish');
  assert.equal(controlsModel(server).publishedAs, null);
  assert.deepEqual(M.intent(server, 'publish'), []);
});

test('every effect messages.js names is carried out by match.js or a view function', () => {
  const src = readFileSync(join(JS, 'match/messages.js'), 'utf8').replace(/^\/\/.*$/gm, '');
  const effects = new Set([...src.matchAll(/\bdo: '(\w+)'/g)].map((m) => m[1]));
  assert.ok(effects.size > 20, [...effects].join());
  const wiring = readFileSync(join(JS, 'match.js'), 'utf8').match(/const WIRING = \{([\s\S]*?)\n {2}\};/)[1];
  const view = readFileSync(join(JS, 'match/view.js'), 'utf8').match(/\n {2}return \{([\s\S]*?)\n {2}\};/)[1];
  const handled = new Set([...`${wiring}\n${view}`.matchAll(/^\s{4}(\w+)(?::|,)/gm)].map((m) => m[1]));
  assert.deepEqual(
    [...effects].filter((e) => !handled.has(e)),
    []
  );
});
