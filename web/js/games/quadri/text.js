// QU4DRI's id and translator for its own string keys (registered under its namespace).
import { gameTranslator } from '../../i18n.js';
import { playerNames } from '../../game-module.js';

export const GAME_ID = 'quadri';

// The current-language string for one of QU4DRI's own keys (strings.js).
export const tx = gameTranslator(GAME_ID);

// playerName(n, seat, names): "Green" / "Red" ("Verde" / "Vermelho"), or the player's name when
// names (seat → display name) has one; with "(you)" for the viewer's own seat.
export const playerName = playerNames(tx);

// Cell names a1..j10 and their coordinates (file 0..9, rank 0..9).
export const FILES = 'abcdefghij';
export const cellName = (f, r) => `${FILES[f]}${r + 1}`;
export const coords = (c) => [FILES.indexOf(c[0]), Number(c.slice(1)) - 1];
export const isDark = (c) => {
  const [f, r] = coords(c);
  return (f + r) % 2 === 0;
};
