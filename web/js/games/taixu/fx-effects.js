// The effect of each kind of server event on the animation timeline (fx.js): each draws on the
// stage (fx-stage.js) from its start time t (ms) and returns the name the board records for it
// (data-fx, read by the tests), or nothing.
import { h } from '../../dom.js';
import { pick, sqOf, ownerOf, waveSquares, waveHits } from './events.js';

// A piece appears on its square out of a ring.
function summoned(s, ev, t) {
  const sq = sqOf(ev);
  s.anim(
    s.pieceAt(sq),
    [
      { transform: 'scale(0) rotate(-90deg)', opacity: 0 },
      { transform: 'scale(1.15)', opacity: 1, offset: 0.7 },
      { transform: 'none' },
    ],
    { delay: t, duration: 380, fill: 'backwards' }
  );
  s.run(
    s.place(h('div', { class: 'fx-ring summon' }), sq, 1),
    [
      { transform: 'scale(0.3)', opacity: 1 },
      { transform: 'scale(1.4)', opacity: 0 },
    ],
    { delay: t, duration: 500 }
  );
  return 'summon';
}

// A piece slides from its square to another; if it leaves that one later (event i's successors),
// a ghost slides instead and waits there.
function moved(s, ev, t, i) {
  const { from, to } = ev;
  const el = s.pieceAt(to);
  const [dx, dy] = s.offset(from, to);
  const gone = s.leaves(to, i);
  if (el && gone == null) {
    s.anim(el, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      delay: t,
      duration: 300,
      easing: 'cubic-bezier(.3,.7,.3,1)',
    });
  } else {
    // The piece does not stay: a ghost slides in and waits there until it leaves.
    const owner = s.before[from]?.owner ?? ownerOf(ev);
    const g = s.ghost({ ...(s.before[from] || { owner, charge: 0, idle: 0 }), idle: 0 }, to);
    const dur = Math.max(320, (gone ?? t + 320) - t);
    s.run(
      g,
      [
        { transform: `translate(${dx}px, ${dy}px)` },
        { transform: 'none', offset: Math.min(1, 300 / dur) },
        { transform: 'none' },
      ],
      { delay: t, duration: dur }
    );
  }
  return 'move';
}

// The captured piece shatters inside a ring, a little before its moment.
function captured(s, ev, t) {
  s.shatter(pick(ev, 'at', 'square', 'to'), Math.max(0, t - 60));
  s.run(
    s.place(h('div', { class: 'fx-ring capture' }), pick(ev, 'at', 'square', 'to'), 1),
    [
      { transform: 'scale(0.5)', opacity: 1 },
      { transform: 'scale(1.5)', opacity: 0 },
    ],
    { delay: Math.max(0, t - 60), duration: 450 }
  );
  return 'capture';
}

// The repelled piece recoils towards its attacker and back; both squares ring.
function repelled(s, ev, t) {
  const { from, to } = ev;
  const [dx, dy] = s.offset(to, from);
  s.anim(
    s.pieceAt(from),
    [
      { transform: 'none' },
      { transform: `translate(${dx * 0.35}px, ${dy * 0.35}px)`, offset: 0.4 },
      { transform: 'none' },
    ],
    { delay: t, duration: 420, fill: 'none' }
  );
  for (const sq of [from, to]) {
    s.run(
      s.place(h('div', { class: 'fx-ring repel' }), sq, 1),
      [
        { transform: 'scale(0.8)', opacity: 0 },
        { transform: 'scale(1)', opacity: 1, offset: 0.4 },
        { transform: 'scale(1.3)', opacity: 0 },
      ],
      { delay: t + 120, duration: 420 }
    );
  }
  return 'repel';
}

// The piece's charge badge pulses.
function chargeChanged(s, ev, t) {
  const el = s.pieceAt(pick(ev, 'at', 'square'))?.querySelector('.charge');
  s.anim(el, [{ transform: 'scale(1)' }, { transform: 'scale(1.6)', offset: 0.4 }, { transform: 'scale(1)' }], {
    delay: t,
    duration: 360,
    fill: 'none',
  });
}

// A spark over the square of a zone bonus.
function zoneBonus(s, ev, t) {
  s.run(
    s.place(h('div', { class: 'fx-spark zone' }), sqOf(ev), 1),
    [
      { transform: 'scale(0.4)', opacity: 0 },
      { transform: 'scale(1.1)', opacity: 1, offset: 0.4 },
      { transform: 'scale(1.5)', opacity: 0 },
    ],
    { delay: t, duration: 600 }
  );
  return 'zone';
}

// The triggered anomaly's icon grows out of its square and fades.
function anomalyTriggered(s, ev, t) {
  const sq = sqOf(ev);
  const icon = s.table.cells.get(sq)?.querySelector('.anomaly')?.cloneNode(true);
  if (icon) {
    icon.classList.remove('corner');
    s.run(
      s.place(h('div', { class: 'fx-anomaly' }, icon), sq, 1),
      [
        { transform: 'scale(0.6)', opacity: 0 },
        { transform: 'scale(1.6)', opacity: 1, offset: 0.4 },
        { transform: 'scale(2.2)', opacity: 0 },
      ],
      { delay: t, duration: 700 }
    );
  }
  return 'anomaly';
}

