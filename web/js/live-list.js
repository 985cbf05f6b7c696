// The home page's live list: the public matches and the recently finished ones, kept up to
// date by the server's list feed (`watch_list` on a WebSocket, protocol/PROTOCOL.md), polling
// GET /api/matches only while that socket is down. Each item shows its status, round and
// whose turn, and a miniature of the board drawn by the game module's own Table.
import { h } from './dom.js';
import { t, tFirst } from './i18n.js';
import { gameById, gameTitle, seatLabel } from './games.js';
import { liveStatus, canSit } from './live-status.js';
import { loadStylesheet } from './stylesheets.js';
import { DISABLED_CLOSE } from './connection.js';

const POLL_MS = 5000;
const RETRY_MS = 15000;
const RECENT_SHOWN = 8;
const LIVE_SHOWN = 30;

// Keeps the list: calls draw(matches, recent) on every change, and onDisabled() when the
// server closes the feed because this browser's account was disabled (4003: the feed then
// comes back as a guest's); returns stop().
export function watchMatches(draw, { onDisabled = () => {} } = {}) {
  let matches = [];
  let recent = [];
  let ws = null;
  let pollTimer = null;
  let retryTimer = null;
  let stopped = false;

  const emit = () => draw(matches, recent);
  // A summary in its place: unfinished matches stay in order (a new one goes first), a
  // finished one leaves them for the front of the recent list.
  const put = (s) => {
    const rest = matches.filter((m) => m.code !== s.code);
    if (s.activity === 'finished' || s.outcome) {
      matches = rest;
      recent = [s, ...recent.filter((m) => m.code !== s.code)].slice(0, RECENT_SHOWN);
    } else {
      const at = matches.findIndex((m) => m.code === s.code);
      matches = at < 0 ? [s, ...rest] : matches.map((m) => (m.code === s.code ? s : m));
    }
  };

  function connect() {
    if (stopped) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    let socket;
    try { socket = new WebSocket(`${proto}://${location.host}/ws`); } catch { return fallBack(); }
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'watch_list', preview: true }));
    socket.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'match_list') {
        stopPolling();
        matches = msg.matches || [];
        recent = (msg.recent || []).slice(0, RECENT_SHOWN);
        emit();
      } else if (msg.type === 'match_list_changed') {
        for (const s of msg.matches || []) put(s);
        emit();
      } else if (msg.type === 'error') {
        socket.close();
      }
    };
    socket.onclose = (e) => {
      if (e?.code === DISABLED_CLOSE) onDisabled();
      if (ws === socket) { ws = null; fallBack(); }
    };
  }

  // The feed is down: poll until it comes back (tried again every RETRY_MS).
  function fallBack() {
    if (stopped) return;
    if (!pollTimer) poll();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, RETRY_MS);
  }
  function stopPolling() { clearTimeout(pollTimer); pollTimer = null; }
  async function poll() {
    pollTimer = setTimeout(poll, POLL_MS);
    if (document.hidden) return;
    const get = (q) => fetch(`/api/matches?preview=1&${q}`).then((r) => (r.ok ? r.json() : { matches: [] })).catch(() => ({ matches: [] }));
    const [waiting, live, finished] = await Promise.all([get('status=waiting'), get('status=live'), get('status=finished')]);
    if (!pollTimer) return;   // the feed came back meanwhile
    matches = [...(waiting.matches || []), ...(live.matches || [])].sort((a, b) => (a.created < b.created ? 1 : -1));
    recent = (finished.matches || []).slice(0, RECENT_SHOWN);
    emit();
  }

  connect();
  return () => {
    stopped = true;
    stopPolling();
    clearTimeout(retryTimer);
    if (ws) { const s = ws; ws = null; s.close(); }
  };
}

// Miniature boards by match code, kept between redraws so that a Table is built once per match.
const minis = new Map();

// The miniature of m's board (the game's Table drawn from the spectator view, inert), or null
// without a preview.
function miniBoard(m) {
  const game = gameById(m.game);
  if (!m.preview || !game?.Table) return null;
  let mini = minis.get(m.code);
  if (!mini) {
    const root = h('div', { class: 'mini-root' });
    const el = h('div', { class: `li-preview g-${m.game}`, inert: true, 'aria-hidden': 'true' }, root);
    loadStylesheet(game.stylesheet);
    let table = null;
    try { table = new game.Table(root, async () => {}); } catch { return null; }
    if (table.sideEl) table.sideEl.hidden = true;
    mini = { el, root, table, version: -1 };
    minis.set(m.code, mini);
  }
  if (mini.version !== m.version) {
    try {
      mini.table.update({ view: m.preview, legal: [], expects: null, toAct: m.to_act || [], seat: 0,
        version: m.version, prev: null, events: [], lastTurn: [] });
      mini.version = m.version;
    } catch { return null; }
    requestAnimationFrame(() => fit(mini));
  }
  mini.el.dataset.version = String(m.version);
  return mini.el;
}

