// Cyvasse's web module: the one descriptor the shell knows it by (contract in web/js/games.js).
import { CyvasseTable } from './board.js';
import { describe, isTurnMarker } from './events.js';
import { HOW_TO_PLAY } from './howto.js';
import { LEGEND } from './legend.js';
import { SPRITE } from './terrain.js';
import { STRINGS } from './strings.js';
import { moduleFiles, seatNames } from '../../game-module.js';
import { GAME_ID, tx } from './text.js';

// The home card's picture: the board's own mountain and water marks (terrain.svg).
const ART = `<svg viewBox="0 0 42 42" width="48" height="48"><path d="M21 3 39 13v16L21 39 3 29V13z" fill="#1c2147" stroke="#3b4175"/><use href="${SPRITE}#mountain" x="10" y="8" width="22" height="22"/><rect x="11" y="28" width="20" height="7" rx="1.5" fill="#2563a8"/><use href="${SPRITE}#water" x="11" y="26.5" width="20" height="10"/></svg>`;

export const cyvasse = {
  id: GAME_ID,
  Table: CyvasseTable,
  describe,
  isTurnMarker,
  rules: {
    summary: ['rules.goal', 'rules.setup', 'rules.move', 'rules.armor', 'rules.special'],
    legend: LEGEND,
  },
  // The How to play page (how-to-play.js): sections with diagrams drawn by CyvasseTable.
  howToPlay: HOW_TO_PLAY,
  options: [
    {
      name: 'terrain',
      label: 'opt.terrain',
      kind: 'select',
      value: 'default',
      choices: [
        ['default', 'opt.terrain.default'],
        ['random', 'opt.terrain.random'],
      ],
    },
    { name: 'quiet_limit', label: 'opt.quiet', kind: 'number', min: 10, max: 1000, value: 100 },
  ],
  strings: STRINGS,
  ...moduleFiles(import.meta.url, './cyvasse.css'), // stylesheet, lessons, puzzles
  seats: [1, 2],
  // The live list's progress line: "Setting up", or the pieces left on each side.
  progressText: (p) =>
    p.phase === 'setup' ? tx('list.setup') : p.pieces ? tx('list.pieces', { a: p.pieces[0], b: p.pieces[1] }) : '',
  seatName: seatNames(STRINGS),
  art: ART,
};
