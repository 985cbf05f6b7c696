// The benchmark's two-player game (games.cjs) as a boardgame.io game: shared by its server and
// the load generator's clients, as boardgame.io wants.
'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');
const { legal } = require('./games.cjs');

const duel = {
  name: 'duel',
  setup: () => ({ moves: 0, last: -1 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // client: false: the server alone applies it (no optimistic update on the player's side),
    // as Tabuleiro's players wait for the server's answer.
    play: {
      move: ({ G, ctx, playerID }, n) => {
        if (!legal(Number(ctx.currentPlayer) + 1, Number(playerID) + 1, n)) return INVALID_MOVE;
        G.moves += 1;
        G.last = n;
      },
      client: false,
    },
  },
};

module.exports = { duel };