// The piece spins away into a portal on its square and out of another on its destination.
function teleported(s, ev, t) {
  const { from, to } = ev;
  if (!to) return undefined;
  const piece = s.final[to] || s.before[from] || { owner: 1, charge: 0, idle: 0 };
  const g = s.ghost(piece, from);
  if (g) g.style.opacity = '0';
  s.run(
    g,
    [
      { transform: 'scale(1) rotate(0)', opacity: 1 },
      { transform: 'scale(0) rotate(540deg)', opacity: 0 },
    ],
    { delay: t, duration: 420, fill: 'forwards' }
  );
  s.run(
    s.place(h('div', { class: 'fx-portal' }), from, 1.1),
    [
      { transform: 'scale(0) rotate(0)', opacity: 0 },
      { transform: 'scale(1) rotate(180deg)', opacity: 1, offset: 0.5 },
      { transform: 'scale(0) rotate(360deg)', opacity: 0 },
    ],
    { delay: t, duration: 700 }
  );
  s.run(
    s.place(h('div', { class: 'fx-portal' }), to, 1.1),
    [
      { transform: 'scale(0) rotate(0)', opacity: 0 },
      { transform: 'scale(1) rotate(-180deg)', opacity: 1, offset: 0.5 },
      { transform: 'scale(0) rotate(-360deg)', opacity: 0 },
    ],
    { delay: t + 250, duration: 700 }
  );
  s.anim(
    s.pieceAt(to),
    [
      { transform: 'scale(0) rotate(-540deg)', opacity: 0 },
      { transform: 'none', opacity: 1 },
    ],
    { delay: t + 300, duration: 420, fill: 'backwards' }
  );
  return 'teleport';
}

// The piece blows up: it shatters hot, a burst and a flash cover its square, the board shakes.
function exploded(s, ev, t) {
  const sq = sqOf(ev);
  s.shatter(sq, t, true, ownerOf(ev));
  s.run(
    s.place(h('div', { class: 'fx-burst' }), sq, 1.5),
    [
      { transform: 'scale(0.15)', opacity: 0 },
      { transform: 'scale(1)', opacity: 1, offset: 0.2 },
      { transform: 'scale(1.5)', opacity: 0.85, offset: 0.55 },
      { transform: 'scale(2.1)', opacity: 0 },
    ],
    { delay: t + 200, duration: 900 }
  );
  s.run(
    s.place(h('div', { class: 'fx-flash' }), sq, 3),
    [{ opacity: 0 }, { opacity: 0.9, offset: 0.15 }, { opacity: 0 }],
    { delay: t + 200, duration: 500 }
  );
  s.anim(
    s.table.boardEl,
    [
      { transform: 'none' },
      { transform: 'translate(3px,-2px)' },
      { transform: 'translate(-3px,2px)' },
      { transform: 'translate(2px,1px)' },
      { transform: 'none' },
    ],
    { delay: t + 220, duration: 320, fill: 'none' }
  );
  return `explode:${sq}`;
}

// A shock wave spreads from its center over its squares; the pieces it hits shudder.
function wave(s, ev, t) {
  const center = pick(ev, 'center', 'at', 'square');
  s.run(
    s.place(h('div', { class: 'fx-shock' }), center, 1),
    [
      { transform: 'scale(0.4)', opacity: 0.9 },
      { transform: 'scale(3.2)', opacity: 0 },
    ],
    { delay: t, duration: 650, easing: 'ease-out' }
  );
  const hits = new Set(waveHits(ev));
  for (const sq of waveSquares(ev)) {
    s.run(
      s.place(h('div', { class: `fx-wave${hits.has(sq) ? ' hit' : ''}` }), sq, 1),
      [{ opacity: 0 }, { opacity: 1, offset: 0.3 }, { opacity: 0 }],
      { delay: t + 80, duration: 600 }
    );
    if (hits.has(sq)) {
      s.anim(
        s.pieceAt(sq),
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
  return `wave:${center}`;
}

// The destroyed piece shatters, well before its moment.
function destroyed(s, ev, t) {
  s.shatter(sqOf(ev), Math.max(0, t - 300));
  return 'destroy';
}

// Two pieces slide into each other's squares.
function swapped(s, ev, t) {
  const a = pick(ev, 'a', 'from');
  const b = pick(ev, 'b', 'to');
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    const [dx, dy] = s.offset(y, x);
    s.anim(s.pieceAt(x), [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      delay: t,
      duration: 360,
      fill: 'backwards',
    });
  }
  return 'swap';
}

// A ring closes over the square of a piece that lost charge by standing idle.
function idleDecay(s, ev, t) {
  s.run(
    s.place(h('div', { class: 'fx-ring decay' }), sqOf(ev), 1),
    [
      { transform: 'scale(1.3)', opacity: 0 },
      { transform: 'scale(0.9)', opacity: 1, offset: 0.5 },
      { transform: 'scale(0.7)', opacity: 0 },
    ],
    { delay: t, duration: 600 }
  );
}

// Every anomaly of the board spins into its new place.
function anomaliesReshuffled(s, ev, t) {
  for (const el of s.table.boardEl.querySelectorAll('.anomaly')) {
    s.anim(
      el,
      [
        { transform: 'scale(0) rotate(-180deg)', opacity: 0 },
        { transform: 'none', opacity: 1 },
      ],
      { delay: t, duration: 500, fill: 'backwards' }
    );
  }
  return 'reshuffle';
}

// The effect of each event type: (stage, event, start time, event index) => recorded name or nothing.
export const EFFECTS = new Map([
  ['summoned', summoned],
  ['moved', moved],
  ['captured', captured],
  ['repelled', repelled],
  ['charge_changed', chargeChanged],
  ['zone_bonus', zoneBonus],
  ['anomaly_triggered', anomalyTriggered],
  ['teleported', teleported],
  ['exploded', exploded],
  ['wave', wave],
  ['destroyed', destroyed],
  ['swapped', swapped],
  ['idle_decay', idleDecay],
  ['anomalies_reshuffled', anomaliesReshuffled],
]);
