// Every server message and every user intent of the match page as a plain function of the
// page's state (state.js): each changes the state and returns the effects to carry out, in
// order, as plain objects {do: <name>, …}. No DOM, no strings, no connection here: match.js
// carries the effects out (view.js draws, the connection sends). The effects:
//   send {body}        send a raw message (resync)
//   request {body, after?}  send a request; after(state) → the effects once it succeeded
//   mount / unsupported     build the game's table / say this client cannot show the game
//   table {prev, events}    redraw the board (prev and events let it animate)
//   clock {clock}      the server's clock reading      outcome {open}  the result; open: the
//   history {from}     ask for a history page            banner opens and the log tells it
//   moves / replay     redraw the move list / start a replay at the first version
//   log, announce {events, ctx}   log a change / read it out
//   sound {cue} / sounds {cues}   play a cue / the strongest of one change's cues
//   toast {key?, seat?, name?, error?, kind, ms?}   a notice (a string key about a seat, or a refusal)
//   presence, title, drawOffer, rematch, controls, status   redraw that part of the page
//   arrived            the opponent sat down (the title says so until the page is touched)
//   navigate {code, seat, token}   store the rematch's seat and move there
//   unknownMatch       no match has this code
//   signInRequired     only signed-in members watch (or play) here: this guest is refused
//   past {v} / live    show version v of the record / the live view
//   publish            put the finished offline match on the server and open its page
//   chat {line?}       redraw the chat (line: the one new line, read out)
import { gameById } from '../games.js';
import { actorOf, seatFree, seatNames } from './state.js';

// Chat lines kept on the page (the server sends at most as many on a join).
const CHAT_KEPT = 200;

// The effects of one server message.
export function receive(state, msg) {
  const handler = HANDLERS[msg?.type];
  return handler ? handler(state, msg) : [];
}

const HANDLERS = {
  joined(state, msg) {
    state.seat = msg.seat ?? null;
    state.gameName = msg.game;
    state.game = gameById(msg.game);
    if (msg.presence) state.presence = msg.presence;
    state.rematch = msg.rematch || null;
    const fx = [{ do: 'clock', clock: msg.clock }];
    if (state.sync.join(msg) === 'resync') return [...fx, resync()];
    return [...fx, ...showView(state, msg.outcome ?? state.sync.outcome)];
  },
  snapshot(state, msg) {
    state.sync.reset(msg);
    return [{ do: 'clock', clock: msg.clock }, ...showView(state, state.sync.outcome)];
  },
  patch(state, msg) {
    const { sync } = state;
    const prev = sync.view;
    const prevToAct = sync.toAct;
    const res = sync.patch(msg);
    if (res === 'resync') return [resync()];
    if (res !== 'applied') return [];
    const events = Array.isArray(msg.events) ? msg.events : [];
    const fx = [
      { do: 'clock', clock: msg.clock },
      ...recordLive(state, msg, events, prevToAct),
      ...logChange(state, events, prev, prevToAct),
    ];
    if (state.drawBy != null && events.length) fx.push(...clearDraw(state));
    fx.push({ do: 'table', prev, events });
    state.liveChange = true;
    state.arrived = false;
    const cues = state.game?.sounds?.(events) || [];
    if (cues.length) fx.push({ do: 'sounds', cues });
    if (state.seat != null && !prevToAct.includes(state.seat) && sync.toAct.includes(state.seat))
      fx.push({ do: 'sound', cue: 'turn' });
    if (sync.outcome) fx.push(...setOutcome(state, sync.outcome));
    return fx;
  },
  presence(state, msg) {
    const wasFree = seatFree(state);
    state.presence = msg;
    const fx = [{ do: 'clock', clock: msg.clock }];
    if (state.seat && wasFree && !seatFree(state) && !state.outcome) fx.push(...opponentArrived(state));
    fx.push({ do: 'presence' });
    return fx;
  },
  rematch_offered(state, msg) {
    state.rematchBy = msg.by;
    return [{ do: 'rematch' }];
  },
  rematch_declined: rematchEnded,
  rematch_withdrawn: rematchEnded,
  rematch_ready(state, msg) {
    state.rematch = msg.code;
    state.rematchBy = null;
    // Both players move to the new match at once, with their new seats.
    if (msg.token && msg.seat) return [{ do: 'navigate', code: msg.code, seat: msg.seat, token: msg.token }];
    return [{ do: 'rematch' }];
  },
  draw_offered(state, msg) {
    state.drawBy = msg.by;
    return [{ do: 'drawOffer' }, { do: 'controls' }];
  },
  draw_declined(state, msg) {
    const fx = clearDraw(state);
    if (msg.by !== state.seat) fx.push({ do: 'toast', key: 'draw_declined', seat: msg.by });
    return fx;
  },
  game_over(state, msg) {
    const fx = [];
    if (state.liveChange && !state.endPlayed) {
      state.endPlayed = true;
      fx.push({ do: 'sound', cue: 'end' });
    }
    state.sync.finish(msg.outcome);
    fx.push({ do: 'title' }, ...clearDraw(state), ...setOutcome(state, msg.outcome));
    return fx;
  },
  // The chat: a new line, or the whole chat as this connection reads it now (on a join, a mute,
  // the end of the match).
  chat(state, msg) {
    if (!msg.line || state.chat.lines.some((l) => l.id === msg.line.id)) return [];
    state.chat.lines = [...state.chat.lines, msg.line].slice(-CHAT_KEPT);
    return [{ do: 'chat', line: msg.line }];
  },
  chat_history(state, msg) {
    state.chat = { lines: (msg.lines || []).slice(-CHAT_KEPT), mode: msg.chat || 'on', muted: !!msg.muted };
    return [{ do: 'chat' }];
  },
  // A rated match's ratings, settled after its end: shown in the result line and the banner.
  ratings(state, msg) {
    state.ratings = msg.ratings || null;
    return [{ do: 'outcome' }];
  },
  // The players' connections while the match ran: the result tells who was away, the move list
  // each time a player went offline or came back.
  connections(state, msg) {
    state.connections = { seats: msg.seats || [], changes: msg.changes || [], complete: msg.complete !== false };
    return state.outcome ? [{ do: 'outcome' }, { do: 'moves' }] : [{ do: 'moves' }];
  },
  error(state, msg) {
    // A server without match history refuses the `history` request: no move list then.
    if (msg.code === 'unknown_message' && state.historyBusy) {
      state.historyBusy = false;
      state.history.unsupported = true;
      return [];
    }
    if (msg.code === 'sign_in_required' && msg.id == null) return [{ do: 'signInRequired' }];
    const fx = msg.id == null ? [{ do: 'toast', error: msg, kind: 'error' }] : [];
    if (msg.code === 'unknown_match') fx.push({ do: 'unknownMatch' });
    return fx;
  },
  reject(state, msg) {
    return msg.id == null ? [{ do: 'toast', error: msg.error, kind: 'error' }] : [];
  },
};

