// The match page (/m/CODE): sits at the free seat (or resumes the stored one) or watches;
// shows presence, the game table, resign and draw controls, the game-over banner and the log.
import { h, icon, toast, fill } from './dom.js';
import { t, onLangChange, translatePage } from './i18n.js';
import { MatchConnection } from './connection.js';
import { ViewSync } from './sync.js';
import { gameById } from './games.js';
import { shareBox } from './share.js';
import { playerName, isTurnMarker } from './taixu/events.js';

const MAX_LOG = 300;

// Draws the match page for code into app; spectate: join as a spectator.
export function renderMatch(app, code, { spectate = false } = {}) {
  code = code.toUpperCase();
  const sync = new ViewSync();
  const state = { seat: null, game: null, table: null, presence: null, outcome: null, drawBy: null, bannerShown: false };

  const statusEl = h('span', { class: 'conn', id: 'conn-status', 'aria-live': 'polite' }, t('connecting'));
  const roleEl = h('span', { class: 'role', id: 'role' });
  const watchersEl = h('span', { class: 'watchers', id: 'watchers' });
  const inviteEl = h('div', { class: 'invite', hidden: true });
  const drawBar = h('div', { class: 'draw-bar', id: 'draw-bar', hidden: true, role: 'alert' });
  const tableEl = h('div', { class: 'table-host', id: 'table' });
  const logEl = h('ol', { class: 'log-list', id: 'log' });
  const banner = h('div', { class: 'banner', id: 'banner', hidden: true, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'banner-title' });
  const resignBtn = h('button', { type: 'button', class: 'btn ghost danger', id: 'resign', onclick: () => confirmResign() }, icon('flag'), h('span', { 'data-i18n': 'resign' }, t('resign')));
  const drawBtn = h('button', { type: 'button', class: 'btn ghost', id: 'offer-draw', onclick: () => request({ type: 'draw', op: 'offer' }) }, icon('handshake'), h('span', { 'data-i18n': 'offer_draw' }, t('offer_draw')));
  const roomCtl = h('div', { class: 'room-controls' }, drawBtn, resignBtn);
  const logBox = h('section', { class: 'log', 'aria-labelledby': 'log-title' },
    h('h2', { id: 'log-title', 'data-i18n': 'log' }, t('log')), logEl);
  const dialog = h('dialog', { class: 'confirm', id: 'resign-dialog' },
    h('form', { method: 'dialog' },
      h('p', { 'data-i18n': 'resign_confirm' }, t('resign_confirm')),
      h('div', { class: 'row-btns' },
        h('button', { class: 'btn ghost', value: 'cancel', 'data-i18n': 'cancel' }, t('cancel')),
        h('button', { class: 'btn danger', value: 'yes', id: 'resign-yes', 'data-i18n': 'resign_yes' }, t('resign_yes')))));

  app.replaceChildren(h('section', { class: 'match-page' },
    h('div', { class: 'match-head' },
      h('div', { class: 'match-id' },
        h('span', { class: 'game-name', id: 'game-name' }, '…'),
        h('button', { type: 'button', class: 'code-chip', id: 'code-chip', title: t('copy'), 'data-i18n-title': 'copy',
          onclick: async () => {
            try { await navigator.clipboard.writeText(`${location.origin}/m/${code}`); toast(t('copied'), 'ok', 1500); } catch { /* ignore */ }
          } }, code, icon('copy'))),
      h('div', { class: 'match-meta' }, roleEl, watchersEl, statusEl)),
    inviteEl, drawBar, tableEl, banner, dialog));

  const conn = new MatchConnection(code, {
    spectate,
    versionOf: () => sync.version,
    onStatus: (s) => {
      statusEl.dataset.state = s;
      if (s === 'open') statusEl.dataset.joins = String(Number(statusEl.dataset.joins || 0) + 1);
      statusEl.textContent = s === 'open' ? '' : s === 'replaced' ? t('replaced') : t(s === 'reconnecting' ? 'reconnecting' : 'connecting');
    },
    onMessage: (msg) => handle(msg),
  });
  conn.start();
  const offLang = onLangChange(() => relabel());
  window.addEventListener('pagehide', () => conn.stop(), { once: true });

  function request(body) {
    return conn.request(body).catch((err) => { toast(errorText(err), 'error'); throw err; });
  }

  function handle(msg) {
    switch (msg.type) {
      case 'joined': {
        state.seat = msg.seat ?? null;
        state.game = gameById(msg.game);
        state.gameName = msg.game;
        if (msg.presence) state.presence = msg.presence;
        if (sync.join(msg) === 'resync') { conn.sendRaw({ type: 'resync' }); return; }
        if (!ensureTable()) return;
        draw(null, []);
        setOutcome(msg.outcome ?? sync.outcome);
        break;
      }
      case 'patch': {
        const prev = sync.view;
        const res = sync.patch(msg);
        if (res === 'resync') { conn.sendRaw({ type: 'resync' }); return; }
        if (res !== 'applied') return;
        const events = Array.isArray(msg.events) ? msg.events : [];
        logEvents(events, prev);
        if (state.drawBy && events.length) hideDraw();
        draw(prev, events);
        if (sync.outcome) setOutcome(sync.outcome);
        break;
      }
      case 'snapshot':
        sync.reset(msg);
        if (!ensureTable()) return;
        draw(null, []);
        setOutcome(sync.outcome);
        break;
      case 'presence':
        state.presence = msg;
        drawPresence();
        break;
      case 'draw_offered':
        showDraw(msg.by);
        break;
      case 'draw_declined':
        hideDraw();
        if (msg.by !== state.seat) toast(t('draw_declined', { player: playerName(msg.by, state.seat) }));
        break;
      case 'game_over':
        sync.outcome = msg.outcome;
        hideDraw();
        setOutcome(msg.outcome);
        break;
      case 'error':
        if (msg.id == null) toast(errorText(msg), 'error');
        if (msg.code === 'unknown_match') {
          conn.stop();
          tableEl.replaceChildren(h('p', { class: 'notice' }, t('unknown_code')), h('a', { class: 'btn', href: '/' }, t('back_home')));
        }
        break;
      case 'reject':
        if (msg.id == null) toast(errorText(msg.error), 'error');
        break;
      default:
        break;
    }
  }

  // Creates the game's table on the first view; false when this client cannot show the game.
  function ensureTable() {
    if (state.table) return true;
    if (!state.game?.Table) {
      tableEl.replaceChildren(h('p', { class: 'notice' }, `${state.gameName || '?'}: ${t('soon')}`));
      return false;
    }
    document.getElementById('game-name').textContent = t(`game.${state.gameName}`);
    state.table = new state.game.Table(tableEl, (action) => conn.request({ type: 'act', action }));
    tableEl.querySelector('.control-col').append(roomCtl, logBox);
    const seat = state.seat;
    addLog(() => [seat ? t('you_are', { player: t('player', { n: seat }) }) : t('watching')], 'sys');
    return true;
  }

  function draw(prev, events) {
    if (!state.table || !sync.view) return;
    state.table.update(sync.view, sync.legal, state.seat, sync.version, prev, events);
    const mine = state.seat && sync.view.to_move === state.seat && !sync.outcome;
    document.title = `${mine ? '● ' : ''}${code} · Tabuleiro`;
    drawPresence();
    drawControls();
  }

  function drawPresence() {
    const p = state.presence;
    roleEl.replaceChildren(state.seat
      ? h('span', { class: `you p${state.seat}` }, t('you_are', { player: t('player', { n: state.seat }) }))
      : h('span', { class: 'you spectator' }, icon('eye'), t('watching')));
    watchersEl.replaceChildren(p ? h('span', {}, icon('eye'), ` ${t('spectators_n', { n: p.spectators ?? 0 })}`) : '');
    state.table?.setPresence(p);
    const free = p?.seats?.some((s) => !s.taken);
    if (state.seat && free && !state.outcome) {
      if (inviteEl.hidden || !inviteEl.firstChild) {
        inviteEl.replaceChildren(h('p', { class: 'invite-title' }, t('waiting_opponent')), shareBox(code, `${location.origin}/m/${code}`));
      }
      inviteEl.hidden = false;
    } else {
      inviteEl.hidden = true;
    }
  }

  function drawControls() {
    const over = !!state.outcome;
    roomCtl.hidden = !state.seat;
    resignBtn.disabled = over;
    drawBtn.disabled = over || state.drawBy === state.seat;
  }

  function showDraw(by) {
    state.drawBy = by;
    if (by === state.seat) {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_you')));
    } else if (state.seat) {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_them', { player: playerName(by, state.seat) })),
        h('button', { type: 'button', class: 'btn ok', id: 'draw-accept', onclick: () => request({ type: 'draw', op: 'accept' }) }, t('accept')),
        h('button', { type: 'button', class: 'btn ghost', id: 'draw-decline', onclick: () => request({ type: 'draw', op: 'decline' }).then(hideDraw, () => {}) }, t('decline')));
    } else {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_them', { player: playerName(by, null) })));
    }
    drawBar.hidden = false;
    drawControls();
  }

  function hideDraw() {
    state.drawBy = null;
    drawBar.hidden = true;
    drawControls();
  }

  function confirmResign() {
    dialog.returnValue = '';
    dialog.showModal();
    dialog.addEventListener('close', () => {
      if (dialog.returnValue === 'yes') request({ type: 'resign' }).catch(() => {});
    }, { once: true });
  }

  function setOutcome(outcome) {
    state.outcome = outcome || null;
    drawControls();
    drawPresence();
    if (!outcome) { banner.hidden = true; return; }
    const { winner, reason } = outcome;
    const { title, reasonText } = outcomeText(outcome);
    banner.className = `banner ${winner == null ? 'draw' : `w${winner}`} ${state.seat && winner === state.seat ? 'won' : ''}`;
    banner.dataset.reason = reason || '';
    banner.dataset.winner = winner == null ? 'draw' : String(winner);
    banner.replaceChildren(h('div', { class: 'banner-card' },
      h('h2', { id: 'banner-title' }, title),
      h('p', { class: 'banner-reason' }, reasonText),
      h('div', { class: 'row-btns' },
        h('a', { class: 'btn', href: '/' }, t('back_home')),
        h('button', { type: 'button', class: 'btn ghost', onclick: () => { banner.hidden = true; } }, t('close')))));
    if (!state.bannerShown) {
      state.bannerShown = true;
      banner.hidden = false;
      addLog(() => [outcomeLine(outcome)], 'over');
    }
  }

  // Appends one log entry per accepted change: its main line and its consequences. Entries keep
  // how to write themselves, so a language switch rewrites the whole log.
  function logEvents(events, prev) {
    const describe = state.game?.describe;
    if (!describe) return;
    const ctx = { seat: state.seat, actor: prev?.to_move, round: prev?.round };
    let group = [];
    const flush = () => {
      if (group.length) { const g = group; addLog(() => g.map((f) => f()).filter(Boolean)); }
      group = [];
    };
    for (const ev of events) {
      if (ev.type === 'turn_started') ctx.round = ev.round ?? ctx.round;
      const c = { ...ctx };
      const line = () => describe(ev, c);
      if (!line()) continue;
      if (isTurnMarker(ev)) { flush(); addLog(() => [line()], 'turn'); continue; }
      group.push(line);
    }
    flush();
  }

  function addLog(make, kind = '') {
    const li = h('li', { class: `entry ${kind}` });
    li.make = make;
    fillLog(li);
    logEl.prepend(li);
    while (logEl.children.length > MAX_LOG) logEl.lastChild.remove();
  }

  function fillLog(li) {
    const lines = li.make();
    fill(li, h('span', { class: 'main' }, lines[0]),
      lines.length > 1 ? h('ul', {}, lines.slice(1).map((l) => h('li', {}, l))) : null);
  }

  function outcomeText({ winner, reason }) {
    const title = winner == null ? t('outcome.draw')
      : state.seat ? t(winner === state.seat ? 'outcome.you_win' : 'outcome.you_lose')
        : t('outcome.win', { player: t('player', { n: winner }) });
    const reasonText = t(`reason.${reason}`) === `reason.${reason}` ? reason : t(`reason.${reason}`);
    return { title, reasonText };
  }
  function outcomeLine(outcome) {
    const { title, reasonText } = outcomeText(outcome);
    return `${title} — ${reasonText}`;
  }

  function relabel() {
    for (const li of logEl.children) fillLog(li);
    translatePage(app);
    state.table?.relabel();
    drawPresence();
    if (state.outcome) { state.bannerShown = true; const hidden = banner.hidden; setOutcome(state.outcome); banner.hidden = hidden; }
    statusEl.textContent = statusEl.dataset.state && statusEl.dataset.state !== 'open' ? statusEl.textContent : '';
    if (!inviteEl.hidden) inviteEl.replaceChildren();
    drawPresence();
  }

  return () => { offLang(); conn.stop(); };
}

// The message to show for a refusal: translated when the code is known, else the server's.
export function errorText(err) {
  const code = err?.code;
  if (code && t(`err.${code}`) !== `err.${code}`) return t(`err.${code}`);
  return err?.message || code || '?';
}
