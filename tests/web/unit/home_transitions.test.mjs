// The home page's logic without a browser or a DOM: web/js/home/state.js and transitions.js are
// fed the page's events (the page drawn, a game picked, the place of play chosen, the server out
// of reach and back, the account, the create and join forms sent and answered, the live list, a
// language change), and the next state and the effects are checked. Every state given is frozen,
// so a transition that changed it would throw; every string key an effect names is checked in
// both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { createHomeState, firstGame, placeModel, accessModel, FIRST_CHOICES } =
  await import('../../../web/js/home/state.js');
const T = await import('../../../web/js/home/transitions.js');
const { en } = await import('../../../web/js/lang/en.js');
const { ptBR } = await import('../../../web/js/lang/pt-BR.js');

const GAMES = [
  { id: 'first', available: true },
  { id: 'second', available: true },
  { id: 'soon', available: false },
];
const names = (fx) => fx.map((e) => e.do);

// The object, its nested objects frozen too.
function deepFreeze(o) {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

// A frozen page state (createHomeState's options), drawn once (started) unless drawn is false.
function page(opts = {}, drawn = true) {
  const s = deepFreeze(createHomeState({ games: GAMES, asked: null, ...opts }));
  return drawn ? deepFreeze(T.started(s).state) : s;
}

// The form's values as the create form reads them (readForm), with overrides.
const values = (over = {}) =>
  deepFreeze({
    options: { size: 9 },
    seat: '2',
    visibility: 'public',
    position: '',
    clock: null,
    opponent: 'friend',
    here: false,
    guestsWatch: true,
    rated: false,
    chat: true,
    ...over,
  });

// The one effect named name among fx.
const only = (fx, name) => {
  const found = fx.filter((e) => e.do === name);
  assert.equal(found.length, 1, `${name} in ${names(fx)}`);
  return found[0];
};

test('no DOM is needed: the modules load and run in plain node', () => {
  assert.equal(typeof document, 'undefined');
  assert.equal(typeof window, 'undefined');
  assert.ok(page());
});

test('the first game: the one the address asks for if playable, else the first playable', () => {
  assert.equal(firstGame(GAMES, 'second'), 'second');
  assert.equal(firstGame(GAMES, 'soon'), 'first');
  assert.equal(firstGame(GAMES, 'nope'), 'first');
  assert.equal(firstGame(GAMES, null), 'first');
  assert.equal(firstGame([{ id: 'x', available: false }], 'x'), undefined);
  assert.equal(createHomeState({ games: GAMES, asked: 'second' }).gameId, 'second');
});

test('the page drawn online: the form, its place of play, the access, the place again', () => {
  const s = deepFreeze(createHomeState({ games: GAMES, asked: null }));
  const { state, fx } = T.started(s);
  assert.deepEqual(names(fx), ['form', 'place', 'access', 'place']);
  assert.deepEqual(state.place, { opponent: 'friend', here: false });
  assert.equal(state.replaced, null);
  assert.deepEqual(state.choices, FIRST_CHOICES);
  assert.deepEqual(placeModel(state), {
    cardsHidden: false,
    friendDisabled: false,
    hereHidden: true,
    ratedHidden: true, // not signed in
    chatHidden: false,
    hereDisabled: false,
    serverOnlyHidden: false,
    offlineNoteHidden: true,
  });
});

test('the page drawn offline: the computer in this browser, the choice kept for later', () => {
  const state = page({ offline: true });
  assert.deepEqual(state.place, { opponent: 'bot.easy', here: true });
  assert.deepEqual(state.replaced, { opponent: 'friend', here: false });
  const shown = placeModel(state);
  assert.equal(shown.cardsHidden, true);
  assert.equal(shown.friendDisabled, true);
  assert.equal(shown.hereDisabled, true);
  assert.equal(shown.serverOnlyHidden, true);
  assert.equal(shown.offlineNoteHidden, false);
  assert.equal(shown.chatHidden, true);
});

test('out of reach and back: the replaced choice comes back', () => {
  const online = page();
  const off = deepFreeze(T.reachabilityChanged(online, true, { opponent: 'friend', here: false }));
  assert.deepEqual(names(off.fx), ['place']);
  assert.deepEqual(off.state.place, { opponent: 'bot.easy', here: true });
  assert.deepEqual(off.state.replaced, { opponent: 'friend', here: false });
  const back = T.reachabilityChanged(off.state, false, off.state.place);
  assert.deepEqual(back.state.place, { opponent: 'friend', here: false });
  assert.equal(back.state.replaced, null);
  // The computer kept offline is not replaced (only its place of play).
  const bot = T.reachabilityChanged(online, true, { opponent: 'bot.hard', here: false }).state;
  assert.deepEqual(bot.place, { opponent: 'bot.hard', here: true });
  assert.deepEqual(T.reachabilityChanged(bot, false, bot.place).state.place, { opponent: 'bot.hard', here: false });
});

test('a choice made while out of reach stands when the server is back', () => {
  const off = page({ offline: true });
  const chosen = T.placeChosen(off, { opponent: 'local', here: true });
  assert.deepEqual(names(chosen.fx), ['place']);
  assert.deepEqual(chosen.state.place, { opponent: 'local', here: true });
  assert.deepEqual(chosen.state.replaced, { opponent: 'local', here: true });
  const back = T.reachabilityChanged(deepFreeze(chosen.state), false, chosen.state.place).state;
  assert.deepEqual(back.place, { opponent: 'local', here: true });
  // Online, a choice is taken as it is.
  const online = T.placeChosen(page(), { opponent: 'bot.medium', here: true }).state;
  assert.deepEqual(online.place, { opponent: 'bot.medium', here: true });
  assert.equal(placeModel(online).serverOnlyHidden, true);
  assert.equal(placeModel(online).hereHidden, false);
});

test('another game picked: the new form keeps the choices and is settled', () => {
  const kept = { opponent: 'bot.hard', here: true, guestsWatch: false, rated: true, chat: false };
  const { state, fx } = T.gamePicked(page(), 'second', kept);
  assert.deepEqual(names(fx), ['form', 'place']);
  assert.equal(state.gameId, 'second');
  assert.deepEqual(state.choices, kept);
  assert.deepEqual(state.place, { opponent: 'bot.hard', here: true });
  const off = T.gamePicked(page({ offline: true }), 'second', { ...kept, opponent: 'bot.easy' }).state;
  assert.deepEqual(off.replaced, { opponent: 'friend', here: false }, 'the first replaced choice is kept');
});

test('the account: members-only guests see the note, members the rated choice', () => {
  const guest = T.accountChanged(page(), { membersOnly: true, signedIn: false }, { opponent: 'friend', here: false });
  assert.deepEqual(names(guest.fx), ['access', 'place']);
  assert.deepEqual(accessModel(guest.state), { guest: true, watchHidden: false });
  assert.equal(placeModel(guest.state).ratedHidden, true);
  const member = T.accountChanged(guest.state, { membersOnly: true, signedIn: true }, guest.state.place).state;
  assert.deepEqual(accessModel(member), { guest: false, watchHidden: false });
  assert.equal(placeModel(member).ratedHidden, false);
  assert.deepEqual(accessModel(page()), { guest: false, watchHidden: true });
});

test('a changed choice clears the message under the create form', () => {
  const { state, fx } = T.formChanged(page());
  assert.deepEqual(fx, [{ do: 'createError', error: { text: '' } }]);
  assert.deepEqual(state.createError, { text: '' });
});

test('create: the request for a friend, the computer and this device', () => {
  const friend = T.submitted(page(), values());
  assert.deepEqual(names(friend.fx), ['createError', 'create']);
  assert.deepEqual(only(friend.fx, 'create'), {
    do: 'create',
    opponent: 'friend',
    req: { game: 'first', options: { size: 9 }, visibility: 'public', seat: 2 },
  });
  const bot = only(T.submitted(page(), values({ opponent: 'bot.hard', seat: 'random' })).fx, 'create');
  assert.deepEqual(bot.req.opponent, { bot: 'hard' });
  assert.equal(bot.req.seat, 'random');
  assert.equal(bot.req.chat, undefined, 'the chat choice is a friend match’s');
  // The chat field shows against a friend only (the place drawn last): unticked elsewhere, it does not count.
  const localPlace = T.placeChosen(page(), { opponent: 'local', here: false }).state;
  const local = only(T.submitted(localPlace, values({ opponent: 'local', chat: false })).fx, 'create');
  assert.equal(local.req.seat, 1);
  assert.equal(local.req.opponent, undefined);
  assert.equal(local.req.chat, undefined);
  const clocked = only(T.submitted(page(), values({ clock: { initial_s: 300, increment_s: 3 } })).fx, 'create');
  assert.deepEqual(clocked.req.clock, { initial_s: 300, increment_s: 3 });
});

test('create: guests watching, the chat, a position', () => {
  const members = page({ membersOnly: true, signedIn: true });
  assert.equal(only(T.submitted(members, values({ guestsWatch: false })).fx, 'create').req.guests_watch, false);
  assert.equal(only(T.submitted(page(), values({ guestsWatch: false })).fx, 'create').req.guests_watch, undefined);
  assert.equal(only(T.submitted(page(), values({ chat: false })).fx, 'create').req.chat, false);
  const pos = only(T.submitted(page(), values({ position: ' {"board": []} ' })).fx, 'create').req;
  assert.deepEqual(pos.position, { board: [] });
  assert.equal(pos.options, undefined, 'a position carries its own options');
});

test('create: a bad position and a rated match without clock are refused in the form', () => {
  const bad = T.submitted(page(), values({ position: '{nope' }));
  assert.deepEqual(names(bad.fx), ['createError', 'createError']);
  assert.deepEqual(bad.fx[0].error, { text: '' });
  assert.match(bad.fx[1].error.text, /^JSON: /);
  assert.deepEqual(bad.state.createError, bad.fx[1].error);
  const member = page({ signedIn: true });
  const noClock = T.submitted(member, values({ rated: true }));
  assert.deepEqual(noClock.fx[1], { do: 'createError', error: { key: 'opt.rated.needs_clock' } });
  assert.ok(!names(noClock.fx).includes('create'));
  const rated = only(T.submitted(member, values({ rated: true, clock: { days_per_turn: 3 } })).fx, 'create');
  assert.equal(rated.req.rated, true);
  // The rated field is hidden for a guest and against the computer: its tick does not count.
  assert.equal(only(T.submitted(page(), values({ rated: true })).fx, 'create').req.rated, undefined);
  const botState = T.placeChosen(member, { opponent: 'bot.easy', here: false }).state;
  assert.equal(
    only(T.submitted(botState, values({ opponent: 'bot.easy', rated: true })).fx, 'create').req.rated,
    undefined
  );
});

test('create in this browser: the computer or this device, never a friend', () => {
  const bot = T.submitted(page(), values({ opponent: 'bot.medium', here: true }));
  assert.deepEqual(names(bot.fx), ['createError', 'startHere']);
  assert.deepEqual(bot.fx[1].start, { game: 'first', options: { size: 9 }, mode: 'bot', level: 'medium', human: '2' });
  const local = only(T.submitted(page(), values({ opponent: 'local', here: true })).fx, 'startHere');
  assert.deepEqual(local.start, { game: 'first', options: { size: 9 }, mode: 'hotseat', level: null, human: '2' });
  assert.ok(names(T.submitted(page(), values({ here: true })).fx).includes('create'), 'a friend is on the server');
  const failed = T.hereFailed(page(), new Error('no wasm'));
  assert.deepEqual(failed.fx, [
    { do: 'createError', error: { words: 'offline.engine_failed', args: { reason: 'no wasm' } } },
    { do: 'idle' },
  ]);
  const refused = T.hereFailed(page(), { code: 'bad_options' });
  assert.deepEqual(refused.fx[0].error, { refusal: { code: 'bad_options' }, game: 'first' });
});

test('created: shared with a friend, opened against the computer, both seats on this device', () => {
  const res = { code: 'ABC123', seat: 1, token: 't1' };
  const friend = T.created(page(), { opponent: 'friend', req: {} }, res, 'https://x.test');
  assert.deepEqual(names(friend.fx), ['saveSeat', 'saveName', 'share']);
  assert.deepEqual(friend.fx[0], { do: 'saveSeat', code: 'ABC123', seat: 1, token: 't1' });
  assert.deepEqual(friend.state.shared, { code: 'ABC123', link: 'https://x.test/m/ABC123' });
  const linked = T.created(page(), { opponent: 'friend', req: {} }, { ...res, link: 'https://y/m/ABC123' }, 'o');
  assert.equal(linked.state.shared.link, 'https://y/m/ABC123');
  const bot = T.created(page(), { opponent: 'bot.easy', req: { opponent: { bot: 'easy' } } }, res, 'o');
  assert.deepEqual(names(bot.fx), ['saveSeat', 'saveName', 'navigate']);
  assert.equal(bot.fx[2].href, '/m/ABC123');
  assert.equal(bot.state.shared, null);
  const local = T.created(page(), { opponent: 'local', req: { seat: 1 } }, res, 'o');
  assert.deepEqual(local.fx, [{ do: 'claimOther', res }]);
  assert.deepEqual(T.otherSeatClaimed(page(), res, { seat: 2, token: 't2' }).fx, [
    { do: 'saveLocal', code: 'ABC123', tokens: { 1: 't1', 2: 't2' } },
    { do: 'navigate', href: '/m/ABC123' },
  ]);
  assert.deepEqual(T.otherSeatClaimed(page(), res, null).fx, [
    { do: 'saveSeat', code: 'ABC123', seat: 1, token: 't1' },
    { do: 'navigate', href: '/m/ABC123' },
  ]);
});

test('creating failed: the network, or the refusal in the chosen game’s words', () => {
  assert.deepEqual(T.createFailed(page(), { code: 'network' }).fx, [
    { do: 'createError', error: { key: 'network_error' } },
  ]);
  const e = { code: 'rate_limited', message: 'slow down' };
  const picked = T.gamePicked(page(), 'second', FIRST_CHOICES).state;
  assert.deepEqual(T.createFailed(picked, e).state.createError, { refusal: e, game: 'second' });
});

test('join: the code box keeps capitals and digits; a code is checked, then looked up', () => {
  const typed = T.joinTyped(page(), 'ab-c 12d?');
  assert.deepEqual(typed.fx, [
    { do: 'joinCode', value: 'ABC12D' },
    { do: 'joinError', error: { text: '' } },
  ]);
  assert.deepEqual(T.joinSubmitted(page(), 'abc12').fx, [{ do: 'joinError', error: { words: 'bad_code' } }]);
  assert.deepEqual(T.joinSubmitted(page(), ' abc123 ').fx, [{ do: 'lookup', code: 'ABC123' }]);
  assert.deepEqual(T.joinFound(page(), 'ABC123').fx, [{ do: 'navigate', href: '/m/ABC123' }]);
  const said = (e) => T.joinFailed(page(), e).state.joinError;
  assert.deepEqual(said({ status: 404 }), { words: 'unknown_code' });
  assert.deepEqual(said({ code: 'unknown_match' }), { words: 'unknown_code' });
  assert.deepEqual(said({ code: 'network' }), { words: 'network_error' });
  assert.deepEqual(said({ code: 'signin_required' }), { refusal: { code: 'signin_required' } });
});

test('the live list and a language change', () => {
  const matches = [{ code: 'AAAAAA' }];
  const { state, fx } = T.listsArrived(page(), matches, []);
  assert.deepEqual(fx, [{ do: 'lists' }]);
  assert.deepEqual(state.live, { matches, finished: [] });
  assert.deepEqual(names(T.langChanged(state).fx), ['translate', 'lists', 'offlineGames']);
});

test('every string key the transitions name has its words in both languages', () => {
  const errors = [
    T.submitted(page({ signedIn: true }), values({ rated: true })),
    T.hereFailed(page(), new Error('x')),
    T.createFailed(page(), { code: 'network' }),
    T.joinSubmitted(page(), '?'),
    T.joinFailed(page(), { status: 404 }),
    T.joinFailed(page(), { code: 'network' }),
  ].flatMap(({ fx }) => fx.map((e) => e.error).filter(Boolean));
  const keys = errors.map((e) => e.key || e.words).filter(Boolean);
  assert.equal(keys.length, 6, keys.join());
  for (const key of keys) {
    assert.ok(key in en, `en: ${key}`);
    assert.ok(key in ptBR, `pt-BR: ${key}`);
  }
});
