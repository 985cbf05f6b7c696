// The match page (/m/CODE): sits at the free seat (or resumes the stored one) or watches;
// shows presence and names, the game's table, the room controls (match-controls.js), the
// game-over banner and the result line that stays (game-over.js), the offline and
// opponent-away bars, and the log.
// It names no game: the table, rules, strings and stylesheet come from the game's module (via
// the registry), and whose turn it is from the server's `to_act` (kept by ViewSync).
import { h, icon, toast } from './dom.js';
import { t, onLangChange, translatePage, errorText } from './i18n.js';
import { MatchConnection } from './connection.js';
import { ViewSync } from './sync.js';
import { gameById, gameTitle, seatLabel } from './games.js';
import { shareBox } from './share.js';
import { rulesPanel } from './rules-panel.js';
import { matchLog, describeRoomEvent } from './match-log.js';
import { loadStylesheet } from './stylesheets.js';
import { play, playAll } from './sounds.js';
import { saveSeat, loadLocal } from './seats.js';
import { drawSeatNames, AwayBar } from './match-status.js';
import { matchControls } from './match-controls.js';
import { gameOverBanner } from './game-over.js';
import { MatchHistory, lastTurnEvents } from './history.js';
import { historyPanel } from './history-panel.js';
import { getLog } from './api.js';
import { MatchClocks } from './clock.js';
import { DevicePlay } from './device-play.js';

