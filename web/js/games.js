// The games this client knows: their names, options form, and table (board UI) class.
// Cyvasse and QU4DRI slot in here, with the same page structure, once their engines exist.
import { TaixuTable } from './taixu/board.js';
import { describe as describeTaixu } from './taixu/events.js';

export const GAMES = [
  {
    id: 'taixu',
    available: true,
    Table: TaixuTable,
    describe: describeTaixu,
    // Option fields of the create form: [name, kind, default, choices/range].
    options: [
      { name: 'reserve', label: 'opt.reserve', kind: 'number', min: 4, max: 16, value: 8 },
      { name: 'destroyed_pieces', label: 'opt.destroyed', kind: 'select', value: 'reserve',
        choices: [['reserve', 'opt.destroyed.reserve'], ['removed', 'opt.destroyed.removed']] },
    ],
  },
  { id: 'cyvasse', available: false },
  { id: 'quadri', available: false },
];

// The game entry for a server game name, or undefined.
export const gameById = (id) => GAMES.find((g) => g.id === id);
