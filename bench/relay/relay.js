#!/usr/bin/env node
// Baseline relay for the Tabuleiro load benchmark (bench/run.sh).
//
// Speaks the same message shapes as `tabuleiro serve` (protocol/PROTOCOL.md) but does nothing
// authoritative: no rules engine, no validation, no persistence, no diffs. It exists to measure
// what a server that only forwards bytes costs on the same machine, driven by the same load
// generator (build/tabuleiro-load).
//
//   POST /api/matches  -> 201 {"code","link","seat":1,"token"} (body ignored)
//   WS /ws  join       -> {"type":"joined", ..., "legal":[], "relay":true}
//           act        -> the raw frame is forwarded to every other socket of the match, and
//                         the actor gets {"type":"ack","id":<its id>,"version":<n>}
//           ping       -> pong; anything else from a joined socket is forwarded like act.
//
// Usage: node relay.js [--port 8090] [--bind 127.0.0.1]   (env RELAY_PORT, RELAY_BIND)
// Binds to loopback only; refuses any other address.
'use strict';

const http = require('http');
const crypto = require('crypto');
const { WebSocketServer } = require('ws');

// Returns the value following flag in argv, else the fallback.
function arg(flag, fallback) {
  const i = process.argv.indexOf(flag);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const port = Number(arg('--port', process.env.RELAY_PORT || 8090));
const bind = arg('--bind', process.env.RELAY_BIND || '127.0.0.1');
if (!/^127\.\d+\.\d+\.\d+$/.test(bind) && bind !== '::1') {
  console.error(`relay: refusing to bind to non-loopback address ${bind}`);
  process.exit(2);
}

const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const matches = new Map(); // code -> {code, sockets: Set<WebSocket>, seats: number, version: number}

// A fresh 6-character share code not yet in use.
function newCode() {
  for (;;) {
    const bytes = crypto.randomBytes(6);
    let code = '';
    for (const b of bytes) code += alphabet[b % alphabet.length];
    if (!matches.has(code)) return code;
  }
}

// Writes a JSON answer with the given status.
function reply(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/matches') {
    req.resume();
    req.on('end', () => {
      const code = newCode();
      matches.set(code, { code, sockets: new Set(), seats: 1, version: 0 });
      reply(res, 201, {
        code,
        link: `http://${bind}:${port}/m/${code}`,
        seat: 1,
        token: crypto.randomBytes(16).toString('hex'),
      });
    });
    return;
  }
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  reply(res, 404, { error: { code: 'not_found', message: 'no such route' } });
});

const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 16 * 1024 });

wss.on('connection', (ws) => {
  let match = null;
  ws.on('message', (data, isBinary) => {
    if (isBinary) return ws.close(1003);
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return ws.send('{"type":"error","code":"bad_json","message":"malformed JSON"}');
    }
    if (msg.type === 'ping') return ws.send(JSON.stringify({ type: 'pong', t: msg.t }));
    if (msg.type === 'join') {
      const m = matches.get(String(msg.code || '').toUpperCase());
      if (!m) return ws.send('{"type":"error","code":"unknown_match","message":"no such match"}');
      match = m;
      m.sockets.add(ws);
      let seat = null;
      if (msg.as === 'player') seat = msg.token ? 1 : m.seats < 2 ? ++m.seats : null;
      return ws.send(
        JSON.stringify({
          type: 'joined',
          code: msg.code,
          game: 'taixu',
          seat,
          version: m.version,
          view: {},
          legal: [],
          presence: {},
          outcome: null,
          relay: true,
        })
      );
    }
    if (!match) return ws.send('{"type":"error","code":"not_joined","message":"join first"}');
    for (const other of match.sockets) {
      if (other !== ws && other.readyState === 1) other.send(data, { binary: false });
    }
    if (msg.id !== undefined) ws.send(JSON.stringify({ type: 'ack', id: msg.id, version: ++match.version }));
  });
  ws.on('close', () => {
    if (!match) return;
    match.sockets.delete(ws);
    // Matches are forgotten once every socket has left (the benchmark creates new ones).
    if (match.sockets.size === 0) matches.delete(match.code);
  });
  ws.on('error', () => {});
});

server.listen(port, bind, () => console.log(`relay listening on ${bind}:${port}`));

// Stops cleanly on SIGINT/SIGTERM so bench/run.sh can end it by pid.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const ws of wss.clients) ws.terminate();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
