// Cyvasse's id, its translator, piece icons and square helpers.
import { gameTranslator } from '../../i18n.js';
import { playerNames } from '../../game-module.js';

export const GAME_ID = 'cyvasse';
export const tx = gameTranslator(GAME_ID);

export const FILES = 'abcdefghij'.split('');
export const KINDS = [
  'king',
  'tower',
  'dragon',
  'trebuchet',
  'crossbow',
  'elephant',
  'heavy_horse',
  'light_horse',
  'spearman',
  'militia',
];
export const COUNTS = {
  king: 1,
  tower: 1,
  dragon: 1,
  trebuchet: 1,
  crossbow: 2,
  elephant: 2,
  heavy_horse: 2,
  light_horse: 2,
  spearman: 3,
  militia: 4,
};
// Distinct glyphs a newcomer can tell apart (with the legend's names beside them); all in the
// common text fonts (no colour-emoji font needed).
export const GLYPH = {
  king: '♚',
  tower: '♜',
  dragon: '♆',
  trebuchet: '☄',
  crossbow: '➶',
  elephant: '♝',
  heavy_horse: '♞',
  light_horse: '♘',
  spearman: '↟',
  militia: '♟',
};

// playerName(n, seat, names): "Player 1" / "Player 2" (the game's seat names), or the player's
// name when names (seat → display name) has one; with "(you)" for the viewer's own seat; '?' for
// anything else.
export const playerName = playerNames(tx);
