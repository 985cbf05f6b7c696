// Cyvasse events as log lines.
import { tx, playerName } from './text.js';

export const isTurnMarker = (ev) => ev.type === 'moved' || ev.type === 'captured' || ev.type === 'revealed';

export function describe(ev, ctx) {
  const who = (n) => playerName(n, ctx.seat, ctx.names);
  const kind = (k) => (k ? tx(`kind.${k}`) : '?');
  switch (ev.type) {
    case 'submitted':
      return tx('ev.submitted', { player: who(ev.player) });
    case 'revealed':
      return tx('ev.revealed');
    case 'moved':
      return tx('ev.moved', { player: who(ev.player), piece: kind(ev.piece), from: ev.from, to: ev.to });
    case 'captured':
      return ev.ranged
        ? tx('ev.shot', { player: who(ev.player), from: ev.from, to: ev.to, victim: kind(ev.victim) })
        : tx('ev.captured', {
            player: who(ev.player),
            piece: kind(ev.piece),
            from: ev.from,
            to: ev.to,
            victim: kind(ev.victim),
          });
    default:
      return null;
  }
}

// The squares a turn's (or a change's) moves and captures touched, or null when none.
export function lastSquares(events) {
  const out = new Set();
  for (const e of events)
    if (e.type === 'moved' || e.type === 'captured') {
      out.add(e.from);
      out.add(e.to);
    }
  out.delete(undefined);
  return out.size ? out : null;
}