// A declined or withdrawn rematch offer; the other side's answer is told.
function rematchEnded(state, msg) {
  state.rematchBy = null;
  const fx = msg.by !== state.seat ? [{ do: 'toast', key: msg.type, seat: msg.by }] : [];
  return [...fx, { do: 'rematch' }];
}

const resync = () => ({ do: 'send', body: { type: 'resync' } });

// After a full view (joined or snapshot): the table (built once), the outcome, the history.
function showView(state, outcome) {
  if (!state.game?.Table) return [{ do: 'unsupported' }];
  return [
    { do: 'mount' },
    { do: 'table', prev: null, events: [] },
    ...setOutcome(state, outcome),
    ...askHistory(state),
  ];
}

// Records the match's outcome (null: none yet); the banner opens the first time only.
export function setOutcome(state, outcome) {
  state.outcome = outcome || null;
  const open = !!state.outcome && !state.bannerShown;
  if (open) state.bannerShown = true;
  return [{ do: 'outcome', open }];
}

// Clears the standing draw offer.
function clearDraw(state) {
  state.drawBy = null;
  return [{ do: 'drawOffer' }, { do: 'controls' }];
}

// The creator is told that the opponent sat down: a notice, the tab title, a sound.
function opponentArrived(state) {
  const other = 3 - state.seat;
  const name = state.presence?.seats?.find((x) => x.seat === other)?.name;
  state.arrived = true;
  return [
    { do: 'toast', key: 'opponent_arrived', seat: other, name, kind: 'ok', ms: 4000 },
    { do: 'arrived' },
    { do: 'title' },
    { do: 'sound', cue: 'arrive' },
  ];
}

// Logs one change and reads it out, whoever made it: a screen reader hears the opponent's move
// and the confirmation of its own.
function logChange(state, events, prev, prevToAct) {
  if (!state.game) return [];
  const actor = actorOf(prevToAct);
  const ctx = { seat: state.seat, actor, toAct: prevToAct, prev, names: seatNames(state) };
  return [
    { do: 'log', events, ctx },
    { do: 'announce', events, ctx },
  ];
}

