// A Cyvasse piece as drawn on the board and in the legends (board.js and legend.js both use
// it): the disc in its side's colours with the kind's glyph, the remaining-armor badge (red
// once the piece can be captured) and the ring of a piece its Tower protects.
import { h } from '../../dom.js';
import { tx, GLYPH } from './text.js';

// The piece p ({kind, owner, armor, capturable, protected}).
export function pieceEl(p) {
  const cls = `cy-piece p${p.owner}${p.capturable ? ' capturable' : ''}${p.protected ? ' protected' : ''}`;
  return h(
    'span',
    { class: cls, dataset: { kind: p.kind, owner: String(p.owner) } },
    h('span', { class: 'cy-glyph', 'aria-hidden': 'true' }, GLYPH[p.kind] || '?'),
    p.armor == null ? null : h('span', { class: 'cy-armor', 'aria-hidden': 'true' }, String(Math.max(0, p.armor)))
  );
}

// "King of White: armor 1 (protected by a Tower)".
export function pieceTitle(p) {
  const base = tx('piece.title', { kind: tx(`kind.${p.kind}`), player: tx(`seat.${p.owner}`), armor: p.armor ?? '–' });
  return p.protected ? base + tx('piece.protected') : base;
}
