// QU4DRI's How to play page (the shell's how-to-play.js draws it): its sections, from
// ../shared/rules/quadri.md, and its diagrams, small positions on the opening grid drawn by
// QU4DRI's own table with a predictor selected and where it may land. The moves shown are
// written out here for these pictures only; in a match the server's legal list decides.
import { cellName } from './text.js';

const MOONS = ['new', 'waxing', 'full', 'waning'];
const DIRS = ['N', 'E', 'S', 'W'];

// A view of Green to move on the opening grid (the dark cells of b2–i9: Green talismans on
// even ranks, Red on odd ones, every one on its energy side) with predictors {cell: [owner,
// queen?]} and revealed talismans {cell: value} shown on their location side.
function view(predictors, revealed = {}) {
  const tiles = {};
  const count = { green: 0, red: 0 }; // each aura has each moon × direction pair once
  for (let r = 1; r <= 8; r++) {
    for (let f = 1; f <= 8; f++) {
      if ((f + r) % 2) continue;
      const c = cellName(f, r);
      const aura = (r + 1) % 2 ? 'red' : 'green';
      const j = count[aura]++;
      const value = revealed[c];
      tiles[c] = {
        aura,
        moon: MOONS[j % 4],
        dir: DIRS[((j >> 2) + j) % 4],
        side: value ? 'location' : 'energy',
        revealed: !!value,
        ...(value ? { value } : {}),
      };
    }
  }
  return {
    game: 'quadri',
    to_move: 1,
    energy: [32, 32],
    hand: [4, 4],
    on_grid: [0, 0],
    quiet_actions: 0,
    last_row: [9, 2],
    options: { majority: false, quiet_limit: 80 },
    outcome: null,
    tiles,
    predictors: Object.fromEntries(
      Object.entries(predictors).map(([c, [owner, queen = false]]) => [c, { owner, queen }])
    ),
  };
}

// Moves along the given paths (the first cell is the predictor's).
const moves = (...paths) => paths.map((path) => ({ type: 'move', path, captures: path.length > 2 || undefined }));

export const HOW_TO_PLAY = {
  summary: 'howto.summary',
  sections: [
    { title: 'howto.goal.title', text: ['howto.goal.1', 'howto.goal.2'] },
    { title: 'howto.grid.title', text: ['howto.grid.1', 'howto.grid.2', 'howto.grid.3'] },
    {
      title: 'howto.turn.title',
      text: ['howto.turn.1'],
      list: ['howto.turn.move', 'howto.turn.capture', 'howto.turn.drop', 'howto.turn.flip', 'howto.turn.shift'],
      diagrams: [
        {
          view: view({ d4: [1], f4: [1], e7: [2] }),
          seat: 1,
          select: 'd4',
          legal: moves(['d4', 'c5'], ['d4', 'e5'], ['f4', 'e5'], ['f4', 'g5']),
          caption: 'howto.turn.fig',
        },
      ],
    },
    {
      title: 'howto.capture.title',
      text: ['howto.capture.1', 'howto.capture.2'],
      diagrams: [
        {
          view: view({ c3: [1], d4: [2], f6: [2] }),
          seat: 1,
          select: 'c3',
          legal: [{ type: 'move', path: ['c3', 'e5', 'g7'], captures: 2 }],
          caption: 'howto.capture.fig',
        },
      ],
    },
    {
      title: 'howto.score.title',
      text: ['howto.score.1', 'howto.score.2'],
      diagrams: [
        {
          view: view({ d4: [1], e5: [2], e3: [1], f4: [2] }, { h2: 3 }),
          seat: 1,
          legal: [
            { type: 'move', path: ['d4', 'f6'], captures: 1 },
            { type: 'move', path: ['e3', 'g5'], captures: 1 },
          ],
          caption: 'howto.score.fig',
        },
      ],
    },
    {
      title: 'howto.promote.title',
      text: ['howto.promote.1'],
      diagrams: [
        {
          view: view({ h8: [1], c5: [1, true], d8: [2] }),
          seat: 1,
          select: 'h8',
          legal: moves(['h8', 'g9'], ['h8', 'i9']),
          caption: 'howto.promote.fig',
        },
      ],
    },
  ],
};
