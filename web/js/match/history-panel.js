// The match page's move list and stepping controls: the changes grouped by turn (the game
// module words each change and, optionally, each turn's title; each time a player went offline
// or came back follows the move it came after), first / previous / next / last,
// a click on any move, the arrow keys, "back to live", and the log's download. It only draws
// and reports the version asked for; the match page shows the board at that version.
import { h, icon } from '../dom.js';
import { t, lang, translated } from '../i18n.js';
import { playerLabel } from '../games.js';
import { groupTurns, connectionsByMove } from '../history.js';
import { describeRoomEvent } from './log.js';

// opts: {game, seat (viewer's, or null), onStep(version|null), onExport() (none: no download
// button), isOver() → true once the match has ended (the last version is then the end, not
// live), names() → the players' display names by seat (a named seat's moves read "Ana moved …"),
// connections() → the record's changes [{seat, online, at}] (the `connections` message)}.
export function historyPanel({
  game,
  seat,
  onStep,
  onExport,
  isOver = () => false,
  names = () => null,
  connections = () => [],
}) {
  let hist = null;
  let viewing = null; // the version shown, or null for live
  const list = h('ol', { class: 'move-list', id: 'move-list' });
  const stepping = stepControls({ go: (v) => go(v), current: () => current(), start: () => hist?.from });
  const exportBtn = h(
    'button',
    { type: 'button', class: 'btn small ghost', id: 'hist-export', hidden: !onExport, onclick: () => onExport?.() },
    icon('copy'),
    translated('span', {}, 'hist.download')
  );
  const el = h(
    'section',
    { class: 'moves', id: 'moves', 'aria-labelledby': 'moves-title' },
    h('div', { class: 'moves-head' }, translated('h2', { id: 'moves-title' }, 'hist.title'), exportBtn),
    stepping.group,
    stepping.live,
    list
  );

  const current = () => (viewing == null ? (hist?.to ?? 0) : viewing);

  // Asks to show version v (clamped; the last version means live).
  function go(v) {
    if (!hist?.loaded) return;
    if (v != null) v = Math.max(hist.from, Math.min(hist.to, v));
    if (v === hist.to) v = null;
    if (v === viewing) return;
    viewing = v;
    onStep(v);
    render();
  }

  function render() {
    if (!hist?.loaded) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const cur = current();
    const who = names();
    const away = connectionsByMove(connections(), hist.from, hist.to);
    const ctx = { game, seat, who, away };
    const before = away.has(0)
      ? [h('li', { class: 'conn-group' }, h('ol', { class: 'turn-moves' }, connectionLines(0, ctx)))]
      : [];
    list.replaceChildren(
      ...before,
      ...groupTurns(hist.changes, game).map((tr, i) => turnItem(tr, i, hist, cur, go, ctx))
    );
    stepping.draw(hist, viewing, cur, isOver());
    el.classList.toggle('past', viewing != null);
    revealCurrent(list);
  }

  // Arrow keys (outside the board and form fields) step like the buttons; Home/End too.
  function onKey(e) {
    if (!hist?.loaded || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const tgt = e.target;
    if (tgt?.closest?.('input, textarea, select, [contenteditable], dialog, [role="grid"]')) return;
    const step = {
      ArrowLeft: () => go(current() - 1),
      ArrowRight: () => go(current() + 1),
      Home: () => go(hist.from),
      End: () => go(null),
    }[e.key];
    if (!step) return;
    e.preventDefault();
    step();
  }

  return {
    el,
    onKey,
    go,
    get viewing() {
      return viewing;
    },
    // Draws the record (after a page or a live change).
    update(history) {
      hist = history;
      if (viewing != null && viewing > hist.to) viewing = null;
      render();
    },
    relabel: render,
  };
}

// A stepping button (first, previous, next, last): its id, the key of its name, its sign and
// its click handler fn.
function stepButton(id, key, label, fn) {
  return h(
    'button',
    {
      type: 'button',
      class: 'btn small ghost hist-btn',
      id,
      'aria-label': t(key),
      title: t(key),
      'data-i18n-aria': key,
      'data-i18n-title': key,
      onclick: fn,
    },
    label
  );
}

// The stepping controls: first / previous / next / last around the position line, and "back to
// live" (or to the end). The buttons ask go(version) from current() (the version shown); start()
// is the record's first version. {group, live, draw(hist, viewing, cur, over)}.
function stepControls({ go, current, start }) {
  const pos = h('span', { class: 'hist-pos', id: 'hist-pos', 'aria-live': 'polite' });
  const first = stepButton('hist-first', 'hist.first', '«', () => go(start()));
  const prev = stepButton('hist-prev', 'hist.prev', '◀', () => go(current() - 1));
  const next = stepButton('hist-next', 'hist.next', '▶', () => go(current() + 1));
  const last = stepButton('hist-last', 'hist.last', '»', () => go(null));
  const live = h(
    'button',
    { type: 'button', class: 'btn small hist-live', id: 'hist-live', hidden: true, onclick: () => go(null) },
    translated('span', {}, 'hist.back_live')
  );
  const group = h(
    'div',
    { class: 'hist-controls', role: 'group', 'aria-label': t('hist.controls'), 'data-i18n-aria': 'hist.controls' },
    first,
    prev,
    pos,
    next,
    last
  );
  // Shows where the board is in record hist (viewing: the version shown, null live; cur: its
  // number; over: the match has ended) and which steps are possible.
  const draw = (hist, viewing, cur, over) => {
    pos.textContent =
      viewing == null
        ? t(over ? 'hist.at_end' : 'hist.at_live', { v: hist.to })
        : t('hist.at', { v: viewing, n: hist.to });
    live.firstChild.dataset.i18n = over ? 'hist.back_end' : 'hist.back_live';
    live.firstChild.textContent = t(live.firstChild.dataset.i18n);
    live.hidden = viewing == null;
    first.disabled = cur <= hist.from;
    prev.disabled = cur <= hist.from;
    next.disabled = viewing == null;
    last.disabled = viewing == null;
  };
  return { group, live, draw };
}

// One change c's lines: [main line, consequences…] in the current language; prevView: the view
// before it; ctx: {game, seat (viewer's), who (names by seat)}.
function linesOf(c, prevView, { game, seat, who }) {
  const ctx = { seat, actor: c.seat || undefined, toAct: c.seat ? [c.seat] : [], prev: prevView, names: who };
  return (c.events || [])
    .map((ev) => describeRoomEvent(ev, game, seat, who) ?? game?.describe?.(ev, ctx) ?? null)
    .filter(Boolean);
}

// The lines telling who went offline or came back after version v (ctx.away: those by
// version, connectionsByMove), each with its time.
function connectionLines(v, { game, seat, who, away }) {
  return (away.get(v) || []).map((x) =>
    h(
      'li',
      { class: `conn-change s${x.seat}`, dataset: { online: String(x.online) } },
      t(x.online ? 'conn.came_back' : 'conn.went_offline', { player: playerLabel(game, x.seat, seat, who) }),
      h(
        'time',
        { datetime: x.at },
        ` · ${new Date(x.at).toLocaleTimeString(lang(), { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`
      )
    )
  );
}

// Turn tr (the i-th) of the record hist: its title and its moves, each a button that asks go(its
// version), the one at version cur marked current, each followed by its connection lines.
function turnItem(tr, i, hist, cur, go, ctx) {
  const { game, seat, who } = ctx;
  const before = hist.viewAt(tr.before);
  // The server's own changes (a flag, an abandonment) are nobody's turn.
  const title =
    (tr.seat ? game?.turnTitle?.({ seat: tr.seat, view: before, viewer: seat, names: who }) : null) ??
    t('hist.turn', { n: i + 1, player: tr.seat ? playerLabel(game, tr.seat, seat, who) : t('hist.server') });
  return h(
    'li',
    { class: `turn-group s${tr.seat}`, dataset: { seat: String(tr.seat) } },
    h('div', { class: 'turn-title' }, title),
    h(
      'ol',
      { class: 'turn-moves' },
      tr.changes
        .map((c) => [
          moveItem(c, linesOf(c, hist.viewAt(c.version - 1), ctx), c.version === cur, go),
          ...connectionLines(c.version, ctx),
        ])
        .flat()
    )
  );
}

// One move of the list: change c's number and lines, marked current if isCur; a click asks
// go(its version).
function moveItem(c, lines, isCur, go) {
  return h(
    'li',
    {},
    h(
      'button',
      {
        type: 'button',
        class: `move${isCur ? ' current' : ''}`,
        dataset: { version: String(c.version) },
        'aria-current': isCur ? 'step' : null,
        onclick: () => go(c.version),
      },
      h('span', { class: 'mv-n' }, String(c.version)),
      h('span', { class: 'mv-main' }, lines[0] ?? '…'),
      lines.length > 1 ? h('span', { class: 'mv-more' }, lines.slice(1).join(' · ')) : null
    )
  );
}

// Scrolls the move list itself (never the page) so that its current move shows.
function revealCurrent(list) {
  const cur = list.querySelector('.move.current');
  if (!cur || !list.getBoundingClientRect) return;
  const a = cur.getBoundingClientRect();
  const b = list.getBoundingClientRect();
  if (a.top < b.top) list.scrollTop += a.top - b.top;
  else if (a.bottom > b.bottom) list.scrollTop += a.bottom - b.bottom;
}
