// Cyvasse's How to play page (the shell's how-to-play.js draws it): its sections, from
// ../shared/rules/cyvasse.md, and its diagrams, small positions drawn by Cyvasse's own table
// with a piece selected and where it may go. Armor, the Tower's protection and the walks are
// worked out here from the rules for these pictures only; in a match the server decides.
import { FILES, KINDS } from './text.js';

const ARMOR = {
  king: 1,
  tower: 2,
  dragon: 2,
  trebuchet: 0,
  crossbow: 0,
  elephant: 2,
  heavy_horse: 2,
  light_horse: 1,
  spearman: 1,
  militia: 1,
};
const MOVE = {
  king: 1,
  tower: 0,
  dragon: 4,
  trebuchet: 1,
  crossbow: 2,
  elephant: 1,
  heavy_horse: 2,
  light_horse: 3,
  spearman: 1,
  militia: 1,
};
const TERRAIN = { mountains: ['b5', 'e5', 'f6', 'i6'], water: ['d5', 'h5', 'c6', 'g6'] };

const at = (sq) => [FILES.indexOf(sq[0]), Number(sq.slice(1))];
const name = (x, y) => (x >= 0 && x < 10 && y >= 1 && y <= 10 ? `${FILES[x]}${y}` : null);
const around = (sq) => {
  const [x, y] = at(sq);
  return [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => (dx || dy ? name(x + dx, y + dy) : null))).filter(Boolean);
};

// A play-phase view, player 1 to move, of pieces {square: [owner, kind, attackers?]} on the
// standard terrain: each piece's remaining armor (its armor less its attackers), whether its
// own Tower stands next to it, and so whether it can be captured.
function view(pieces) {
  const out = {};
  for (const [sq, [owner, kind, attackers = 0]] of Object.entries(pieces)) {
    const guarded = kind !== 'tower' && around(sq).some((n) => pieces[n]?.[0] === owner && pieces[n]?.[1] === 'tower');
    const armor = ARMOR[kind] - attackers;
    out[sq] = { owner, kind, armor, protected: guarded, capturable: armor <= 0 && !guarded, attacks: [], zone: [] };
  }
  return {
    game: 'cyvasse',
    phase: 'play',
    submitted: [true, true],
    to_move: 1,
    quiet_turns: 0,
    options: { terrain: 'default', quiet_limit: 100 },
    terrain: TERRAIN,
    pieces: out,
    outcome: null,
  };
}

// The empty squares the piece on from may walk to in v (rules §4): king steps up to its move
// value, through its own pieces (not the Elephant), never through enemies or onto mountains
// (the Dragon flies over them), a water square ending the walk (not the Dragon's).
function walks(v, from) {
  const p = v.pieces[from];
  const flies = p.kind === 'dragon';
  const seen = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const sq = queue.shift();
    const d = seen.get(sq);
    if (d === MOVE[p.kind] || (sq !== from && !flies && TERRAIN.water.includes(sq))) continue;
    for (const n of around(sq)) {
      const q = v.pieces[n];
      if (
        seen.has(n) ||
        (q && (q.owner !== p.owner || p.kind === 'elephant')) ||
        (!flies && TERRAIN.mountains.includes(n))
      )
        continue;
      seen.set(n, d + 1);
      queue.push(n);
    }
  }
  return [...seen.keys()]
    .filter((sq) => !v.pieces[sq] && !TERRAIN.mountains.includes(sq))
    .map((to) => ({ type: 'move', from, to }));
}

// A diagram of v with the piece on select selected, its walks and the captures given.
const moving = (v, select, caption, captures = []) => ({
  view: v,
  seat: 1,
  select,
  caption,
  legal: [
    ...walks(v, select),
    ...captures.map(([to, ranged]) => ({ type: 'move', from: select, to, capture: true, ranged })),
  ],
});

// White's standard formation (rules §3).
const STANDARD = view({
  a1: [1, 'light_horse'],
  b1: [1, 'heavy_horse'],
  c1: [1, 'elephant'],
  d1: [1, 'trebuchet'],
  e1: [1, 'king'],
  f1: [1, 'tower'],
  g1: [1, 'dragon'],
  h1: [1, 'elephant'],
  i1: [1, 'heavy_horse'],
  j1: [1, 'light_horse'],
  b2: [1, 'crossbow'],
  c2: [1, 'spearman'],
  d2: [1, 'militia'],
  e2: [1, 'militia'],
  f2: [1, 'militia'],
  g2: [1, 'militia'],
  h2: [1, 'spearman'],
  i2: [1, 'crossbow'],
  e3: [1, 'spearman'],
});
const WALK = view({ d3: [1, 'light_horse'], d4: [1, 'militia'], f4: [2, 'militia'] });
const ARMOR_DEMO = view({
  d4: [1, 'light_horse'],
  g2: [1, 'dragon'],
  g3: [1, 'militia', 1],
  g4: [2, 'heavy_horse', 2],
  b8: [2, 'tower'],
  c8: [2, 'king'],
});
const SHOT = view({ e3: [1, 'trebuchet'], e6: [2, 'militia', 1] });

export const HOW_TO_PLAY = {
  summary: 'howto.summary',
  sections: [
    { title: 'howto.goal.title', text: ['howto.goal.1', 'howto.goal.2'] },
    {
      title: 'howto.setup.title',
      text: ['howto.setup.1', 'howto.setup.2'],
      diagrams: [{ view: STANDARD, seat: 1, caption: 'howto.setup.fig' }],
    },
    {
      title: 'howto.army.title',
      text: ['howto.army.1'],
      list: KINDS.map((k) => `howto.army.${k}`),
    },
    {
      title: 'howto.move.title',
      text: ['howto.move.1', 'howto.move.2'],
      diagrams: [moving(WALK, 'd3', 'howto.move.fig')],
    },
    {
      title: 'howto.armor.title',
      text: ['howto.armor.1', 'howto.armor.2'],
      diagrams: [moving(ARMOR_DEMO, 'd4', 'howto.armor.fig', [['g4', false]])],
    },
    {
      title: 'howto.special.title',
      text: ['howto.special.1'],
      diagrams: [moving(SHOT, 'e3', 'howto.special.fig', [['e6', true]])],
    },
  ],
};
