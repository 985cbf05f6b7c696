// The home page's live list: the public matches and the recently finished ones, kept up to
// date by the server's list feed (`watch_list` on a WebSocket, protocol/PROTOCOL.md), polling
// GET /api/matches only while that socket is down. Each item shows its status, round, both
// players' names, whose turn (by name), each side's time in a match with a clock (the running
// one counting down every second), and a miniature of the board drawn by the game module's
// own Table.
import { h } from './dom.js';
import { t, tFirst, translated } from './i18n.js';
import { gameById, gameTitle, seatLabel } from './games.js';
import { liveStatus, canSit } from './live-status.js';
import { loadStylesheet } from './stylesheets.js';
import { DISABLED_CLOSE, parseFrame } from './connection.js';
import { formatClock } from './clock.js';
import { network, whenReachable } from './network.js';

const POLL_MS = 5000;
const RETRY_MS = 15000;
const RECENT_SHOWN = 8;
const LIVE_SHOWN = 30;
const TICK_MS = 1000;
// How far this browser's clock may differ from the server's before a clock reading counts
// from its arrival rather than from the server's `at`.
const SKEW_MS = 5000;

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
  // Notes on each summary's clock reading when it arrived (readingStart()).
  const stamp = (list) => {
    const now = Date.now();
    for (const s of list || []) if (s?.clock_now && typeof s.clock_now === 'object') s.clock_now.received ??= now;
    return list || [];
  };
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

  // While the server cannot be reached nothing is asked: the feed starts again once it can.
  let cancelWait = () => {};
  function connect() {
    if (stopped) return;
    if (!network().reachable()) {
      cancelWait();
      cancelWait = whenReachable(connect);
      return;
    }
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    let socket;
    try {
      socket = new WebSocket(`${proto}://${location.host}/ws`);
    } catch {
      return fallBack();
    }
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'watch_list', preview: true }));
    socket.onmessage = (e) => {
      const msg = parseFrame(e.data);
      if (!msg) return;
      if (msg.type === 'match_list') {
        stopPolling();
        matches = stamp(msg.matches);
        recent = stamp(msg.recent).slice(0, RECENT_SHOWN);
        emit();
      } else if (msg.type === 'match_list_changed') {
        for (const s of stamp(msg.matches)) put(s);
        emit();
      } else if (msg.type === 'error') {
        socket.close();
      }
    };
    socket.onclose = (e) => {
      if (e?.code === DISABLED_CLOSE) onDisabled();
      if (ws === socket) {
        ws = null;
        fallBack();
      }
    };
  }

  // The feed is down: poll until it comes back (tried again every RETRY_MS).
  function fallBack() {
    if (stopped) return;
    if (!network().reachable()) {
      stopPolling();
      connect();
      return;
    }
    if (!pollTimer) poll();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, RETRY_MS);
  }
  function stopPolling() {
    clearTimeout(pollTimer);
    pollTimer = null;
  }
  async function poll() {
    pollTimer = setTimeout(poll, POLL_MS);
    if (document.hidden) return;
    const get = (q) =>
      fetch(`/api/matches?preview=1&${q}`)
        .then((r) => (r.ok ? r.json() : { matches: [] }))
        .catch(() => ({ matches: [] }));
    const [waiting, live, finished] = await Promise.all([
      get('status=waiting'),
      get('status=live'),
      get('status=finished'),
    ]);
    if (!pollTimer) return; // the feed came back meanwhile
    matches = [...stamp(waiting.matches), ...stamp(live.matches)].sort((a, b) => (a.created < b.created ? 1 : -1));
    recent = (finished.matches || []).slice(0, RECENT_SHOWN);
    emit();
  }

  connect();
  return () => {
    stopped = true;
    stopPolling();
    clearTimeout(retryTimer);
    cancelWait();
    if (ws) {
      const s = ws;
      ws = null;
      s.close();
    }
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
    try {
      table = new game.Table(root, async () => {});
    } catch {
      return null;
    }
    if (table.sideEl) table.sideEl.hidden = true;
    mini = { el, root, table, version: -1 };
    minis.set(m.code, mini);
  }
  if (mini.version !== m.version) {
    try {
      mini.table.update({
        view: m.preview,
        legal: [],
        expects: null,
        toAct: m.to_act || [],
        seat: 0,
        version: m.version,
        prev: null,
        events: [],
        lastTurn: [],
      });
      mini.version = m.version;
    } catch {
      return null;
    }
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

// What seat x of summary m is called: the player's name, the computer and its level, "waiting
// for a player" for a free seat, else the game's seat label ("Player 1").
export function playerText(m, x) {
  if (x?.bot) return t('list.bot', { level: t(`level.${x.bot}`) });
  if (x && !x.taken) return t('list.waiting');
  return x?.name || seatLabel(gameById(m.game), x?.seat);
}

// The name of seat n in summary m (its label when the summary does not list it).
const seatText = (m, n) => playerText(m, (m.seats || []).find((x) => x.seat === n) || { seat: n, taken: true });

// "Ana to move" / "Both to move", or '' (not known, or over).
function turnText(m) {
  const toAct = m.to_act || [];
  if (toAct.length === 1) return t('list.to_act', { player: seatText(m, toAct[0]) });
  if (toAct.length > 1) return t('list.to_act_both');
  return '';
}

// "Ana wins" / "Draw".
function resultText(m) {
  const w = m.outcome?.winner;
  return w ? t('outcome.win', { player: seatText(m, w) }) : t('outcome.draw');
}

// When a clock reading started to run on this browser's clock: the server's `at`, unless this
// browser's clock and the server's differ by more than SKEW_MS (then when the summary arrived).
function readingStart(c) {
  const at = Number(c.at);
  if (c.received == null) return Number.isFinite(at) ? at : Date.now();
  return Number.isFinite(at) && Math.abs(c.received - at) <= SKEW_MS ? at : c.received;
}

// Seat n's time left (ms) in clock reading c at now: the running seat's counts down.
export function clockLeft(c, n, now = Date.now()) {
  const base = Number(c?.remaining_ms?.[n - 1] ?? 0);
  return c?.running === n ? Math.max(0, base - Math.max(0, now - readingStart(c))) : base;
}

// Seat n's time in summary m at now ("4:59", "2d 03h"), or '' without a clock.
export function clockText(m, n, now = Date.now()) {
  const c = m.clock_now;
  if (!c || typeof c !== 'object' || !Array.isArray(c.remaining_ms)) return '';
  return formatClock(clockLeft(c, n, now), c.kind === 'correspondence' ? 'correspondence' : 'fischer');
}

// Both players of m, one line each: colour dot, name, and time left while the match runs with a
// clock (the running seat's is redrawn by the list's ticker); the seat to act is marked.
function playersBox(m, now, over) {
  const toAct = over ? [] : m.to_act || [];
  const running = over ? null : m.clock_now?.running;
  return h(
    'span',
    { class: 'li-seats' },
    (m.seats || []).map((x) => {
      const time = over ? '' : clockText(m, x.seat, now);
      const timeEl = time ? h('span', { class: `li-time${running === x.seat ? ' running' : ''}` }, time) : null;
      if (timeEl && running === x.seat) timeEl.clock = () => clockText(m, x.seat);
      return h(
        'span',
        { class: `li-player p${x.seat}${toAct.includes(x.seat) ? ' to-act' : ''}`, dataset: { seat: String(x.seat) } },
        h('i', { class: `p${x.seat} ${x.taken ? 'taken' : ''} ${x.connected ? 'on' : ''}`, 'aria-hidden': 'true' }),
        h('span', { class: `li-name${x.taken ? '' : ' free'}` }, playerText(m, x)),
        timeEl
      );
    })
  );
}

// "14:05" (local time of an ISO date), or ''.
function timeText(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

// One running match as a list item (now: the local clock, for the times left).
export function liveItem(m, now = Date.now()) {
  const status = m.activity || liveStatus(m);
  const free = canSit({ ...m, activity: status });
  const facts = [progressText(m), turnText(m)].filter(Boolean).join(' · ');
  return h(
    'li',
    { class: `live-item s-${status}`, dataset: { code: m.code, status, version: String(m.version) } },
    miniBoard(m),
    h('span', { class: 'li-game' }, gameTitle(m.game)),
    h('code', { class: 'li-code' }, m.code),
    h('span', { class: `li-status ${status}` }, t(`status.${status}`)),
    playersBox(m, now, false),
    h('span', { class: 'li-facts' }, facts),
    h('span', { class: 'li-watch' }, t('spectators_n', { n: m.spectators ?? 0 })),
    free
      ? h('a', { class: 'btn small', href: `/m/${m.code}` }, t('take_seat'))
      : h('a', { class: 'btn small ghost', href: `/m/${m.code}?watch=1` }, t('watch'))
  );
}

// One finished match as a list item: players, result and when it ended.
export function recentItem(m) {
  const when = timeText(m.finished);
  return h(
    'li',
    { class: 'live-item s-finished', dataset: { code: m.code, status: 'finished' } },
    miniBoard(m),
    h('span', { class: 'li-game' }, gameTitle(m.game)),
    h('code', { class: 'li-code' }, m.code),
    h('span', { class: 'li-status finished' }, resultText(m)),
    playersBox(m, 0, true),
    h('span', { class: 'li-facts' }, when ? tFirst(['list.ended_at'], { time: when }, when) : ''),
    h('a', { class: 'btn small ghost', href: `/m/${m.code}?replay` }, t('replay'))
  );
}

// Draws matches and recent into the two lists (at most LIVE_SHOWN / RECENT_SHOWN).
export function drawLists(liveList, recentList, recentBox, matches, recent) {
  recentBox.hidden = !recent.length;
  recentList.replaceChildren(...recent.slice(0, RECENT_SHOWN).map(recentItem));
  if (!matches.length) liveList.replaceChildren(translated('li', { class: 'empty' }, 'watch_empty'));
  else liveList.replaceChildren(...matches.slice(0, LIVE_SHOWN).map(liveItem));
  const shown = new Set([...matches.slice(0, LIVE_SHOWN), ...recent.slice(0, RECENT_SHOWN)].map((m) => m.code));
  for (const code of minis.keys()) if (!shown.has(code)) minis.delete(code);
  tickClocks(liveList);
}

let ticker = null;

// Redraws the running clocks of list every second while it shows one and is on the page.
function tickClocks(list) {
  stopClocks();
  if (!list.querySelector?.('.li-time.running')) return;
  ticker = setInterval(() => {
    if (!list.isConnected) {
      stopClocks();
      return;
    }
    for (const el of list.querySelectorAll('.li-time.running')) if (el.clock) el.textContent = el.clock();
  }, TICK_MS);
}

// Stops the list's clocks (the page that showed it is gone).
export function stopClocks() {
  clearInterval(ticker);
  ticker = null;
}
