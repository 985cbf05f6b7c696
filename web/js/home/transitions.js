// Every event of the home page as a plain function of its state (state.js): each returns
// {state, fx}, the next state (the one given is left as it was) and the effects to carry out,
// in order, as plain objects {do: <name>, …}. No DOM, no storage, no requests here: home.js
// carries the effects out (the views draw, api.js asks the server, seats.js stores). Messages
// are descriptors the views put into words: {text} (as it is), {key} (a string key, translated
// now and again on a language change), {words, args} (a string key translated now) or
// {refusal, game} (the server's refusal, errorText). The effects:
//   form               draw the create form for state.gameId, starting from state.choices
//   place              draw the place of play (state.place, placeModel)
//   access             draw what the account's access allows (accessModel)
//   createError {error}   show error under the create form     joinError {error}  under the join form
//   joinCode {value}   put value into the code box
//   startHere {start}  start the game in this browser (offline/offline-page.js startOffline(start))
//   create {req, opponent}  POST req (then created / createFailed)
//   claimOther {res}   take the match's other seat too (then otherSeatClaimed)
//   saveSeat {code, seat, token} / saveLocal {code, tokens}   keep a seat's token / both seats'
//   saveName           keep the name the form shows (sent when the creator joins its seat)
//   share              show state.shared (code, link, QR) instead of the form
//   idle               the create button can be pressed again
//   lookup {code}      ask the server for the match (then joinFound / joinFailed)
//   navigate {href}    open href
//   lists              draw state.live      translate / offlineGames   redraw after a language change
import { createRequest } from '../options-form.js';
import { CODE_RE, placeModel } from './state.js';

// The pair every transition returns.
const next = (state, fx = []) => ({ state, fx });

// The place of play shown ({opponent, here}) made to fit reachability: offline, the choice is
// kept in state.replaced and becomes the computer (a friend cannot be invited) played in this
// browser; reachable again, the kept choice comes back.
function settle(state, shown) {
  let { opponent, here } = shown;
  let { replaced } = state;
  if (state.offline && !replaced) replaced = { opponent, here };
  if (!state.offline && replaced) {
    ({ opponent, here } = replaced);
    replaced = null;
  }
  if (state.offline && opponent === 'friend') opponent = 'bot.easy';
  if (state.offline) here = true;
  return { ...state, place: { opponent, here }, replaced };
}

// The page is drawn: the form for the chosen game, its place of play, then the account's access.
export function started(state) {
  const drawn = settle(state, state.choices);
  return next(settle(drawn, drawn.place), [{ do: 'form' }, { do: 'place' }, { do: 'access' }, { do: 'place' }]);
}

// Another game was picked (gameId); choices: what the current form shows of FIRST_CHOICES's
// keys, which the new form keeps.
export function gamePicked(state, gameId, choices) {
  const picked = { ...state, gameId, choices: { ...choices } };
  return next(settle(picked, choices), [{ do: 'form' }, { do: 'place' }]);
}

// The user chose an opponent or the place of play (shown: {opponent, here} as the form shows
// them): that choice stands, whatever the server being out of reach replaced.
export function placeChosen(state, shown) {
  return next(settle({ ...state, replaced: null }, shown), [{ do: 'place' }]);
}

// The server became reachable or not (offline); shown: the place of play the form shows.
export function reachabilityChanged(state, offline, shown) {
  return next(settle({ ...state, offline }, shown), [{ do: 'place' }]);
}

// The account changed ({membersOnly, signedIn}); shown: the place of play the form shows.
export function accountChanged(state, { membersOnly, signedIn }, shown) {
  return next(settle({ ...state, membersOnly, signedIn }, shown), [{ do: 'access' }, { do: 'place' }]);
}

// A choice of the create form changed: it answers the last refusal, which goes.
export function formChanged(state) {
  return showCreateError(state, { text: '' });
}

// The state with error under the create form, and the effect that shows it.
function showCreateError(state, error) {
  return next({ ...state, createError: error }, [{ do: 'createError', error }]);
}

// The create form was sent. values: what it shows, {options (the game's), seat, visibility,
// position, clock (clockChoice's read()), opponent, here, guestsWatch, rated, chat}. Against the
// computer or on this device in this browser, the game starts here; else the request goes to
// the server, or the form says why it cannot (bad position JSON, a rated match without clock).
export function submitted(state, values) {
  const cleared = showCreateError(state, { text: '' });
  const refuse = (error) => {
    const shown = showCreateError(cleared.state, error);
    return next(shown.state, [...cleared.fx, ...shown.fx]);
  };
  let req;
  try {
    const { options, seat, visibility, position, clock } = values;
    req = createRequest({ game: state.gameId, options, seat, visibility, position, clock });
  } catch (e) {
    return refuse({ text: `JSON: ${e.message}` });
  }
  const { opponent } = values;
  if (values.here && opponent !== 'friend')
    return next(cleared.state, [...cleared.fx, { do: 'startHere', start: hereStart(state, values) }]);
  if (opponent.startsWith('bot.')) req.opponent = { bot: opponent.slice(4) };
  if (opponent === 'local') req.seat = 1;
  if (state.membersOnly) req.guests_watch = values.guestsWatch;
  const shown = placeModel(state);
  if (!shown.chatHidden && !values.chat) req.chat = false;
  if (!shown.ratedHidden && values.rated) {
    if (!req.clock) return refuse({ key: 'opt.rated.needs_clock' });
    req.rated = true;
  }
  return next(cleared.state, [...cleared.fx, { do: 'create', req, opponent }]);
}

