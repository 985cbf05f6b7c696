// The match page's state: one plain object holding everything the page knows about the match
// (who this page is, the game, the synced view, the record of past changes, presence, offers,
// the outcome, the connection) and the questions the views ask of it. messages.js changes it;
// the views only read it. No DOM here, and no game named.
import { ViewSync } from '../sync.js';
import { MatchHistory } from '../history.js';

// A new page's state for share code `code`. spectate: joins as a spectator; replay: a finished
// match's link opened to replay it; oneDevice: this browser holds both seats (device-play.js);
// offline: the match is played in this browser (offline/local-match.js), not on the server;
// publishedAs: the server's code of an offline match already published; lesson: the board of a
// lesson (learn/learn-page.js: no room controls, nothing to publish).
export function createState({
  code,
  spectate = false,
  replay = false,
  oneDevice = false,
  offline = false,
  lesson = false,
  publishedAs = null,
}) {
  return {
    code,
    spectate,
    replay,
    oneDevice,
    offline,
    lesson,
    online: true, // the browser has a network (an offline match may be published)
    publishing: false, // an offline match is being published
    publishedAs, // the code an offline match was published as (then never again)
    sync: new ViewSync(), // the server's view, legal list and to_act, kept in order
    history: new MatchHistory(), // the match's past changes (the move list)
    historyBusy: false, // a `history` page request is under way
    seat: null, // this page's seat (1 or 2), null for a spectator
    game: null, // the game's module (games.js), undefined when unknown
    gameName: null, // the server's game name
    presence: null, // the last `presence` message
    outcome: null, // the match's outcome once over
    ratings: null, // a rated match's ratings once settled (the `ratings` message)
    connections: null, // the players' connection record (the `connections` message)
    drawBy: null, // the seat with a standing draw offer
    rematch: null, // the rematch's code once it exists
    rematchBy: null, // the seat with a standing rematch offer
    conn: null, // the connection's status: connecting, open, reconnecting, replaced, disabled
    viewing: null, // the past version shown (the move list), null for live
    arrived: false, // the opponent just sat down (the tab title says so)
    liveChange: false, // a change arrived live on this page (not only at join)
    endPlayed: false, // the end sound was played
    bannerShown: false, // the game-over banner was opened once
    replayStarted: false, // a replay link's first position was shown
    // The match's chat as this connection reads it: its lines (oldest first), whether this
    // connection may write ("on"; "off": turned off; "members": members only) and whether this
    // seat muted the other.
    chat: { lines: [], mode: 'on', muted: false },
  };
}

// True while a seat of the match is not taken.
export function seatFree(state) {
  return !!state.presence?.seats?.some((x) => !x.taken);
}

// The players' display names by seat ({1: 'Ana', 2: null}) from presence; the move list and
// the log name a seat's player by them.
export function seatNames(state) {
  const names = { 1: null, 2: null };
  for (const x of state.presence?.seats || []) if (x.taken && x.name) names[x.seat] = x.name;
  return names;
}

// True when this page's seat is among those to act now.
export function myTurn(state) {
  return state.seat != null && state.sync.toAct.includes(state.seat);
}

// True while nothing may be played: presence is known, a seat is free and the match runs.
export function waiting(state) {
  return !!state.presence && seatFree(state) && !state.outcome;
}

// The seats that made a game action (from the history).
export function movedSeats(state) {
  const moved = new Set();
  for (const c of state.history.changes || []) if (c.seat === 1 || c.seat === 2) moved.add(c.seat);
  return moved;
}

// Which room controls show and which are enabled: {shown, abort, resign, draw (hidden on one
// device, where no offers go between the seats), drawEnabled, rematch, rematchEnabled,
// publish, publishEnabled, publishedAs}. A match played offline has only resign, and publish
// once over (or, once published, the link to its page on the server); a lesson has none.
export function controlsModel(state) {
  const over = !!state.outcome;
  const seated = !seatFree(state);
  const moved = movedSeats(state);
  const room = !state.offline;
  return {
    shown: !!state.seat && !state.lesson,
    abort: room && !over && !!state.seat && !(state.history.loaded ? moved.size >= 2 : state.sync.version > 0),
    resignEnabled: !over && seated,
    draw: room && !state.oneDevice,
    drawEnabled: !over && seated && state.drawBy !== state.seat,
    rematch: canRematch(state),
    rematchEnabled: state.rematchBy !== state.seat,
    publish: state.offline && !state.lesson && over && state.online && !state.publishedAs,
    publishEnabled: !state.publishing,
    publishedAs: state.offline ? state.publishedAs : null,
  };
}

// True when this page may offer a rematch: a player's finished server match without one yet
// (a match the host aborted has none: the server refuses it).
export function canRematch(state) {
  return (
    !state.offline && !!state.seat && !!state.outcome && !state.rematch && state.outcome.reason !== 'aborted_by_host'
  );
}

// What the draw bar says: null (hidden), {kind: 'mine'}, or {kind: 'theirs', by, answer}
// (answer: this page may accept or decline).
export function drawOfferModel(state) {
  if (state.drawBy == null) return null;
  if (state.drawBy === state.seat) return { kind: 'mine' };
  return { kind: 'theirs', by: state.drawBy, answer: !!state.seat };
}

// What the rematch bar says: null (hidden), {kind: 'next', code, watch} (the rematch exists;
// watch: follow it as a spectator), {kind: 'mine'} or {kind: 'theirs', by, answer}.
export function rematchModel(state) {
  if (state.rematch) return { kind: 'next', code: state.rematch, watch: !state.seat };
  if (state.rematchBy == null) return null;
  if (state.rematchBy === state.seat) return { kind: 'mine' };
  return { kind: 'theirs', by: state.rematchBy, answer: !!state.seat };
}

// The seat that made a change: the one seat that held the turn before it (prevToAct), else
// undefined (a simultaneous phase, or nobody).
export function actorOf(prevToAct) {
  return prevToAct.length === 1 ? prevToAct[0] : undefined;
}
