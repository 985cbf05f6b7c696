// The match page's board area: the game's table (or, on one device, both seats' tables via
// device-play.js), the side panels beside it (rules, room controls, move list, log), the bar
// shown while a past version is on the board, and the log and read-out of changes. It only
// draws what the state (state.js) holds; the move list reports the version asked for.
import { h } from '../dom.js';
import { t, translated } from '../i18n.js';
import { gameTitle, seatLabel } from '../games.js';
import { loadStylesheet } from '../stylesheets.js';
import { rulesPanel } from '../rules-panel.js';
import { howToPlayHref } from '../how-to-play.js';
import { lastTurnEvents } from '../history.js';
import { historyPanel } from './history-panel.js';
import { matchLog, describeRoomEvent } from './log.js';
import { seatNames } from './state.js';

// Builds the board area. state: the page's state (read only); local: the DevicePlay on one
// device, else null; primary: seat 1's connection (the tables send their actions on it);
// controls: the room controls (controls.js) and banner: the game-over banner (game-over.js),
// placed beside the table; top: the nodes that head the column beside the board after the
// banner (the players panel, the waiting note, the invitation); onStep(v) and
// onExport(): the move list's intents; onDrawn(): after the board was redrawn live;
// precheck(action): resolves when the action may be sent, rejects with the refusal to show.
// Returns the elements to place and the drawing functions named by messages.js effects.
export function boardArea({
  state,
  local,
  primary,
  controls,
  banner,
  top = [],
  below = [],
  onStep,
  onExport,
  onDrawn,
  precheck = async () => {},
}) {
  const tableEl = h('div', { class: 'table-host', id: 'table' });
  // Shown while the board shows a past version: the match goes on meanwhile.
  const pastBar = h('div', { class: 'past-bar', id: 'past-bar', hidden: true, role: 'status' });
  // The other side's actions, read out politely by screen readers (the log is not live).
  const announceEl = announcer();
  const log = matchLog();
  const logBox = logSection(log);
  let table = null;
  let rules = null;
  let panel = null;
  let shown = null; // the version on the board

  // Builds the game's table once (shown once the game's stylesheet has loaded) and its side panels.
  function mount() {
    if (table) return;
    document.getElementById('game-name').textContent = gameTitle(state.gameName);
    tableEl.hidden = true;
    loadStylesheet(state.game.stylesheet).then(() => {
      tableEl.hidden = false;
      local?.shown();
    });
    table = local
      ? local.mount(tableEl, state.game.Table, primary)
      : new state.game.Table(tableEl, (action) =>
          precheck(action).then(() => primary.request({ type: 'act', action }))
        );
    rules = rulesPanel(state.game, { howToPlayHref });
    panel = movesPanel(state, onStep, onExport);
    panel.el.hidden = true;
    document.addEventListener('keydown', panel.onKey);
    // The game-over banner beside the board (never over it) and the players first; the game's
    // own turn card and actions next; then rules, room controls, what the page adds (the chat),
    // move list and log.
    const sides = { top: [banner, ...top], bottom: [rules.el, controls.el, ...below, panel.el, logBox] };
    table.sideEl.prepend(...sides.top);
    table.sideEl.append(...sides.bottom);
    local?.setSides(sides);
    log.add(() => [roleText(state, local)], 'sys');
  }

  // Redraws the live view on the table (not while a past version is shown); prev and events
  // (after a patch) let it animate.
  function draw({ prev = null, events = [] } = {}) {
    if (!table || !state.sync.view) return;
    if (local) {
      if (state.viewing == null) local.draw(1, prev, events);
      local.choose();
      deviceChanged();
      return;
    }
    const { sync } = state;
    if (state.viewing == null) {
      table.update(liveUpdate(state, prev, events));
      shown = sync.version;
    }
    onDrawn();
  }

  // One device: after either seat's view changed and the shown table was chosen.
  function deviceChanged() {
    shown = local.syncs[local.active]?.version;
    if (panel && local.secretPending()) panel.el.hidden = true; // no stepping back onto a secret
    onDrawn();
  }

  // Shows version v of the record on the table (null: back to the live view); one step
  // forward animates.
  function showVersion(v) {
    if (!table) return;
    if (local?.secretPending()) return; // one device: no step back while a secret entry is being made
    if (v == null) {
      pastBar.hidden = true;
      tableEl.classList.remove('past');
      draw();
      return;
    }
    (local ? local.table() : table).update(pastUpdate(state, v, shown, local));
    shown = v;
    tableEl.classList.add('past');
    pastBar.replaceChildren(...pastBarContent(state, v, () => panel.go(null)));
    pastBar.hidden = false;
  }

  // Reads out a change's lines.
  function announce({ events, ctx }) {
    const lines = eventLines(state, events, ctx);
    if (lines.length) announceEl.textContent = lines.join('. ');
  }

  // Rewrites the board area in the current language.
  function relabel() {
    log.relabel();
    panel?.relabel();
    if (state.viewing != null) showVersion(state.viewing);
    rules?.redraw();
    table?.relabel();
    local?.relabel();
  }

  return {
    tableEl,
    pastBar,
    announceEl,
    logList: log,
    relabel,
    deviceChanged,
    mount,
    table: draw,
    past: ({ v }) => showVersion(v),
    live: () => showVersion(null),
    moves: () => panel?.update(state.history),
    log: ({ events, ctx }) => log.addEvents(state.game, events, ctx),
    announce,
    setPresence: (p) => table?.setPresence(p),
    // After the outcome changed: the move list's wording ("end" rather than "live").
    relabelMoves: () => panel?.relabel(),
    // Goes to version v through the move list (the banner's and a replay link's replay).
    go: (v) => panel?.go(v),
    stop: () => {
      if (panel) document.removeEventListener('keydown', panel.onKey);
    },
  };
}