// Adds a live change to the record (the acting seat: the one that held the turn, or the
// resigning seat; none, 0, for the server's own changes, as the stored history has them); a
// change the record cannot take means a gap: ask for the rest.
function recordLive(state, msg, events, prevToAct) {
  const { history } = state;
  if (!history.loaded) return [];
  const byServer = events.some(
    (ev) => ev.type === 'timeout' || ev.type === 'abandoned' || ev.type === 'aborted_by_host'
  );
  const ended = events.find((ev) => ev.type === 'resigned' || ev.type === 'aborted');
  const seat = byServer ? 0 : ended ? (ended.seat ?? ended.player ?? 0) : (actorOf(prevToAct) ?? 0);
  if (!history.addLive(msg, seat)) return askHistory(state);
  return [{ do: 'moves' }];
}

// Asks for the history pages the record lacks (all of it after the first join; the missed
// part after a snapshot), unless a request is under way or the server has no history.
export function askHistory(state) {
  const { history } = state;
  if (state.historyBusy || history.unsupported || (history.loaded && history.to >= state.sync.version)) return [];
  state.historyBusy = true;
  return [{ do: 'history', from: history.loaded ? history.to : 0 }];
}

// The effects of one `history` page: the next page asked for, or the record is complete.
export function historyPage(state, page) {
  let next;
  try {
    next = state.history.addPage(page);
  } catch {
    next = null;
  }
  const fx = [{ do: 'moves' }];
  if (next != null) return [...fx, { do: 'history', from: next }];
  state.historyBusy = false;
  if (state.viewing == null) fx.push({ do: 'table', prev: null, events: [] });
  if (state.replay && !state.replayStarted && state.history.loaded) {
    state.replayStarted = true;
    fx.push({ do: 'replay' });
  }
  return fx;
}

// A history request failed (not answered): a later view may ask again.
export function historyFailed(state) {
  state.historyBusy = false;
  return [];
}

// The connection's status changed (connecting, open, reconnecting, replaced, disabled).
export function connectionStatus(state, status) {
  state.conn = status;
  return [{ do: 'status' }];
}

// The server became reachable or not (online: network().reachable(), web/js/network.js).
export function networkChanged(state, online) {
  state.online = online;
  return [{ do: 'controls' }];
}

// Publishing the offline match was refused: the page stays and may offer it again.
export function published(state) {
  state.publishing = false;
  return [{ do: 'controls' }];
}

// The player touched the page: the tab title stops saying that the opponent arrived.
export function opponentSeen(state) {
  state.arrived = false;
  return [{ do: 'title' }];
}

// The move list asks to show version v (null: back to the live view).
export function step(state, v) {
  state.viewing = v;
  return v == null ? [{ do: 'live' }] : [{ do: 'past', v }];
}

// The room controls' intents, each allowed only when the page offers it.
const INTENTS = {
  resign: (s) => (s.seat && !s.outcome ? { type: 'resign' } : null),
  abort: (s) => (s.seat && !s.outcome ? { type: 'abort' } : null),
  offerDraw: (s) => (s.seat && !s.outcome && s.drawBy !== s.seat ? { type: 'draw', op: 'offer' } : null),
  acceptDraw: (s) => (s.seat && s.drawBy != null && s.drawBy !== s.seat ? { type: 'draw', op: 'accept' } : null),
  declineDraw: (s) => (s.seat && s.drawBy != null && s.drawBy !== s.seat ? { type: 'draw', op: 'decline' } : null),
  rematch: (s) => (s.seat && s.outcome && !s.rematch ? { type: 'rematch' } : null),
  declineRematch: (s) => (s.seat && s.rematchBy != null ? { type: 'rematch', accept: false } : null),
};

// The effects of the user intent `name` (a key of INTENTS, or 'publish'): the request to send,
// or none when the page does not offer it now. A declined draw offer is cleared once the server
// took it.
export function intent(state, name) {
  if (name === 'publish') {
    if (!state.offline || !state.outcome || !state.online || state.publishing || state.publishedAs) return [];
    state.publishing = true;
    return [{ do: 'controls' }, { do: 'publish' }];
  }
  const body = INTENTS[name]?.(state);
  if (!body) return [];
  return [name === 'declineDraw' ? { do: 'request', body, after: clearDraw } : { do: 'request', body }];
}
