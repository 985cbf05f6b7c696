#!/usr/bin/env node
// Colyseus 0.16 hosting the benchmark's two-player game (games.cjs): one room per match, a
// schema state (turn, moves, last), every legal action patched to all clients at once.
//
// Usage: node colyseus_server.cjs [--port 18500] [--bind 127.0.0.1]
'use strict';

const { Server, Room } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');
const { Schema, defineTypes } = require('@colyseus/schema');
const { legal, loopbackOnly, arg } = require('./games.cjs');

const port = Number(arg('--port', 18500));
const bind = arg('--bind', '127.0.0.1');
loopbackOnly(bind, 'colyseus_server');

class DuelState extends Schema {
  constructor() {
    super();
    this.turn = 1;
    this.moves = 0;
    this.last = -1;
  }
}
defineTypes(DuelState, { turn: 'uint8', moves: 'uint32', last: 'int8' });

class Duel extends Room {
  onCreate() {
    this.state = new DuelState();
    this.patchRate = null; // no periodic patch: each legal action is sent at once
    this.seatOf = new Map(); // sessionId → 1 | 2
    this.onMessage('act', (client, n) => {
      const seat = this.seatOf.get(client.sessionId);
      if (!legal(this.state.turn, seat, n)) return client.send('reject', { n });
      this.state.moves += 1;
      this.state.last = n;
      this.state.turn = 3 - this.state.turn;
      this.broadcastPatch();
    });
  }

  onJoin(client, options) {
    if (options && options.spectator) return;
    const taken = new Set(this.seatOf.values());
    const seat = [1, 2].find((s) => !taken.has(s));
    if (seat) this.seatOf.set(client.sessionId, seat);
  }

  onLeave(client) {
    this.seatOf.delete(client.sessionId);
  }
}

const server = new Server({ transport: new WebSocketTransport() });
server.define('duel', Duel);
server.listen(port, bind).then(() => console.log(`colyseus serving on ${bind}:${port}`));
// The benchmark stops each server at once (Colyseus's own handler would drain for seconds).
process.on('SIGTERM', () => process.exit(0));
