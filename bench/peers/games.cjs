// The smallest fair equivalent of a Tabuleiro match for the peers (bench/run.sh): two seats
// alternate, each action a number 0..99 that the server checks (the right seat, its turn, a
// number in range) before anyone sees it; spectators watch. The rules are far simpler than any
// Tabuleiro game's, and both peers keep their matches in memory (Tabuleiro's log is durable).
'use strict';

// Whether action n is legal for seat (1 or 2) when turn is the seat to move.
function legal(turn, seat, n) {
  return seat === turn && Number.isInteger(n) && n >= 0 && n <= 99;
}

// Refuses any address but loopback (the benchmark binds there only).
function loopbackOnly(bind, who) {
  if (!/^127\.\d+\.\d+\.\d+$/.test(bind) && bind !== '::1') {
    console.error(`${who}: refusing to bind to non-loopback address ${bind}`);
    process.exit(2);
  }
}

// The value following flag in argv, else fallback.
function arg(flag, fallback) {
  const i = process.argv.indexOf(flag);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

module.exports = { legal, loopbackOnly, arg };
