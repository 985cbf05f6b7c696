// The match page's view: builds the page (header with the game, code, role, watchers and
// connection status; the offline, away, result, rematch, draw and past bars; the board area
// with, in the column beside the board, the game-over banner, the players panel with the
// clocks, and the invitation while a seat is free) and draws
// each part from the page's state (state.js). It only draws: the user's intents go out through
// act / onStep / onExport / onSeen, and every drawing function is named after the effect of
// messages.js that asks for it.
import { h, icon, toast } from '../dom.js';
import { t, translatePage, errorText } from '../i18n.js';
import { seatLabel, gameTitle } from '../games.js';
import { shareBox } from '../share.js';
import { MatchClocks } from '../clock.js';
import { getLog } from '../api.js';
import { AwayBar } from './status.js';
import { playersPanel } from './players.js';
import { matchControls } from './controls.js';
import { gameOverBanner } from './game-over.js';
import { boardArea } from './board.js';
import { howToPlayHref } from '../how-to-play.js';
import { signInToWatch } from '../join-step.js';
import { myTurn, waiting, seatFree, seatNames } from './state.js';
import { chatPanel } from './chat-panel.js';

// Builds the match page into app. state: the page's state (read only); local: the DevicePlay
// on one device, else null; primary: seat 1's connection (the tables act on it); act(name), onStep(v):
// the user's intents (messages.js). Returns the drawing functions by effect name, relabel()
// and stop().
export function matchView({ app, state, local, primary, act, onStep, precheck }) {
  const { code } = state;
  const seatName = (n, viewer = null) => seatLabel(state.game, n, viewer);
  const statusEl = h('span', { class: 'conn', id: 'conn-status', 'aria-live': 'polite' }, t('connecting'));
  const roleEl = h('span', { class: 'role', id: 'role' });
  const watchersEl = h('span', { class: 'watchers', id: 'watchers' });
  // The game's How to play page, once the game is known.
  const howToEl = h(
    'a',
    { class: 'howto-link', id: 'howto-link', hidden: true, title: t('how_to_play'), 'data-i18n-title': 'how_to_play' },
    icon('rules'),
    h('span', { class: 'howto-label', 'data-i18n': 'how_to_play' }, t('how_to_play'))
  );
  const inviteEl = h('div', { class: 'invite', hidden: true });
  // The match's life: this client offline or replaced, the opponent away (with the server's
  // abandonment countdown).
  const offlineBar = h('div', { class: 'offline-bar', id: 'offline-bar', hidden: true, role: 'alert' });
  const awayBar = h('div', { class: 'away-bar', id: 'away-bar', hidden: true, role: 'status' });
  const away = new AwayBar(awayBar);
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

  app.replaceChildren(
    h(
      'section',
      { class: 'match-page' },
      h(
        'div',
        { class: 'match-head' },
        h(
          'div',
          { class: 'match-id' },
          h(
            'h1',
            { class: 'match-id match-title' },
            h('span', { class: 'game-name', id: 'game-name' }, '…'),
            h('span', { class: 'sr-only' }, ' — '),
            codeChip()
          ),
          howToEl
        ),
        h('div', { class: 'match-meta' }, roleEl, watchersEl, statusEl)
      ),
      offlineBar,
      awayBar,
      gameOver.resultBar,
      controls.rematchBar,
      controls.drawBar,
      board.pastBar,
      tableEl,
      gameOver.banner,
      controls.dialog,
      board.announceEl
    )
  );

  // The share code, copied as the match's link on a click; a match played offline has none:
  // it says so instead.
  function codeChip() {
    if (state.offline) {
      return h(
        'span',
        { class: 'code-chip offline-chip', id: 'code-chip' },
        icon('device'),
        h('span', { 'data-i18n': 'offline.badge' }, t('offline.badge'))
      );
    }
    return h(
      'button',
      {
        type: 'button',
        class: 'code-chip',
        id: 'code-chip',
        title: t('copy'),
        'data-i18n-title': 'copy',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(`${location.origin}/m/${code}`);
            toast(t('copied'), 'ok', 1500);
          } catch {
            /* ignore */
          }
        },
      },
      code,
      icon('copy')
    );
  }

  // What depends on the live view besides the board: the title, presence and the controls.
  function drawAround() {
    if (state.game?.howToPlay && howToEl.hidden) {
      howToEl.href = howToPlayHref(state.gameName);
      howToEl.hidden = false;
    }
    title();
    presence();
    controls.drawControls();
  }

  // "● CODE · Tabuleiro" while the server lists this seat among those to act (the game's name
  // instead of a code offline).
  function title() {
    if (state.arrived) {
      document.title = `★ ${t('title_arrived')} · ${code} · Tabuleiro`;
      return;
    }
    document.title = `${myTurn(state) ? '● ' : ''}${state.offline ? gameTitle(state.gameName) : code} · Tabuleiro`;
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
    drawAway();
    // One device: the side to move, and once the match is over, that both play here.
    roleEl.replaceChildren(
      local && state.outcome
        ? h('span', { class: 'you' }, t('local.both'))
        : local && local.active
          ? h('span', { class: `you p${local.active}` }, t('local.to_move', { player: seatName(local.active) }))
          : state.seat
            ? h('span', { class: `you p${state.seat}` }, t('you_are', { player: seatName(state.seat) }))
            : h('span', { class: 'you spectator' }, icon('eye'), t('watching'))
    );
    const bot = p?.seats?.find((x) => x.bot);
    watchersEl.replaceChildren(
      p && !state.offline ? h('span', {}, icon('eye'), ` ${t('spectators_n', { n: p.spectators ?? 0 })}`) : '',
      bot
        ? h(
            'span',
            { class: 'bot-seat', id: 'bot-seat', dataset: { seat: String(bot.seat), level: bot.bot } },
            ` · ${t('bot_seat', { player: seatName(bot.seat), level: t(`level.${bot.bot}`) })}`
          )
        : ''
    );
    board.setPresence(p);
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
    // Before both seats are taken nothing may be played: the board waits (the note heads the
    // invitation).
    waitingEl.hidden = !waiting(state);
    waitingEl.textContent = t(state.seat ? 'waiting_board' : 'waiting_player');
    tableEl.classList.toggle('waiting', waiting(state));
    // The waiting board and actions are inactive: out of reach of the pointer, the keyboard and
    // assistive technology (and, dimmed, outside the contrast requirement of active text).
    for (const el of tableEl.querySelectorAll('.board-wrap, .action-bar')) el.inert = waiting(state);
  }

  // The connection's status; while this client is offline (or a newer tab took its seat) the
  // board is disabled.
  function status() {
    const s = state.conn;
    statusEl.dataset.state = s;
    if (s === 'open') statusEl.dataset.joins = String(Number(statusEl.dataset.joins || 0) + 1);
    statusEl.textContent = statusText();
    const off = s === 'reconnecting' || s === 'replaced' || s === 'disabled';
    // A disabled account is told by the page's banner (account-banner.js), not here.
    offlineBar.hidden = !off || s === 'disabled';
    offlineBar.dataset.state = s || '';
    offlineBar.textContent = s === 'replaced' ? t('replaced') : t('offline');
    tableEl.classList.toggle('offline', off);
    tableEl.inert = off;
    if (off) away.hide();
    else drawAway();
  }
  const statusText = () =>
    state.conn === 'open'
      ? ''
      : state.conn === 'replaced'
        ? t('replaced')
        : state.conn === 'disabled'
          ? t('settings.disconnected')
          : t(state.conn === 'reconnecting' ? 'reconnecting' : 'connecting');

  // The other side's absence with the server's abandonment countdown.
  function drawAway() {
    away.update(state.presence, state.seat, (n) => seatName(n, state.seat), !state.outcome && state.conn === 'open');
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
    statusEl.textContent = statusText();
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
    toast: (e) =>
      toast(
        e.error ? errorText(e.error, state.gameName) : t(e.key, { player: e.name || seatName(e.seat, state.seat) }),
        e.kind,
        e.ms
      ),
    unsupported: () => tableEl.replaceChildren(h('p', { class: 'notice' }, `${state.gameName || '?'}: ${t('soon')}`)),
    unknownMatch: () =>
      tableEl.replaceChildren(
        h('p', { class: 'notice' }, t('unknown_code')),
        h('a', { class: 'btn', href: '/' }, t('back_home'))
      ),
    // A guest refused where only members watch: a sentence and the way to sign in (back here after).
    signInRequired: () => tableEl.replaceChildren(...signInToWatch(code)),
    relabel,
    stop: () => {
      clocks.stop();
      board.stop();
    },
  };
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