// startOffline's argument for a game played in this browser against the computer ('bot.<level>')
// or on this device ('local').
function hereStart(state, { options, opponent, seat }) {
  return {
    game: state.gameId,
    options,
    mode: opponent === 'local' ? 'hotseat' : 'bot',
    level: opponent.startsWith('bot.') ? opponent.slice(4) : null,
    human: seat,
  };
}

// The server made the match (res: {code, seat, token, link?}) that plan (the create effect)
// asked for; origin: this page's origin. On this device, the other seat is claimed too; against
// the computer, its page opens; for a friend, the code and link to share.
export function created(state, plan, res, origin) {
  if (plan.opponent === 'local') return next(state, [{ do: 'claimOther', res }]);
  const fx = [{ do: 'saveSeat', code: res.code, seat: res.seat, token: res.token }, { do: 'saveName' }];
  if (plan.req.opponent) return next(state, [...fx, { do: 'navigate', href: `/m/${res.code}` }]);
  const shared = { code: res.code, link: res.link || `${origin}/m/${res.code}` };
  return next({ ...state, shared }, [...fx, { do: 'share' }]);
}

// The other seat of the match res made for this device was claimed (other: {seat, token}) or not
// (null): this browser keeps both tokens, or (the match staying an ordinary one, whose page
// offers the invitation) the creator's; the match's page opens.
export function otherSeatClaimed(state, res, other) {
  const save = other
    ? { do: 'saveLocal', code: res.code, tokens: { [res.seat]: res.token, [other.seat]: other.token } }
    : { do: 'saveSeat', code: res.code, seat: res.seat, token: res.token };
  return next(state, [save, { do: 'navigate', href: `/m/${res.code}` }]);
}

// Creating the match failed (e: api.js's error): the network, or the server's refusal.
export function createFailed(state, e) {
  return showCreateError(state, e.code === 'network' ? { key: 'network_error' } : { refusal: e, game: state.gameId });
}

// The game could not start in this browser: the engine's refusal of the options (e.code) or its
// failure; the button can be pressed again.
export function hereFailed(state, e) {
  const error = e?.code
    ? { refusal: e, game: state.gameId }
    : { words: 'offline.engine_failed', args: { reason: e?.message || String(e) } };
  const shown = showCreateError(state, error);
  return next(shown.state, [...shown.fx, { do: 'idle' }]);
}

// Text was typed into the code box (value): it keeps only capitals and digits, and the last
// message under the join form goes.
export function joinTyped(state, value) {
  const error = { text: '' };
  const code = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return next({ ...state, joinError: error }, [
    { do: 'joinCode', value: code },
    { do: 'joinError', error },
  ]);
}

// The join form was sent with value in the code box: a well-formed code is looked up.
export function joinSubmitted(state, value) {
  const code = value.trim().toUpperCase();
  if (!CODE_RE.test(code)) return showJoinError(state, { words: 'bad_code' });
  return next(state, [{ do: 'lookup', code }]);
}

// The state with error under the join form, and the effect that shows it.
function showJoinError(state, error) {
  return next({ ...state, joinError: error }, [{ do: 'joinError', error }]);
}

// The match with code exists: its page opens.
export function joinFound(state, code) {
  return next(state, [{ do: 'navigate', href: `/m/${code}` }]);
}

// Looking the code up failed (e: api.js's error): no such match, the network, or a refusal.
export function joinFailed(state, e) {
  const error =
    e.status === 404 || e.code === 'unknown_match'
      ? { words: 'unknown_code' }
      : e.code === 'network'
        ? { words: 'network_error' }
        : { refusal: e };
  return showJoinError(state, error);
}

// The live list changed: matches being played and finished ones.
export function listsArrived(state, matches, finished) {
  return next({ ...state, live: { matches, finished } }, [{ do: 'lists' }]);
}

// The language changed: the page's marked texts, the lists and the offline games are redrawn.
export function langChanged(state) {
  return next(state, [{ do: 'translate' }, { do: 'lists' }, { do: 'offlineGames' }]);
}
