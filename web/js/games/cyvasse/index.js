// Cyvasse's web module: the one descriptor the shell knows it by (contract in web/js/games.js).
import { CyvasseTable } from './board.js';
import { describe, isTurnMarker } from './events.js';
import { LEGEND } from './legend.js';
import { STRINGS } from './strings.js';
import { GAME_ID, tx } from './text.js';

const ART = '<svg viewBox="0 0 42 42" width="48" height="48"><path d="M21 3 39 13v16L21 39 3 29V13z" fill="#1c2147" stroke="#3b4175"/><path d="M12 28l6-10 4 6 3-4 6 8z" fill="#4b5563"/><path d="M9 31h24" stroke="#38bdf8" stroke-width="2"/></svg>';

export const cyvasse = {
  id: GAME_ID,
  Table: CyvasseTable,
  describe,
  isTurnMarker,
  rules: {
    summary: ['rules.goal', 'rules.setup', 'rules.move', 'rules.armor', 'rules.special'],
    legend: LEGEND,
  },
  options: [
    { name: 'terrain', label: 'opt.terrain', kind: 'select', value: 'default',
      choices: [['default', 'opt.terrain.default'], ['random', 'opt.terrain.random']] },
    { name: 'quiet_limit', label: 'opt.quiet', kind: 'number', min: 10, max: 1000, value: 100 },
  ],
  strings: STRINGS,
  stylesheet: new URL('./cyvasse.css', import.meta.url).href,
  seats: [1, 2],
  // The live list's progress line: "Setting up", or the pieces left on each side.
  progressText: (p) => (p.phase === 'setup' ? tx('list.setup') : p.pieces ? tx('list.pieces', { a: p.pieces[0], b: p.pieces[1] }) : ''),
  seatName: (seat, lang = 'en') => (STRINGS[lang] || STRINGS.en)[`seat.${seat}`] ?? String(seat),
  art: ART,
};
