// QU4DRI's web module: the one descriptor the shell knows it by (contract in web/js/games.js).
import { QuadriTable } from './board.js';
import { describe, isTurnMarker } from './events.js';
import { HOW_TO_PLAY } from './howto.js';
import { LEGEND } from './legend.js';
import { STRINGS } from './strings.js';
import { moduleFiles, seatNames } from '../../game-module.js';
import { GAME_ID, tx } from './text.js';

const ART = (() => {
  const cells = [];
  for (let y = 0; y < 4; y++)
    for (let x = 0; x < 4; x++) {
      if ((x + y) % 2) continue;
      cells.push(
        `<rect x="${x * 10 + 2}" y="${y * 10 + 2}" width="8" height="8" rx="1.5" transform="rotate(45 ${x * 10 + 6} ${y * 10 + 6})" fill="${y % 2 ? '#b91c1c' : '#15803d'}"/>`
      );
    }
  return `<svg viewBox="0 0 42 42" width="48" height="48">${cells.join('')}<circle cx="16" cy="16" r="3.5" fill="#4ade80"/><circle cx="26" cy="26" r="3.5" fill="#f87171"/></svg>`;
})();

export const quadri = {
  id: GAME_ID,
  Table: QuadriTable,
  describe,
  isTurnMarker,
  rules: {
    summary: ['rules.goal', 'rules.capture', 'rules.score', 'rules.values', 'rules.talisman', 'rules.promote'],
    legend: LEGEND,
  },
  // The How to play page (how-to-play.js): sections with diagrams drawn by QuadriTable.
  howToPlay: HOW_TO_PLAY,
  options: [
    { name: 'majority', label: 'opt.majority', kind: 'boolean', value: false },
    { name: 'quiet_limit', label: 'opt.quiet_limit', kind: 'number', min: 1, max: 10000, value: 80 },
  ],
  strings: STRINGS,
  ...moduleFiles(import.meta.url, './quadri.css'), // stylesheet, lessons, puzzles
  seats: [1, 2],
  // The live list's progress line: each side's energy.
  progressText: (p) => (p.energy ? tx('list.energy', { a: p.energy[0], b: p.energy[1] }) : ''),
  seatName: seatNames(STRINGS),
  art: ART,
};
