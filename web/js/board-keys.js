// The keys the game boards share for keyboard play. A board is an ARIA grid (role grid, its rows
// role row, its cells role gridcell, each a button): the arrow keys move a cursor over the cells
// (Home and End to the ends of the row, Page Up and Page Down to the ends of the column), Enter or
// Space acts on the cursor's cell (the cell's own click), Escape cancels, M cycles the game's
// action mode (Shift+M backwards) and Delete or Backspace takes back what the cursor's cell holds
// where a game allows it. The cursor is a roving tabindex: one cell of the board is in the tab
// order, and it keeps the focus while the board is redrawn. No game is named here.

// The {row, col} key leads to from {row, col} on a grid of rows × cols (clamped to its edges), or
// null when key moves no cursor.
export function stepCell(key, { row, col }, { rows, cols }) {
  const clamp = (v, n) => Math.min(n - 1, Math.max(0, v));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(row - 1, rows), col };
    case 'ArrowDown':
      return { row: clamp(row + 1, rows), col };
    case 'ArrowLeft':
      return { row, col: clamp(col - 1, cols) };
    case 'ArrowRight':
      return { row, col: clamp(col + 1, cols) };
    case 'Home':
      return { row, col: 0 };
    case 'End':
      return { row, col: cols - 1 };
    case 'PageUp':
      return { row: 0, col };
    case 'PageDown':
      return { row: rows - 1, col };
    default:
      return null;
  }
}

// What a keydown e ({key, shiftKey, altKey, ctrlKey, metaKey}) on a board cell asks for: 'cursor',
// 'cancel', 'mode' (the next action mode), 'mode-back' (the previous one), 'remove', or null
// (Enter and Space are left to the cell's button).
export function keyIntent(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  if (stepCell(e.key, { row: 0, col: 0 }, { rows: 1, cols: 1 })) return 'cursor';
  if (e.key === 'Escape') return 'cancel';
  if (e.key === 'm' || e.key === 'M') return e.shiftKey ? 'mode-back' : 'mode';
  if (e.key === 'Delete' || e.key === 'Backspace') return 'remove';
  return null;
}

// The cell element the cursor key leads to from cell on the grid element board (its children
// are the rows, theirs the cells), or null.
export function cellAfterKey(board, cell, key) {
  const rows = [...board.children];
  const row = rows.indexOf(cell.parentElement);
  const col = [...cell.parentElement.children].indexOf(cell);
  if (row < 0 || col < 0) return null;
  const to = stepCell(key, { row, col }, { rows: rows.length, cols: cell.parentElement.children.length });
  return to ? (rows[to.row].children[to.col] ?? null) : null;
}

// The item after current in list (dir -1: before it), wrapping round; the first (or last) when
// current is not in the list; undefined for an empty list.
export function cycle(list, current, dir = 1) {
  if (!list.length) return undefined;
  const i = list.indexOf(current);
  if (i < 0) return dir < 0 ? list[list.length - 1] : list[0];
  return list[(i + dir + list.length) % list.length];
}

// Makes the cell named cursor of cells (a Map name → element) the board's one tab stop.
export function rove(cells, cursor) {
  for (const [name, el] of cells) el.tabIndex = name === cursor ? 0 : -1;
}

// True when the keyboard focus is nowhere (the page itself) or inside root: a redraw or a
// change of the shown board may then move it.
export function focusMayMove(root) {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || root.contains(a);
}
