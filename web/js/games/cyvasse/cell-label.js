// The accessible name of a Cyvasse square, read by screen readers as the cursor reaches it:
// the square, its terrain, its piece (whose, what, armor left, Tower protection, capturable)
// and what the board marks on it, e.g. "f4, your Trebuchet, armor 0, can capture here".
import { tx } from './text.js';

// The marks a square may carry, in the order they are read.
export const MARKS = ['zone', 'spear', 'selected', 'target', 'capture', 'last'];

// sq: the square; terrain: 'mountain' | 'water' | null; piece: {kind, owner, armor?, protected?,
// capturable?} or null; seat: the viewer's seat (null for a spectator); marks: a set (or list)
// of MARKS that apply.
export function cellLabel({ sq, terrain = null, piece = null, seat = null, marks = [] }) {
  const parts = [sq];
  if (terrain) parts.push(tx(`terrain.${terrain}`));
  if (piece) {
    const kind = tx(`kind.${piece.kind}`);
    parts.push(
      piece.owner === seat ? tx('cell.own', { kind }) : tx('cell.other', { kind, player: tx(`seat.${piece.owner}`) })
    );
    if (piece.armor != null) parts.push(tx('cell.armor', { n: Math.max(0, piece.armor) }));
    if (piece.protected) parts.push(tx('cell.protected'));
    if (piece.capturable) parts.push(tx('cell.capturable'));
  }
  const on = new Set(marks);
  for (const m of MARKS) if (on.has(m)) parts.push(tx(`cell.${m}`));
  return parts.join(', ');
}