// Draws the match page for code into app; spectate: join as a spectator.
// replay: a finished match's link opened to replay it (start at the first position).
// Play on this device: when this browser holds both seats' tokens (seats.js loadLocal), seat
// 1's connection drives the page and a DevicePlay (device-play.js) holds seat 2 and the tables.
export function renderMatch(app, code, { spectate = false, replay = false } = {}) {
  code = code.toUpperCase();
  const sync = new ViewSync();
  const history = new MatchHistory();
  let historyBusy = false;
  const localTokens = spectate || replay ? null : loadLocal(code);
  const state = { seat: null, game: null, table: null, rules: null, presence: null, outcome: null, drawBy: null, bannerShown: false };
  const seatName = (n, viewer = null) => seatLabel(state.game, n, viewer);

  const statusEl = h('span', { class: 'conn', id: 'conn-status', 'aria-live': 'polite' }, t('connecting'));
  const roleEl = h('span', { class: 'role', id: 'role' });
  const watchersEl = h('span', { class: 'watchers', id: 'watchers' });
  const inviteEl = h('div', { class: 'invite', hidden: true });
  // The other side's actions, read out politely by screen readers (the log is not live).
  const announceEl = h('div', { class: 'sr-only', id: 'announce', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  // Shown while the board shows a past version: the match goes on meanwhile.
  const pastBar = h('div', { class: 'past-bar', id: 'past-bar', hidden: true, role: 'status' });
  // The match's life: this client offline or replaced, the opponent away (with the server's
  // abandonment countdown), the result that stays after the banner closes, rematch notices.
  const offlineBar = h('div', { class: 'offline-bar', id: 'offline-bar', hidden: true, role: 'alert' });
  const awayBar = h('div', { class: 'away-bar', id: 'away-bar', hidden: true, role: 'status' });
  const away = new AwayBar(awayBar);
  const seatsEl = h('ul', { class: 'seat-names', id: 'seats' });
  const waitingEl = h('p', { class: 'waiting-board', id: 'waiting-board', hidden: true }, t('waiting_board'));
  const tableEl = h('div', { class: 'table-host', id: 'table' });
  const clocks = new MatchClocks({ seatName: (n) => seatName(n, state.seat) });
  const log = matchLog();
  const gameOver = gameOverBanner({ state, request, seatName, history, log, oneDevice: !!localTokens });
  const controls = matchControls({ state, request, seatName, history, sync, oneDevice: !!localTokens });
  const logBox = h('section', { class: 'log', 'aria-labelledby': 'log-title' },
    h('h2', { id: 'log-title', 'data-i18n': 'log' }, t('log')), log.el);

  app.replaceChildren(h('section', { class: 'match-page' },
    h('div', { class: 'match-head' },
      h('h1', { class: 'match-id match-title' },
        h('span', { class: 'game-name', id: 'game-name' }, '…'),
        h('span', { class: 'sr-only' }, ' — '),
        h('button', { type: 'button', class: 'code-chip', id: 'code-chip', title: t('copy'), 'data-i18n-title': 'copy',
          onclick: async () => {
            try { await navigator.clipboard.writeText(`${location.origin}/m/${code}`); toast(t('copied'), 'ok', 1500); } catch { /* ignore */ }
          } }, code, icon('copy'))),
      h('div', { class: 'match-meta' }, roleEl, watchersEl, statusEl)),
    seatsEl, offlineBar, awayBar, gameOver.resultBar, controls.rematchBar, inviteEl, waitingEl, controls.drawBar, pastBar, clocks.el, tableEl, gameOver.banner, controls.dialog, announceEl));

  const conn = new MatchConnection(code, {
    spectate,
    token: localTokens?.[1],
    versionOf: () => sync.version,
    onStatus: (s) => {
      statusEl.dataset.state = s;
      if (s === 'open') statusEl.dataset.joins = String(Number(statusEl.dataset.joins || 0) + 1);
      statusEl.textContent = s === 'open' ? '' : s === 'replaced' ? t('replaced') : t(s === 'reconnecting' ? 'reconnecting' : 'connecting');
      state.conn = s;
      drawOffline();
    },
    onMessage: (msg) => handle(msg),
  });
  conn.start();
  const local = localTokens ? new DevicePlay({ code, tokens: localTokens, primary: sync, seatName,
    onChange: () => deviceChanged(), paused: () => state.panel?.viewing != null }) : null;
  local?.start();
  const offLang = onLangChange(() => relabel());
  window.addEventListener('pagehide', () => { conn.stop(); local?.stop(); }, { once: true });

  // The connection of the seat this page acts for (on one device: the side to move).
  function request(body) {
    return (local ? local.acting(conn) : conn).request(body).catch((err) => { toast(errorText(err, state.gameName), 'error'); throw err; });
  }
  function handle(msg) {
    switch (msg.type) {
      case 'joined': {
        state.seat = msg.seat ?? null;
        state.game = gameById(msg.game);
        state.gameName = msg.game;
        if (msg.presence) state.presence = msg.presence;
        clocks.update(msg.clock);
        state.rematch = msg.rematch || null;
        if (sync.join(msg) === 'resync') { conn.sendRaw({ type: 'resync' }); return; }
        if (!ensureTable()) return;
        draw(null, []);
        setOutcome(msg.outcome ?? sync.outcome);
        syncHistory();
        break;
      }
      case 'patch': {
        const prev = sync.view;
        const prevToAct = sync.toAct;
        const res = sync.patch(msg);
        if (res === 'resync') { conn.sendRaw({ type: 'resync' }); return; }
        if (res !== 'applied') return;
        clocks.update(msg.clock);
        const events = Array.isArray(msg.events) ? msg.events : [];
        recordLive(msg, events, prevToAct);
        logEvents(events, prev, prevToAct);
        if (state.drawBy && events.length) controls.hideDraw();
        draw(prev, events);
        state.liveChange = true;
        state.arrived = false;
        playAll(state.game?.sounds?.(events) || []);
        if (state.seat != null && !prevToAct.includes(state.seat) && sync.toAct.includes(state.seat)) play('turn');
        if (sync.outcome) setOutcome(sync.outcome);
        break;
      }
      case 'snapshot':
        sync.reset(msg);
        clocks.update(msg.clock);
        if (!ensureTable()) return;
        draw(null, []);
        setOutcome(sync.outcome);
        syncHistory();
        break;
      case 'presence': {
        const wasFree = state.presence?.seats?.some((x) => !x.taken);
        state.presence = msg;
        clocks.update(msg.clock);
        if (state.seat && wasFree && !msg.seats.some((x) => !x.taken) && !state.outcome) opponentArrived();
        drawPresence();
        break;
      }
      case 'rematch_offered':
        state.rematchBy = msg.by;
        controls.drawRematch();
        break;
      case 'rematch_declined':
      case 'rematch_withdrawn':
        state.rematchBy = null;
        if (msg.by !== state.seat) toast(t(msg.type, { player: seatName(msg.by, state.seat) }));
        controls.drawRematch();
        break;
      case 'rematch_ready':
        state.rematch = msg.code;
        state.rematchBy = null;
        if (msg.token && msg.seat) {
          // Both players move to the new match at once, with their new seats.
          saveSeat(msg.code, msg.seat, msg.token);
          conn.stop();
          location.assign(`/m/${msg.code}`);
          return;
        }
        controls.drawRematch();
        break;
      case 'draw_offered':
        controls.showDraw(msg.by);
        break;
      case 'draw_declined':
        controls.hideDraw();
        if (msg.by !== state.seat) toast(t('draw_declined', { player: seatName(msg.by, state.seat) }));
        break;
      case 'game_over':
        if (state.liveChange && !state.endPlayed) { state.endPlayed = true; play('end'); }
        sync.finish(msg.outcome);
        drawTitle();
        controls.hideDraw();
        setOutcome(msg.outcome);
        break;
      case 'error':
        // A server without match history refuses the `history` request: no move list then.
        if (msg.code === 'unknown_message' && historyBusy) { historyBusy = false; history.unsupported = true; break; }
        if (msg.id == null) toast(errorText(msg, state.gameName), 'error');
        if (msg.code === 'unknown_match') {
          conn.stop();
          tableEl.replaceChildren(h('p', { class: 'notice' }, t('unknown_code')), h('a', { class: 'btn', href: '/' }, t('back_home')));
        }
        break;
      case 'reject':
        if (msg.id == null) toast(errorText(msg.error, state.gameName), 'error');
        break;
      default:
        break;
    }
  }

  // Creates the game's table on the first view (shown once the game's stylesheet has loaded);
  // false when this client cannot show the game.
  function ensureTable() {
    if (state.table) return true;
    if (!state.game?.Table) {
      tableEl.replaceChildren(h('p', { class: 'notice' }, `${state.gameName || '?'}: ${t('soon')}`));
      return false;
    }
    document.getElementById('game-name').textContent = gameTitle(state.gameName);
    tableEl.hidden = true;
    loadStylesheet(state.game.stylesheet).then(() => { tableEl.hidden = false; });
    state.table = local ? local.mount(tableEl, state.game.Table, conn)
      : new state.game.Table(tableEl, (action) => conn.request({ type: 'act', action }));
    state.rules = rulesPanel(state.game);
    state.panel = historyPanel({ game: state.game, seat: state.seat, onStep: (v) => showVersion(v), onExport: () => exportLog(), isOver: () => !!state.outcome });
    state.panel.el.hidden = true;
    document.addEventListener('keydown', state.panel.onKey);
    state.table.sideEl.append(state.rules.el, controls.el, state.panel.el, logBox);
    local?.setSides([state.rules.el, controls.el, state.panel.el, logBox]);
    const seat = state.seat;
    log.add(() => [local ? t('local.both') : seat ? t('you_are', { player: seatName(seat) }) : t('watching')], 'sys');
    return true;
  }

  // Redraws the table from the synced view; prev/events (after a patch) let it animate.
  function draw(prev, events) {
    if (!state.table || !sync.view) return;
    if (local) {
      if (state.panel?.viewing == null) local.draw(1, prev, events);
      local.choose();
      deviceChanged();
      return;
    }
    if (state.panel?.viewing == null) {
      state.table.update({ view: sync.view, legal: sync.legal, expects: sync.expects, toAct: sync.toAct,
        seat: state.seat, version: sync.version, prev, events, lastTurn: lastTurn() });
      state.shown = sync.version;
    }
    drawTitle();
    drawPresence();
    controls.drawControls();
  }

  // One device: after either seat's view changed and the shown table was chosen.
  function deviceChanged() {
    state.shown = local.syncs[local.active]?.version;
    if (state.panel && local.secretPending()) state.panel.el.hidden = true;  // no stepping back onto a secret
    drawTitle();
    drawPresence();
    controls.drawControls();
  }

  // "● CODE · Tabuleiro" while the server lists this seat among those to act.
  function drawTitle() {
    const mine = state.seat != null && sync.toAct.includes(state.seat);
    if (state.arrived) { document.title = `★ ${t('title_arrived')} · ${code} · Tabuleiro`; return; }
    document.title = `${mine ? '● ' : ''}${code} · Tabuleiro`;
  }

  function drawPresence() {
    const p = state.presence;
    drawSeatNames(seatsEl, p, (n) => seatName(n, state.seat));
    drawAway(p);
    roleEl.replaceChildren(local && local.active
      ? h('span', { class: `you p${local.active}` }, t('local.to_move', { player: seatName(local.active) }))
      : state.seat
        ? h('span', { class: `you p${state.seat}` }, t('you_are', { player: seatName(state.seat) }))
        : h('span', { class: 'you spectator' }, icon('eye'), t('watching')));
    const bot = p?.seats?.find((x) => x.bot);
    watchersEl.replaceChildren(p ? h('span', {}, icon('eye'), ` ${t('spectators_n', { n: p.spectators ?? 0 })}`) : '',
      bot ? h('span', { class: 'bot-seat', id: 'bot-seat', dataset: { seat: String(bot.seat), level: bot.bot } },
        ` · ${t('bot_seat', { player: seatName(bot.seat), level: t(`level.${bot.bot}`) })}`) : '');
    state.table?.setPresence(p);
    const free = p?.seats?.some((s) => !s.taken);
    if (state.seat && free && !state.outcome) {
      if (inviteEl.hidden || !inviteEl.firstChild) {
        const watchLink = `${location.origin}/m/${code}?watch`;
        inviteEl.replaceChildren(h('p', { class: 'invite-title' }, t('waiting_opponent')), shareBox(code, `${location.origin}/m/${code}`),
          h('p', { class: 'watch-link' }, h('span', {}, `${t('spectator_link')}: `), h('a', { id: 'watch-link', href: watchLink }, watchLink)));
      }
      inviteEl.hidden = false;
    } else {
      inviteEl.hidden = true;
    }
    // Before both seats are taken nothing may be played: the board waits.
    const waiting = !!p && free && !state.outcome;
    waitingEl.hidden = !waiting;
    tableEl.classList.toggle('waiting', waiting);
  }

  // While this client is offline (or a newer tab took its seat) the board is disabled.
  function drawOffline() {
    const s = state.conn;
    const off = s === 'reconnecting' || s === 'replaced';
    offlineBar.hidden = !off;
    offlineBar.dataset.state = s || '';
    offlineBar.textContent = s === 'replaced' ? t('replaced') : t('offline');
    tableEl.classList.toggle('offline', off);
    tableEl.inert = off;
    if (off) away.hide();
    else drawAway(state.presence);
  }

  // The other side's absence with the server's abandonment countdown.
  function drawAway(p) { away.update(p, state.seat, (n) => seatName(n, state.seat), !state.outcome && state.conn === 'open'); }

  // The creator is told that the opponent sat down: a notice, the tab title, a sound.
  function opponentArrived() {
    const other = 3 - state.seat;
    const name = state.presence?.seats?.find((x) => x.seat === other)?.name;
    toast(t('opponent_arrived', { player: name || seatName(other, state.seat) }), 'ok', 4000);
    // The tab title says so until this player touches the page or a change arrives.
    state.arrived = true;
    const seen = () => { state.arrived = false; drawTitle(); };
    document.addEventListener('pointerdown', seen, { once: true });
    document.addEventListener('keydown', seen, { once: true });
    drawTitle();
    play('arrive');
  }

  // Records the match's outcome (null: none yet) and redraws what depends on it.
  function setOutcome(outcome) {
    state.outcome = outcome || null;
    clocks.setOutcome(state.outcome);
    state.panel?.relabel();
    controls.drawControls();
    drawPresence();
    gameOver.show(outcome);
  }

  // Logs one change's events; the actor is the one seat that held the turn before it (to_act).
  function logEvents(events, prev, prevToAct) {
    if (!state.game) return;
    const actor = prevToAct.length === 1 ? prevToAct[0] : undefined;
    const ctx = { seat: state.seat, actor, toAct: prevToAct, prev };
    log.addEvents(state.game, events, ctx);
    if (state.seat == null || actor !== state.seat) announce(events, ctx);
  }

  // Reads out the other side's change (every change for a spectator).
  function announce(events, ctx) {
    const lines = events.map((ev) => describeRoomEvent(ev, state.game, state.seat) ?? state.game.describe?.(ev, ctx) ?? null).filter(Boolean);
    if (lines.length) announceEl.textContent = lines.join('. ');
  }

  // The other side's last whole turn (anyone's for a spectator), once the history is known.
  function lastTurn() {
    return history.loaded && history.to === sync.version ? lastTurnEvents(history.changes, state.game, state.seat) : null;
  }

  // Asks for the history pages the record lacks (all of it after the first join; the missed
  // part after a snapshot). A server without history leaves the move list hidden.
  function syncHistory() {
    if (historyBusy || history.unsupported || (history.loaded && history.to >= sync.version)) return;
    historyBusy = true;
    const ask = (from) => conn.request({ type: 'history', from }).then((page) => {
      let next;
      try { next = history.addPage(page); } catch { next = null; }
      state.panel?.update(history);
      if (next != null) return ask(next);
      historyBusy = false;
      historyReady();
      return null;
    });
    ask(history.loaded ? history.to : 0).catch(() => { historyBusy = false; });
  }

  function historyReady() {
    if (state.panel?.viewing == null) draw(null, []);
    if (replay && !state.replayStarted && history.loaded) {
      state.replayStarted = true;
      gameOver.banner.hidden = true;
      state.panel.go(history.from);
    }
  }

  // Adds a live change to the record (the acting seat: the one that held the turn, or the
  // resigning seat); a change the record cannot take means a gap: ask for the rest.
  function recordLive(msg, events, prevToAct) {
    if (!history.loaded) return;
    const resigned = events.find((ev) => ev.type === 'resigned' || ev.type === 'aborted');
    const seat = resigned ? (resigned.seat ?? resigned.player) : prevToAct.length === 1 ? prevToAct[0] : 0;
    if (!history.addLive(msg, seat)) { syncHistory(); return; }
    state.panel?.update(history);
  }

  // Shows version v on the table (null: back to the live view); one step forward animates.
  function showVersion(v) {
    if (!state.table) return;
    if (local?.secretPending()) return;  // one device: no step back while a secret entry is being made
    const shown = state.shown;
    if (v == null) {
      pastBar.hidden = true;
      tableEl.classList.remove('past');
      draw(null, []);
      return;
    }
    const change = history.change(v);
    const forward = v === shown + 1 && change;
    (local ? local.table() : state.table).update({ view: history.viewAt(v), legal: [], expects: null, toAct: [], seat: local ? local.active : state.seat, version: v,
      prev: forward ? history.viewAt(v - 1) : null, events: forward ? change.events : [], lastTurn: change ? change.events : [] });
    state.shown = v;
    tableEl.classList.add('past');
    pastBar.replaceChildren(h('span', {}, v === history.from ? t('hist.viewing_start') : t('hist.viewing', { v, n: history.to })),
      h('button', { type: 'button', class: 'btn small', id: 'past-live', onclick: () => state.panel.go(null) }, t(state.outcome ? 'hist.back_end' : 'hist.back_live')));
    pastBar.hidden = false;
  }

  // Downloads the match's log (every page of GET /api/matches/{code}/log) as JSON.
  async function exportLog() {
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

  function relabel() {
    log.relabel();
    state.panel?.relabel();
    if (state.panel?.viewing != null) showVersion(state.panel.viewing);
    translatePage(app);
    state.rules?.redraw();
    state.table?.relabel();
    clocks.render();
    local?.relabel();
    drawPresence();
    if (state.outcome) { state.bannerShown = true; const hidden = gameOver.banner.hidden; setOutcome(state.outcome); gameOver.banner.hidden = hidden; }
    statusEl.textContent = statusEl.dataset.state && statusEl.dataset.state !== 'open' ? statusEl.textContent : '';
    if (!inviteEl.hidden) inviteEl.replaceChildren();
    drawPresence();
  }

  return () => { offLang(); conn.stop(); clocks.stop(); local?.stop(); if (state.panel) document.removeEventListener('keydown', state.panel.onKey); };
}
