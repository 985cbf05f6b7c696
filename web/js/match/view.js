// The match page's view: builds the page (header with the game, code, role, watchers and
// connection status; the offline, away, result, rematch, draw and past bars; the board area
// with, in the column beside the board, the game-over banner, the players panel with the
// clocks, and the invitation while a seat is free) and draws
// each part from the page's state (state.js). It only draws: the user's intents go out through
// act / onStep / onExport / onSeen, and every drawing function is named after the effect of
// messages.js that asks for it.
import { h, toast } from '../dom.js';
import { t, translatePage, errorText } from '../i18n.js';
import { seatLabel, gameTitle } from '../games.js';
import { shareBox } from '../share.js';
import { MatchClocks } from '../clock.js';
import { getLog } from '../api.js';
import { lifeBars } from './status.js';
import { playersPanel } from './players.js';
import { matchControls } from './controls.js';
import { gameOverBanner } from './game-over.js';
import { boardArea } from './board.js';
import { signInToWatch } from '../join-step.js';
import { myTurn, waiting, seatFree, seatNames } from './state.js';
import { chatPanel } from './chat-panel.js';
import { matchHeader } from './header.js';

// Builds the match page into app. state: the page's state (read only); local: the DevicePlay
// on one device, else null; primary: seat 1's connection (the tables act on it); act(name), onStep(v):
// the user's intents (messages.js). Returns the drawing functions by effect name, relabel()
// and stop().
export function matchView({ app, state, local, primary, act, onStep, precheck }) {
  const { code } = state;
  const seatName = (n, viewer = null) => seatLabel(state.game, n, viewer);
  const header = matchHeader(state);
  const inviteEl = h('div', { class: 'invite', hidden: true });
  const life = lifeBars(state, (n) => seatName(n, state.seat));
  const waitingEl = h('p', { class: 'waiting-board', id: 'waiting-board', hidden: true }, t('waiting_board'));
  // The players (names, presence, whose turn, clocks) head the column beside the board.
  const players = playersPanel();
  const clocks = new MatchClocks({ seatName: (n) => seatName(n, state.seat), slots: players.slots });
  players.el.append(clocks.el); // the set-up timer and a correspondence deadline
  const controls = matchControls({ state, act, seatName });
  // The chat goes through this page's own connection (on one device: seat 1's).
  const chat = chatPanel({ state, request: (body) => primary.request(body) });
  let board = null;
  const gameOver = gameOverBanner({
    state,
    act,
    seatName,
    history: state.history,
    onReplay: () => board.go(state.history.from),
    log: { add: (...a) => board.logList.add(...a) },
  });
  board = boardArea({
    state,
    local,
    primary,
    controls,
    banner: gameOver.banner,
    top: [players.el, waitingEl, inviteEl],
    below: [chat.el],
    onStep,
    onExport: state.offline ? null : () => downloadLog(code),
    onDrawn: () => drawAround(),
    precheck,
  });
  const { tableEl } = board;

  app.replaceChildren(pageLayout({ header, life, gameOver, controls, board }));

  // What depends on the live view besides the board: the title, presence and the controls.
  function drawAround() {
    header.showHowTo();
    title();
    presence();
    controls.drawControls();
  }

  // The tab's title (drawTitle).
  function title() {
    drawTitle(state);
  }

  // The players panel, role, watchers and computer player, the invitation while a seat is
  // free, and the waiting board; the move list again when a player's name changed.
  let namesShown = '';
  function presence() {
    const p = state.presence;
    players.draw(p, (n) => seatName(n, state.seat), state.outcome ? [] : state.sync.toAct, !!state.outcome);
    const names = JSON.stringify(seatNames(state));
    if (names !== namesShown) {
      namesShown = names;
      board.relabelMoves();
    }
    life.drawAway();
    header.drawPresence(p, local, seatName);
    board.setPresence(p);
    drawInvite(inviteEl, state);
    drawWaiting(waitingEl, tableEl, state);
  }

  // The connection's status; while this client is offline (or a newer tab took its seat) the
  // board is disabled.
  function status() {
    header.drawStatus();
    life.drawConnection(tableEl);
  }

  // The result: clocks, move list wording, controls, presence, the result line and banner.
  function outcome({ open = false } = {}) {
    clocks.setOutcome(state.outcome);
    board.relabelMoves();
    controls.drawControls();
    presence();
    gameOver.show(state.outcome, open);
  }

  // Rewrites the whole page in the current language.
  function relabel() {
    board.relabel();
    translatePage(app);
    clocks.render();
    if (state.outcome) outcome();
    header.relabelStatus();
    if (!inviteEl.hidden) inviteEl.replaceChildren();
    presence();
    chat.draw();
  }

  return {
    mount: board.mount,
    table: board.table,
    past: board.past,
    live: board.live,
    moves: board.moves,
    log: board.log,
    announce: board.announce,
    // A replay link opens at the first position, the banner closed.
    replay: () => {
      gameOver.banner.hidden = true;
      board.go(state.history.from);
    },
    deviceChanged: board.deviceChanged,
    clock: ({ clock }) => clocks.update(clock),
    chat: ({ line }) => chat.draw(line),
    outcome,
    presence,
    title,
    status,
    controls: () => controls.drawControls(),
    drawOffer: () => {
      controls.drawOffer();
      controls.drawControls();
    },
    rematch: () => controls.drawRematch(),
    toast: (e) => toast(toastText(e, state, seatName), e.kind, e.ms),
    unsupported: () => tableEl.replaceChildren(h('p', { class: 'notice' }, `${state.gameName || '?'}: ${t('soon')}`)),
    unknownMatch: () => tableEl.replaceChildren(...unknownMatchNotice()),
    // A guest refused where only members watch: a sentence and the way to sign in (back here after).
    signInRequired: () => tableEl.replaceChildren(...signInToWatch(code)),
    relabel,
    stop: () => {
      clocks.stop();
      board.stop();
    },
  };
}

