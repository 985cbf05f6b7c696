// TAIXU's How to play page (the shell's how-to-play.js draws it): its sections, from
// ../shared/rules/taixu.md, and its diagrams, small positions drawn by TAIXU's own table with
// a piece selected and where it may go. The squares a piece may shift to are worked out here
// from the rules (range by charge, straight lines, no jumping) for these pictures only; in a
// match the server's legal list decides.
import { FILES } from './geometry.js';

// A view of player 1 to move with pieces {square: [owner, charge]} and anomalies {square: effect}.
function view(pieces, anomalies = {}) {
  return {
    game: 'taixu',
    to_move: 1,
    round: 1,
    pc: 5,
    bonus: [0, 0],
    reserve: [8, 8],
    costs: { summon: 2, move: 1, stabilize: 2, swap: 3 },
    anomalies,
    outcome: null,
    pieces: Object.fromEntries(
      Object.entries(pieces).map(([sq, [owner, charge]]) => [sq, { owner, charge, idle: 0, moved: false }])
    ),
  };
}

// The shifts of the piece on from in v (rules §4.2): up to its range in straight lines, onto
// an empty square or an enemy not stronger than it, never past a piece.
function shifts(v, from) {
  const p = v.pieces[from];
  const [range, diagonal] =
    p.charge === 0 ? [1, false] : p.charge === 1 ? [2, false] : p.charge === 2 ? [2, true] : [3, true];
  const dirs = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    ...(diagonal
      ? [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ]
      : []),
  ];
  const out = [];
  for (const [dx, dy] of dirs) {
    for (let k = 1; k <= range; k++) {
      const x = FILES.indexOf(from[0]) + dx * k;
      const y = Number(from.slice(1)) + dy * k;
      if (x < 0 || x > 7 || y < 1 || y > 8) break;
      const to = `${FILES[x]}${y}`;
      const q = v.pieces[to];
      if (!q || (q.owner !== p.owner && q.charge <= p.charge)) out.push({ type: 'move', from, to });
      if (q) break;
    }
  }
  return out;
}

// A diagram of v with the piece on select selected and every shift it has.
const moving = (v, select, caption) => ({ view: v, seat: 1, select, legal: shifts(v, select), caption });

const MOVE = view({ e6: [1, 2], e4: [2, 3], g8: [1, 0] });
const COMBAT = view({ c5: [1, 3], e5: [2, 2], c3: [2, 3], a3: [2, 4] });
const COLLAPSE = view({ f7: [1, 3], g5: [2, 0], e6: [2, 1], e5: [2, 2] });
const ANOMALIES = view({ b7: [1, 1] }, { a6: 'overload', b5: 'echo', g7: 'drain', h4: 'rift', a2: 'free_distortion' });

export const HOW_TO_PLAY = {
  summary: 'howto.summary',
  sections: [
    {
      title: 'howto.goal.title',
      text: ['howto.goal.1', 'howto.goal.2'],
      diagrams: [
        {
          view: view({ d4: [1, 2], e4: [1, 3], d5: [1, 2], e5: [2, 1] }),
          seat: 1,
          lastTurn: [{ type: 'moved', from: 'd6', to: 'd5', player: 1 }],
          caption: 'howto.goal.fig',
        },
      ],
    },
    {
      title: 'howto.turn.title',
      text: ['howto.turn.1'],
      list: ['howto.turn.summon', 'howto.turn.move', 'howto.turn.stabilize', 'howto.turn.swap', 'howto.turn.end'],
    },
    {
      title: 'howto.move.title',
      text: ['howto.move.1'],
      list: ['howto.move.c0', 'howto.move.c1', 'howto.move.c2', 'howto.move.c3'],
      diagrams: [moving(MOVE, 'e6', 'howto.move.fig')],
    },
    { title: 'howto.combat.title', text: ['howto.combat.1'], diagrams: [moving(COMBAT, 'c5', 'howto.combat.fig')] },
    {
      title: 'howto.collapse.title',
      text: ['howto.collapse.1', 'howto.collapse.2'],
      diagrams: [
        {
          view: COLLAPSE,
          seat: 1,
          select: 'f7',
          legal: [{ type: 'move', from: 'f7', to: 'f6' }],
          caption: 'howto.collapse.fig',
        },
      ],
    },
    {
      title: 'howto.places.title',
      text: ['howto.places.1', 'howto.places.2'],
      diagrams: [moving(ANOMALIES, 'b7', 'howto.places.fig')],
    },
    { title: 'howto.idle.title', text: ['howto.idle.1'] },
  ],
};
