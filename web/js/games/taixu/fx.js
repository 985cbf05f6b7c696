// Animations driven by the server's ordered events: slides, summons, captures, repels,
// teleports, explosions with their shock waves (chains in order), anomaly and zone flares.
// The board already shows the final view; effects play over it on a timeline, and pieces that
// the action removed stay as "ghosts" until their moment comes.
import { h } from '../../dom.js';
import { pieceEl } from './piece.js';
import { pick, sqOf, ownerOf, waveSquares, waveHits } from './events.js';

// How long each event holds the timeline before the next one starts (ms).
const STEP_MS = {
  summoned: 280,
  moved: 320,
  captured: 150,
  repelled: 440,
  zone_bonus: 150,
  anomaly_triggered: 260,
  teleported: 450,
  exploded: 260,
  wave: 420,
  swapped: 380,
};

const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// Plays events (in order) on table, given the view before them (prev).
export function playAnimations(table, prev, events) {
  const speed = reduced() ? 0.25 : 1;
  const layer = table.fxEl;
  const final = table.view.pieces || {};
  const before = prev.pieces || {};
  const played = [];
  let t = 0;

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

  // Start time of each event on the timeline (ms, before the reduced-motion factor).
  const times = [];
  for (const ev of events) {
    times.push(t);
    t += STEP_MS[ev.type] || 0;
  }
  t = 0;

  // Pieces that stood on the board before the action and were taken off by it keep a ghost
  // until their removal time.
  const ghosts = new Map();
  const movedFrom = new Set(events.filter((e) => e.type === 'moved').map((e) => e.from));
  events.forEach((ev) => {
    if (!['captured', 'destroyed', 'exploded'].includes(ev.type)) return;
    const sq = pick(ev, 'at', 'square', 'to');
    if (sq && before[sq] && !movedFrom.has(sq) && !ghosts.has(sq)) ghosts.set(sq, ghost(before[sq], sq));
  });

  // When does the piece that arrived on sq after event i leave it again (explodes, teleports)?
  const leaves = (sq, i) => {
    for (let j = i + 1; j < events.length; j++) {
      const e = events[j];
      if ((e.type === 'exploded' && sqOf(e) === sq) || (e.type === 'teleported' && e.to && e.from === sq))
        return times[j];
    }
    return null;
  };

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
    run(
      g,
      hot
        ? [
            { transform: 'scale(1)', filter: 'brightness(1)', opacity: 1 },
            { transform: 'scale(1.1) rotate(-6deg)', filter: 'brightness(2.4)', opacity: 1, offset: 0.35 },
            { transform: 'scale(1.3) rotate(6deg)', filter: 'brightness(3)', opacity: 1, offset: 0.55 },
            { transform: 'scale(0.2)', opacity: 0 },
          ]
        : [
            { transform: 'scale(1)', opacity: 1 },
            { transform: 'scale(1.15)', filter: 'brightness(1.8)', opacity: 0.9, offset: 0.3 },
            { transform: 'scale(0.3) rotate(30deg)', opacity: 0 },
          ],
      { delay, duration: hot ? 520 : 420, fill }
    );
  };

  events.forEach((ev, i) => {
    t = times[i];
    switch (ev.type) {
      case 'summoned': {
        const sq = sqOf(ev);
        anim(
          pieceAt(sq),
          [
            { transform: 'scale(0) rotate(-90deg)', opacity: 0 },
            { transform: 'scale(1.15)', opacity: 1, offset: 0.7 },
            { transform: 'none' },
          ],
          { delay: t, duration: 380, fill: 'backwards' }
        );
        run(
          place(h('div', { class: 'fx-ring summon' }), sq, 1),
          [
            { transform: 'scale(0.3)', opacity: 1 },
            { transform: 'scale(1.4)', opacity: 0 },
          ],
          { delay: t, duration: 500 }
        );
        played.push('summon');
        break;
      }
      case 'moved': {
        const { from, to } = ev;
        const el = pieceAt(to);
        const [dx, dy] = offset(from, to);
        const gone = leaves(to, i);
        if (el && gone == null) {
          anim(el, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
            delay: t,
            duration: 300,
            easing: 'cubic-bezier(.3,.7,.3,1)',
          });
        } else {
          // The piece does not stay: a ghost slides in and waits there until it leaves.
          const owner = before[from]?.owner ?? ownerOf(ev);
          const g = ghost({ ...(before[from] || { owner, charge: 0, idle: 0 }), idle: 0 }, to);
          const dur = Math.max(320, (gone ?? t + 320) - t);
          run(
            g,
            [
              { transform: `translate(${dx}px, ${dy}px)` },
              { transform: 'none', offset: Math.min(1, 300 / dur) },
              { transform: 'none' },
            ],
            { delay: t, duration: dur }
          );
        }
        played.push('move');
        break;
      }
      case 'captured': {
        shatter(pick(ev, 'at', 'square', 'to'), Math.max(0, t - 60));
        run(
          place(h('div', { class: 'fx-ring capture' }), pick(ev, 'at', 'square', 'to'), 1),
          [
            { transform: 'scale(0.5)', opacity: 1 },
            { transform: 'scale(1.5)', opacity: 0 },
          ],
          { delay: Math.max(0, t - 60), duration: 450 }
        );
        played.push('capture');
        break;
      }
      case 'repelled': {
        const { from, to } = ev;
        const [dx, dy] = offset(to, from);
        anim(
          pieceAt(from),
          [
            { transform: 'none' },
            { transform: `translate(${dx * 0.35}px, ${dy * 0.35}px)`, offset: 0.4 },
            { transform: 'none' },
          ],
          { delay: t, duration: 420, fill: 'none' }
        );
        for (const sq of [from, to]) {
          run(
            place(h('div', { class: 'fx-ring repel' }), sq, 1),
            [
              { transform: 'scale(0.8)', opacity: 0 },
              { transform: 'scale(1)', opacity: 1, offset: 0.4 },
              { transform: 'scale(1.3)', opacity: 0 },
            ],
            { delay: t + 120, duration: 420 }
          );
        }
        played.push('repel');
        break;
      }
      case 'charge_changed': {
        const el = pieceAt(pick(ev, 'at', 'square'))?.querySelector('.charge');
        anim(el, [{ transform: 'scale(1)' }, { transform: 'scale(1.6)', offset: 0.4 }, { transform: 'scale(1)' }], {
          delay: t,
          duration: 360,
          fill: 'none',
        });
        break;
      }
      case 'zone_bonus': {
        run(
          place(h('div', { class: 'fx-spark zone' }), sqOf(ev), 1),
          [
            { transform: 'scale(0.4)', opacity: 0 },
            { transform: 'scale(1.1)', opacity: 1, offset: 0.4 },
            { transform: 'scale(1.5)', opacity: 0 },
          ],
          { delay: t, duration: 600 }
        );
        played.push('zone');
        break;
      }
      case 'anomaly_triggered': {
        const sq = sqOf(ev);
        const icon = table.cells.get(sq)?.querySelector('.anomaly')?.cloneNode(true);
        if (icon) {
          icon.classList.remove('corner');
          run(
            place(h('div', { class: 'fx-anomaly' }, icon), sq, 1),
            [
              { transform: 'scale(0.6)', opacity: 0 },
              { transform: 'scale(1.6)', opacity: 1, offset: 0.4 },
              { transform: 'scale(2.2)', opacity: 0 },
            ],
            { delay: t, duration: 700 }
          );
        }
        played.push('anomaly');
        break;
      }
      case 'teleported': {
        const { from, to } = ev;
        if (!to) break;
        const piece = final[to] || before[from] || { owner: 1, charge: 0, idle: 0 };
        const g = ghost(piece, from);
        if (g) g.style.opacity = '0';
        run(
          g,
          [
            { transform: 'scale(1) rotate(0)', opacity: 1 },
            { transform: 'scale(0) rotate(540deg)', opacity: 0 },
          ],
          { delay: t, duration: 420, fill: 'forwards' }
        );
        run(
          place(h('div', { class: 'fx-portal' }), from, 1.1),
          [
            { transform: 'scale(0) rotate(0)', opacity: 0 },
            { transform: 'scale(1) rotate(180deg)', opacity: 1, offset: 0.5 },
            { transform: 'scale(0) rotate(360deg)', opacity: 0 },
          ],
          { delay: t, duration: 700 }
        );
        run(
          place(h('div', { class: 'fx-portal' }), to, 1.1),
          [
            { transform: 'scale(0) rotate(0)', opacity: 0 },
            { transform: 'scale(1) rotate(-180deg)', opacity: 1, offset: 0.5 },
            { transform: 'scale(0) rotate(-360deg)', opacity: 0 },
          ],
          { delay: t + 250, duration: 700 }
        );
        anim(
          pieceAt(to),
          [
            { transform: 'scale(0) rotate(-540deg)', opacity: 0 },
            { transform: 'none', opacity: 1 },
          ],
          { delay: t + 300, duration: 420, fill: 'backwards' }
        );
        played.push('teleport');
        break;
      }
      case 'exploded': {
        const sq = sqOf(ev);
        shatter(sq, t, true, ownerOf(ev));
        run(
          place(h('div', { class: 'fx-burst' }), sq, 1.5),
          [
            { transform: 'scale(0.15)', opacity: 0 },
            { transform: 'scale(1)', opacity: 1, offset: 0.2 },
            { transform: 'scale(1.5)', opacity: 0.85, offset: 0.55 },
            { transform: 'scale(2.1)', opacity: 0 },
          ],
          { delay: t + 200, duration: 900 }
        );
        run(
          place(h('div', { class: 'fx-flash' }), sq, 3),
          [{ opacity: 0 }, { opacity: 0.9, offset: 0.15 }, { opacity: 0 }],
          { delay: t + 200, duration: 500 }
        );
        anim(
          table.boardEl,
          [
            { transform: 'none' },
            { transform: 'translate(3px,-2px)' },
            { transform: 'translate(-3px,2px)' },
            { transform: 'translate(2px,1px)' },
            { transform: 'none' },
          ],
          { delay: t + 220, duration: 320, fill: 'none' }
        );
        played.push(`explode:${sq}`);
        break;
      }
      case 'wave': {
        const center = pick(ev, 'center', 'at', 'square');
        run(
          place(h('div', { class: 'fx-shock' }), center, 1),
          [
            { transform: 'scale(0.4)', opacity: 0.9 },
            { transform: 'scale(3.2)', opacity: 0 },
          ],
          { delay: t, duration: 650, easing: 'ease-out' }
        );
        const hits = new Set(waveHits(ev));
        for (const sq of waveSquares(ev)) {
          run(
            place(h('div', { class: `fx-wave${hits.has(sq) ? ' hit' : ''}` }), sq, 1),
            [{ opacity: 0 }, { opacity: 1, offset: 0.3 }, { opacity: 0 }],
            { delay: t + 80, duration: 600 }
          );
          if (hits.has(sq)) {
            anim(
              pieceAt(sq),
              [
                { transform: 'none' },
                { transform: 'translate(-2px,0) scale(0.92)' },
                { transform: 'translate(2px,0)' },
                { transform: 'none' },
              ],
              { delay: t + 120, duration: 300, fill: 'none' }
            );
          }
        }
        played.push(`wave:${center}`);
        break;
      }
      case 'destroyed': {
        shatter(sqOf(ev), Math.max(0, t - 300));
        played.push('destroy');
        break;
      }
      case 'swapped': {
        const a = pick(ev, 'a', 'from');
        const b = pick(ev, 'b', 'to');
        for (const [x, y] of [
          [a, b],
          [b, a],
        ]) {
          const [dx, dy] = offset(y, x);
          anim(pieceAt(x), [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
            delay: t,
            duration: 360,
            fill: 'backwards',
          });
        }
        played.push('swap');
        break;
      }
      case 'idle_decay': {
        run(
          place(h('div', { class: 'fx-ring decay' }), sqOf(ev), 1),
          [
            { transform: 'scale(1.3)', opacity: 0 },
            { transform: 'scale(0.9)', opacity: 1, offset: 0.5 },
            { transform: 'scale(0.7)', opacity: 0 },
          ],
          { delay: t, duration: 600 }
        );
        break;
      }
      case 'anomalies_reshuffled': {
        for (const el of table.boardEl.querySelectorAll('.anomaly')) {
          anim(
            el,
            [
              { transform: 'scale(0) rotate(-180deg)', opacity: 0 },
              { transform: 'none', opacity: 1 },
            ],
            { delay: t, duration: 500, fill: 'backwards' }
          );
        }
        played.push('reshuffle');
        break;
      }
      default:
        break;
    }
  });
  t = times.length ? times[times.length - 1] + (STEP_MS[events[events.length - 1].type] || 0) : 0;
  // Any ghost not consumed by an event fades out once the timeline ends.
  for (const g of ghosts.values()) run(g, [{ opacity: 1 }, { opacity: 0 }], { delay: t, duration: 200 });
  table.boardWrap.dataset.fx = played.join(' ');
  table.fxCount = (table.fxCount || 0) + 1;
  table.boardWrap.dataset.fxCount = String(table.fxCount);
  // When each event's effect starts and when the whole timeline ends (ms, after the
  // reduced-motion factor), so the table can update its numbers as each animation lands.
  return { times: times.map((x) => x * speed), total: t * speed };
}
