// The accessible name of a QU4DRI cell, read by screen readers as the cursor reaches it: the
// cell, its talisman (aura, moon, direction, side, value) or an empty cell of the play area, its
// predictor (whose, pawn or queen) and what the board marks on it, e.g.
// "d4, green talisman, waxing moon, N, energy side up, value hidden, your pawn".
import { tx } from './text.js';
import { tileName } from './tile.js';

// The marks a cell may carry, in the order they are read.
export const MARKS = ['selected', 'path', 'step', 'drop', 'flip', 'shift_from', 'shift_to', 'can_capture', 'last'];

// cell: its name; tile: the view's talisman there or null; pred: {owner, queen} or null; dark: a
// cell that can hold a talisman; seat: the viewer's seat (null for a spectator); marks: a set
// (or list) of MARKS that apply.
export function cellLabel({ cell, tile = null, pred = null, dark = true, seat = null, marks = [] }) {
  const parts = [cell];
  if (tile) parts.push(tileName(tile));
  else if (dark) parts.push(tx('cell.ring'));
  if (pred) {
    const piece = pred.queen ? 'queen' : 'pawn';
    parts.push(
      pred.owner === seat ? tx(`cell.own.${piece}`) : tx(`cell.${piece}`, { player: tx(`seat.${pred.owner}`) })
    );
  }
  const on = new Set(marks);
  for (const m of MARKS) if (on.has(m)) parts.push(tx(`cell.${m}`));
  return parts.join(', ');
}
