// The drawing primitives of one animation timeline (fx.js): placing effect elements over the
// board's squares, animating them or the board's own pieces at the timeline's speed, and the
// "ghosts" of pieces the action removed, which stay drawn until their moment comes.
import { h } from '../../dom.js';
import { pieceEl } from './piece.js';
import { pick, sqOf } from './events.js';

// The stage of one timeline over table: its primitives, given the view before the action (prev),
// its events, their start times (ms) and the speed factor (reduced motion).
export function createStage(table, prev, events, times, speed) {
  const layer = table.fxEl;
  const final = table.view.pieces || {};
  const before = prev.pieces || {};

  const rect = (sq) => table.rectOf(sq);
  const place = (el, sq, scale = 1) => {
    const r = rect(sq);
    if (!r) return null;
    const w = r.w * scale;
    Object.assign(el.style, {
      left: `${r.x + (r.w - w) / 2}px`,
      top: `${r.y + (r.h - w) / 2}px`,
      width: `${w}px`,
      height: `${w}px`,
    });
    layer.append(el);
    return el;
  };
  // Animates an existing element of the board (kept afterwards).
  const anim = (el, frames, opts) => {
    if (!el) return null;
    return el.animate(frames, {
      fill: 'backwards',
      easing: 'ease-out',
      ...opts,
      delay: (opts.delay || 0) * speed,
      duration: opts.duration * speed,
    });
  };
  // Animates an effect element of the fx layer, removed when done.
  const run = (el, frames, opts) => {
    const a = anim(el, frames, { fill: 'both', ...opts });
    a?.finished.then(
      () => el.remove(),
      () => el.remove()
    );
    return a;
  };
  const pieceAt = (sq) => table.cells.get(sq)?.querySelector('.piece');
  const offset = (from, to) => {
    const a = rect(from);
    const b = rect(to);
    return a && b ? [a.x - b.x, a.y - b.y] : [0, 0];
  };
  const ghost = (piece, sq, cls = '') => place(h('div', { class: `fx-ghost ${cls}` }, pieceEl(piece)), sq, 1);
  const ghosts = initialGhosts(events, before, ghost);

  // When does the piece that arrived on sq after event i leave it again (explodes, teleports)?
  const leaves = (sq, i) => {
    for (let j = i + 1; j < events.length; j++) {
      const e = events[j];
      if ((e.type === 'exploded' && sqOf(e) === sq) || (e.type === 'teleported' && e.to && e.from === sq))
        return times[j];
    }
    return null;
  };

  // Breaks the piece on sq apart at delay (hot: an explosion's), its ghost if it has one, else a
  // new one of owner (or of whoever stands or stood there).
  const shatter = (sq, delay, hot = false, owner = null) => {
    let g = ghosts.get(sq);
    ghosts.delete(sq);
    let fill = 'both';
    if (!g) {
      owner = owner ?? final[sq]?.owner ?? before[sq]?.owner;
      if (!owner) return;
      g = ghost({ owner, charge: hot ? 5 : 0, idle: 0 }, sq);
      g.style.opacity = '0'; // appears only when its animation starts
      fill = 'forwards';
    }
    run(g, hot ? HOT_SHATTER : COLD_SHATTER, { delay, duration: hot ? 520 : 420, fill });
  };

  return { table, final, before, ghosts, place, anim, run, pieceAt, offset, ghost, leaves, shatter };
}

// Pieces that stood on the board before the action and were taken off by it keep a ghost
// until their removal time: a map from square to ghost element, made with ghost().
function initialGhosts(events, before, ghost) {
  const ghosts = new Map();
  const movedFrom = new Set(events.filter((e) => e.type === 'moved').map((e) => e.from));
  events.forEach((ev) => {
    if (!['captured', 'destroyed', 'exploded'].includes(ev.type)) return;
    const sq = pick(ev, 'at', 'square', 'to');
    if (sq && before[sq] && !movedFrom.has(sq) && !ghosts.has(sq)) ghosts.set(sq, ghost(before[sq], sq));
  });
  return ghosts;
}

// The keyframes of a piece blown up by an explosion, and of one captured or destroyed.
const HOT_SHATTER = [
  { transform: 'scale(1)', filter: 'brightness(1)', opacity: 1 },
  { transform: 'scale(1.1) rotate(-6deg)', filter: 'brightness(2.4)', opacity: 1, offset: 0.35 },
  { transform: 'scale(1.3) rotate(6deg)', filter: 'brightness(3)', opacity: 1, offset: 0.55 },
  { transform: 'scale(0.2)', opacity: 0 },
];
const COLD_SHATTER = [
  { transform: 'scale(1)', opacity: 1 },
  { transform: 'scale(1.15)', filter: 'brightness(1.8)', opacity: 0.9, offset: 0.3 },
  { transform: 'scale(0.3) rotate(30deg)', opacity: 0 },
];
