// A TAIXU piece as drawn on the board and by the animations (board.js and fx.js both use it;
// neither imports the other's module for it).
import { h } from '../../dom.js';
import { tx } from './text.js';

// The piece disc: owner colour, charge number, charge ring, idle pips.
export function pieceEl(p) {
  const ring = [];
  for (let i = 0; i < 4; i++) ring.push(h('i', { class: i < p.charge ? 'on' : '' }));
  return h(
    'span',
    { class: `piece p${p.owner} c${Math.min(p.charge, 5)}`, dataset: { charge: p.charge } },
    h('span', { class: 'ring', 'aria-hidden': 'true' }, ring),
    h('span', { class: 'charge', 'aria-hidden': 'true' }, String(p.charge)),
    p.idle
      ? h(
          'span',
          { class: `idle i${p.idle}`, 'aria-hidden': 'true', title: tx('idle', { n: p.idle }) },
          Array.from({ length: p.idle }, () => h('i'))
        )
      : null
  );
}