// Scales a miniature's table down to its box (measured once it is laid out).
function fit(mini) {
  const w = mini.root.scrollWidth;
  const hgt = mini.root.scrollHeight;
  if (!w || !hgt) return;
  const box = mini.el.clientWidth || 96;
  mini.root.style.transform = `scale(${Math.min(box / w, box / hgt)})`;
}

// "Round 3" (the game's progress), or ''.
function progressText(m) {
  const game = gameById(m.game);
  if (game?.progressText) return game.progressText(m.progress || {});
  return m.progress?.round != null ? t('list.round', { n: m.progress.round }) : '';
}

// "Player 2 to move" / "Both to move", or '' (not known, or over).
function turnText(m) {
  const game = gameById(m.game);
  const toAct = m.to_act || [];
  if (toAct.length === 1) return t('list.to_act', { player: seatLabel(game, toAct[0]) });
  if (toAct.length > 1) return t('list.to_act_both');
  return '';
}

// "Player 1 wins" / "Draw".
function resultText(m) {
  const w = m.outcome?.winner;
  return w ? t('outcome.win', { player: seatLabel(gameById(m.game), w) }) : t('outcome.draw');
}

// "14:05" (local time of an ISO date), or ''.
function timeText(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

// One running match as a list item.
export function liveItem(m) {
  const status = m.activity || liveStatus(m);
  const free = canSit({ ...m, activity: status });
  const facts = [progressText(m), turnText(m)].filter(Boolean).join(' · ');
  return h('li', { class: `live-item s-${status}`, dataset: { code: m.code, status, version: String(m.version) } },
    miniBoard(m),
    h('span', { class: 'li-game' }, gameTitle(m.game)),
    h('code', { class: 'li-code' }, m.code),
    h('span', { class: `li-status ${status}` }, t(`status.${status}`)),
    h('span', { class: 'li-seats', 'aria-hidden': 'true' }, (m.seats || []).map((s) => h('i', { class: `p${s.seat} ${s.taken ? 'taken' : ''} ${s.connected ? 'on' : ''}` }))),
    h('span', { class: 'li-facts' }, facts),
    h('span', { class: 'li-watch' }, t('spectators_n', { n: m.spectators ?? 0 })),
    free ? h('a', { class: 'btn small', href: `/m/${m.code}` }, t('take_seat'))
      : h('a', { class: 'btn small ghost', href: `/m/${m.code}?watch=1` }, t('watch')));
}

// One finished match as a list item: result and when it ended.
export function recentItem(m) {
  const when = timeText(m.finished);
  return h('li', { class: 'live-item s-finished', dataset: { code: m.code, status: 'finished' } },
    miniBoard(m),
    h('span', { class: 'li-game' }, gameTitle(m.game)),
    h('code', { class: 'li-code' }, m.code),
    h('span', { class: 'li-status finished' }, resultText(m)),
    h('span', { class: 'li-facts' }, when ? tFirst(['list.ended_at'], { time: when }, when) : ''),
    h('a', { class: 'btn small ghost', href: `/m/${m.code}?replay` }, t('replay')));
}

// Draws matches and recent into the two lists (at most LIVE_SHOWN / RECENT_SHOWN).
export function drawLists(liveList, recentList, recentBox, matches, recent) {
  recentBox.hidden = !recent.length;
  recentList.replaceChildren(...recent.slice(0, RECENT_SHOWN).map(recentItem));
  if (!matches.length) liveList.replaceChildren(h('li', { class: 'empty', 'data-i18n': 'watch_empty' }, t('watch_empty')));
  else liveList.replaceChildren(...matches.slice(0, LIVE_SHOWN).map(liveItem));
  const shown = new Set([...matches.slice(0, LIVE_SHOWN), ...recent.slice(0, RECENT_SHOWN)].map((m) => m.code));
  for (const code of minis.keys()) if (!shown.has(code)) minis.delete(code);
}
