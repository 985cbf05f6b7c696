// TAIXU board geometry used for drawing only (which squares are Core, Energy Zone, home edge).
// Legality never comes from here: the server's legal-action list decides what is allowed.

export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
export const RANKS = [1, 2, 3, 4, 5, 6, 7, 8];
export const CORE = new Set(['d4', 'e4', 'd5', 'e5']);
export const ZONES = new Set(['c3', 'f3', 'c6', 'f6']);
export const ANOMALY_EFFECTS = ['overload', 'echo', 'drain', 'rift', 'free_distortion'];

// Every square name in a1, b1, …, h8 order.
export const SQUARES = RANKS.flatMap((r) => FILES.map((f) => `${f}${r}`));

// [file index 0–7, rank index 0–7] of a square name such as "e4".
export function coords(sq) {
  return [sq.charCodeAt(0) - 97, Number(sq.slice(1)) - 1];
}

// The rank of each player's home edge (player 1 → 8, player 2 → 1).
export const homeRank = (player) => (player === 1 ? 8 : 1);

// Rows (ranks, top to bottom) and columns (files, left to right) as drawn for a viewer:
// each player sees their own home edge at the bottom (player 1: rank 8, the board turned
// half a turn); spectators see player 1's side.
export function orientation(seat) {
  const p1 = seat !== 2;
  return {
    ranks: p1 ? [...RANKS] : [...RANKS].reverse(),
    files: p1 ? [...FILES].reverse() : [...FILES],
  };
}