// The invitation in inviteEl while this client holds a seat and another is free (before the
// result): the share box and the spectators' link, built once; hidden otherwise.
function drawInvite(inviteEl, state) {
  const { code } = state;
  if (state.seat && seatFree(state) && !state.outcome) {
    if (inviteEl.hidden || !inviteEl.firstChild) {
      const watchLink = `${location.origin}/m/${code}?watch`;
      inviteEl.replaceChildren(
        shareBox(code, `${location.origin}/m/${code}`),
        h(
          'p',
          { class: 'watch-link' },
          h('span', {}, `${t('spectator_link')}: `),
          h('a', { id: 'watch-link', href: watchLink }, watchLink)
        )
      );
    }
    inviteEl.hidden = false;
  } else {
    inviteEl.hidden = true;
  }
}

// The page from top to bottom: the head, the life bars, the result, rematch, draw and past
// bars, the table, the game-over banner, the controls' dialog and the board's announcer.
function pageLayout({ header, life, gameOver, controls, board }) {
  return h(
    'section',
    { class: 'match-page' },
    header.el,
    life.offlineBar,
    life.awayBar,
    gameOver.resultBar,
    controls.rematchBar,
    controls.drawBar,
    board.pastBar,
    board.tableEl,
    gameOver.banner,
    controls.dialog,
    board.announceEl
  );
}

// Before both seats are taken nothing may be played: the board tableEl waits, and the note
// waitingEl (heading the invitation) says for whom.
function drawWaiting(waitingEl, tableEl, state) {
  waitingEl.hidden = !waiting(state);
  waitingEl.textContent = t(state.seat ? 'waiting_board' : 'waiting_player');
  tableEl.classList.toggle('waiting', waiting(state));
  // The waiting board and actions are inactive: out of reach of the pointer, the keyboard and
  // assistive technology (and, dimmed, outside the contrast requirement of active text).
  for (const el of tableEl.querySelectorAll('.board-wrap, .action-bar')) el.inert = waiting(state);
}

// "● CODE · Tabuleiro" while the server lists this seat among those to act (the game's name
// instead of a code offline); a star when the match has just arrived at this seat.
function drawTitle(state) {
  const { code } = state;
  if (state.arrived) {
    document.title = `★ ${t('title_arrived')} · ${code} · Tabuleiro`;
    return;
  }
  document.title = `${myTurn(state) ? '● ' : ''}${state.offline ? gameTitle(state.gameName) : code} · Tabuleiro`;
}

// The sentence of a toast effect e: its error's, else its key's about a player (named, or by
// seat as this client names seats with seatName).
function toastText(e, state, seatName) {
  return e.error ? errorText(e.error, state.gameName) : t(e.key, { player: e.name || seatName(e.seat, state.seat) });
}

// The notice in place of the table when the server knows no match of this code.
function unknownMatchNotice() {
  return [h('p', { class: 'notice' }, t('unknown_code')), h('a', { class: 'btn', href: '/' }, t('back_home'))];
}

// Downloads the match's log (every page of GET /api/matches/{code}/log) as JSON.
async function downloadLog(code) {
  try {
    const data = await getLog(code);
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 1)}\n`], { type: 'application/json' }));
    const a = h('a', { href: url, download: `${code}.json`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    toast(err?.code === 'network' ? t('network_error') : t('hist.export_failed'), 'error');
  }
}
