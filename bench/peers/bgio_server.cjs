#!/usr/bin/env node
// boardgame.io 0.50 hosting the benchmark's two-player game (games.cjs): one match per game
// created through its Lobby API, one move per turn, its default in-memory storage.
//
// Usage: node bgio_server.cjs [--port 18510] [--bind 127.0.0.1]
'use strict';

const { Server } = require('boardgame.io/server');
const { duel } = require('./bgio_game.cjs');
const { loopbackOnly, arg } = require('./games.cjs');

const port = Number(arg('--port', 18510));
const bind = arg('--bind', '127.0.0.1');
loopbackOnly(bind, 'bgio_server');

const server = Server({ games: [duel], origins: [`http://${bind}:${port}`] });
// Koa's listen, as boardgame.io's socket.io transport wraps it, on the loopback address only.
const listen = server.app.listen;
server.app.listen = (p, cb) => listen.call(server.app, p, bind, cb);
server.run(port, () => console.log(`boardgame.io serving on ${bind}:${port}`));
