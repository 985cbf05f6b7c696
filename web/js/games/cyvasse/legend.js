// Cyvasse's legend: what the board's terrain and marks mean, each pictured the way the board
// draws it (terrain.js, piece.js). index.js gives it to the shell (rules panel, How to play
// page); board.js shows it beside the board after the pieces' glyphs.
import { terrainSwatch } from './terrain.js';
import { pieceEl } from './piece.js';

export const LEGEND = [
  { draw: () => terrainSwatch('mountain'), name: 'terrain.mountain', label: 'legend.mountain' },
  { draw: () => terrainSwatch('water'), name: 'terrain.water', label: 'legend.water' },
  { mark: 'swatch cy-spear', label: 'legend.spear' },
  {
    draw: () => pieceEl({ kind: 'king', owner: 1, armor: 1, protected: true }),
    name: 'legend.protected.name',
    label: 'legend.protected',
  },
  {
    draw: () => pieceEl({ kind: 'militia', owner: 2, armor: 0, capturable: true }),
    name: 'legend.armor.name',
    label: 'legend.armor',
  },
  { mark: 'swatch cy-target', label: 'legend.target' },
  { mark: 'swatch cy-capture', label: 'legend.capture' },
];
