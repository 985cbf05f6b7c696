// TAIXU's web module: the one descriptor the shell knows it by (see web/js/games.js for the
// contract). Everything TAIXU-specific on the client lives in this folder.
import { TaixuTable } from './board.js';
import { describe, isTurnMarker, sounds } from './events.js';
import { ANOMALY_EFFECTS } from './geometry.js';
import { HOW_TO_PLAY } from './howto.js';
import { STRINGS } from './strings.js';
import { moduleFiles, seatNames } from '../../game-module.js';
import { GAME_ID, tx, playerName } from './text.js';

// The home card's small board picture (SVG markup).
const ART = (() => {
  const cells = [];
  for (let y = 0; y < 4; y++)
    for (let x = 0; x < 4; x++) {
      const core = (x === 1 || x === 2) && (y === 1 || y === 2);
      cells.push(
        `<rect x="${x * 10 + 1}" y="${y * 10 + 1}" width="9" height="9" rx="1.5" fill="${core ? '#7c3aed' : (x + y) % 2 ? '#262d57' : '#1c2147'}"/>`
      );
    }
  return `<svg viewBox="0 0 42 42" width="48" height="48">${cells.join('')}<rect x="1" y="31" width="9" height="9" rx="1.5" fill="#b7791f" opacity=".6"/><circle cx="15.5" cy="15.5" r="3.2" fill="#22d3ee"/><circle cx="25.5" cy="25.5" r="3.2" fill="#fb7185"/><circle cx="35.5" cy="5.5" r="3.2" fill="#22d3ee" opacity=".8"/></svg>`;
})();

export const taixu = {
  id: GAME_ID,
  Table: TaixuTable,
  describe,
  isTurnMarker,
  sounds,
  // The move list's turn heading: "Round 3 · Player 2" (the round of the view before the turn).
  turnTitle: ({ seat, view, viewer, names }) =>
    tx('turn_title', { round: view?.round ?? '?', player: playerName(seat, viewer, names) }),
  // "How to play": summary lines, then the legend of squares and anomalies (keys are TAIXU's;
  // name: the short name, label: what it does).
  rules: {
    summary: ['rules.goal', 'rules.pc', 'rules.move', 'rules.collapse', 'rules.zone', 'rules.idle'],
    legend: [
      { mark: 'swatch core', name: 'core', label: 'legend.core' },
      { mark: 'swatch zone', name: 'zone', label: 'legend.zone' },
      ...ANOMALY_EFFECTS.map((e) => ({
        mark: `anomaly static a-${e}`,
        icon: e,
        name: `anomaly.name.${e}`,
        label: `anomaly.${e}`,
      })),
    ],
  },
  // The How to play page (how-to-play.js): sections with diagrams drawn by TaixuTable.
  howToPlay: HOW_TO_PLAY,
  // The create form's fields, sent as the request's `options` (the engine checks them again).
  options: [
    { name: 'reserve', label: 'opt.reserve', kind: 'number', min: 4, max: 16, value: 8 },
    {
      name: 'destroyed_pieces',
      label: 'opt.destroyed',
      kind: 'select',
      value: 'reserve',
      choices: [
        ['reserve', 'opt.destroyed.reserve'],
        ['removed', 'opt.destroyed.removed'],
      ],
    },
  ],
  strings: STRINGS,
  ...moduleFiles(import.meta.url, './taixu.css'), // stylesheet, lessons, puzzles
  seats: [1, 2],
  // The name of a seat ("Player 1" / "Jogador 1") in lang (a key of strings).
  seatName: seatNames(STRINGS),
  art: ART,
};
