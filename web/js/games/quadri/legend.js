// QU4DRI's legend: talismans of each aura on either side, the empty ring cells, pawns and
// queens, each pictured the way the board draws it (tile.js). index.js gives it to the shell
// (rules panel, How to play page).
import { cellSwatch } from './tile.js';

export const LEGEND = [
  {
    draw: () => cellSwatch({ tile: { aura: 'green', side: 'energy', moon: 'waxing', dir: 'N' } }),
    name: 'legend.green.name',
    label: 'legend.green',
  },
  {
    draw: () => cellSwatch({ tile: { aura: 'red', side: 'energy', moon: 'full', dir: 'E' } }),
    name: 'legend.red.name',
    label: 'legend.red',
  },
  {
    draw: () =>
      cellSwatch({ tile: { aura: 'green', side: 'location', moon: 'new', dir: 'S', value: 3, revealed: true } }),
    name: 'legend.location.name',
    label: 'legend.location',
  },
  { draw: () => cellSwatch(), name: 'legend.ring.name', label: 'legend.ring' },
  {
    draw: () => cellSwatch({ tile: { aura: 'red', side: 'energy', moon: 'waning', dir: 'W' }, pred: { owner: 1 } }),
    name: 'legend.pawn.name',
    label: 'legend.pawn',
  },
  {
    draw: () =>
      cellSwatch({ tile: { aura: 'green', side: 'energy', moon: 'new', dir: 'E' }, pred: { owner: 2, queen: true } }),
    name: 'legend.queen.name',
    label: 'legend.queen',
  },
];