// The element that reads out the other side's actions (a polite, atomic live region).
function announcer() {
  return h('div', {
    class: 'sr-only',
    id: 'announce',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });
}

// The log's section around the match log's list.
function logSection(log) {
  return h(
    'section',
    { class: 'log', 'aria-labelledby': 'log-title' },
    translated('h2', { id: 'log-title' }, 'log'),
    log.el
  );
}

// The move list (history-panel.js) of state's match; onStep(v) and onExport(): its intents.
function movesPanel(state, onStep, onExport) {
  return historyPanel({
    game: state.game,
    seat: state.seat,
    onStep,
    onExport,
    isOver: () => !!state.outcome,
    names: () => seatNames(state),
    connections: () => state.connections?.changes || [],
  });
}

// The log's first line: who this page plays (both seats on one device, local), or that it watches.
function roleText(state, local) {
  return local
    ? t('local.both')
    : state.seat
      ? t('you_are', { player: seatLabel(state.game, state.seat) })
      : t('watching');
}

// What the table draws of the live view (state.sync), animating prev and events.
function liveUpdate(state, prev, events) {
  const { sync } = state;
  return {
    view: sync.view,
    legal: sync.legal,
    expects: sync.expects,
    toAct: sync.toAct,
    seat: state.seat,
    version: sync.version,
    prev,
    events,
    lastTurn: lastTurn(state),
  };
}

// The other side's last whole turn (anyone's for a spectator), once the history is known.
function lastTurn(state) {
  const { history } = state;
  return history.loaded && history.to === state.sync.version
    ? lastTurnEvents(history.changes, state.game, state.seat)
    : null;
}

// What the table draws of past version v of the record: nothing to play; animated when it is
// one step forward from the version shown (on one device, local, as the active seat).
function pastUpdate(state, v, shown, local) {
  const { history } = state;
  const change = history.change(v);
  const forward = v === shown + 1 && change;
  return {
    view: history.viewAt(v),
    legal: [],
    expects: null,
    toAct: [],
    seat: local ? local.active : state.seat,
    version: v,
    prev: forward ? history.viewAt(v - 1) : null,
    events: forward ? change.events : [],
    lastTurn: change ? change.events : [],
    past: true,
  };
}

// The past bar's content while version v is on the board: which version, and the button back
// to the live view (or the end: a finished match does not go on) that calls onLive().
function pastBarContent(state, v, onLive) {
  const { history } = state;
  const over = state.outcome ? '_over' : '';
  return [
    h('span', {}, v === history.from ? t(`hist.viewing_start${over}`) : t(`hist.viewing${over}`, { v, n: history.to })),
    h(
      'button',
      { type: 'button', class: 'btn small', id: 'past-live', onclick: onLive },
      t(state.outcome ? 'hist.back_end' : 'hist.back_live')
    ),
  ];
}

// A change's lines (its events in ctx) in the current language, as the room or the game words them.
function eventLines(state, events, ctx) {
  return events
    .map((ev) => describeRoomEvent(ev, state.game, state.seat, ctx.names) ?? state.game.describe?.(ev, ctx) ?? null)
    .filter(Boolean);
}
