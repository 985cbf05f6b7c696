// The match page's event log: one entry per accepted change (its main line and consequences),
// turn separators, and system lines. Entries keep how to write themselves, so a language
// switch rewrites the whole log. Game events are worded by the game module; room-level events
// (resigned, draw_agreed, abandoned, timeout) by the shell.
import { h, fill } from '../dom.js';
import { t } from '../i18n.js';
import { playerLabel } from '../games.js';

const MAX_LOG = 300;

// A log line for a room-level event (any game), or undefined for a game event; names: seat →
// the player's display name (the seat's name without one).
export function describeRoomEvent(ev, game, seat, names = null) {
  const who = (n) => playerLabel(game, n, seat, names);
  switch (ev.type) {
    case 'resigned':
      return t('ev.resigned', { player: who(ev.seat ?? ev.player) });
    case 'draw_agreed':
      return t('ev.draw_agreed');
    case 'abandoned':
      return t('ev.abandoned');
    case 'timeout':
      return ev.seat ? t('ev.timeout', { player: who(ev.seat) }) : t('ev.timeout_both');
    case 'aborted':
      return t('ev.aborted', { player: who(ev.seat) });
    case 'aborted_by_host':
      return t('ev.aborted_by_host', { note: ev.reason || '' });
    default:
      return undefined;
  }
}

// The log list element and its writers.
export function matchLog() {
  // A long log scrolls: the list itself takes the keyboard focus, so it can be scrolled by keys.
  const el = h('ol', { class: 'log-list', id: 'log', tabindex: '0', 'aria-labelledby': 'log-title' });

  // Adds an entry; make() → [main line, consequence lines…] in the current language.
  function add(make, kind = '') {
    const li = h('li', { class: `entry ${kind}` });
    li.make = make;
    write(li);
    el.prepend(li);
    while (el.children.length > MAX_LOG) el.lastChild.remove();
  }

  function write(li) {
    const lines = li.make();
    fill(
      li,
      h('span', { class: 'main' }, lines[0]),
      lines.length > 1
        ? h(
            'ul',
            {},
            lines.slice(1).map((l) => h('li', {}, l))
          )
        : null
    );
  }

  // Logs one change's events for game: ctx = {seat, actor, toAct, prev, names} as the game's
  // describe() expects; turn markers become separators, the rest groups under its first line.
  function addEvents(game, events, ctx) {
    let group = [];
    const flush = () => {
      if (group.length) {
        const g = group;
        add(() => g.map((f) => f()).filter(Boolean));
      }
      group = [];
    };
    for (const ev of events) {
      const line = () => describeRoomEvent(ev, game, ctx.seat, ctx.names) ?? game.describe?.(ev, ctx) ?? null;
      if (!line()) continue;
      if (game.isTurnMarker?.(ev)) {
        flush();
        add(() => [line()], 'turn');
        continue;
      }
      group.push(line);
    }
    flush();
  }

  // Rewrites every entry in the current language.
  const relabel = () => {
    for (const li of el.children) write(li);
  };

  return { el, add, addEvents, relabel };
}
