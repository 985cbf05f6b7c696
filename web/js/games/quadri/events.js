// QU4DRI events as readable log lines (field names follow protocol/quadri/codec.cpp).
import { tx, playerName } from './text.js';

export const isTurnMarker = () => false;

export function describe(ev, ctx) {
  const who = (n) => playerName(n, ctx.seat, ctx.names);
  switch (ev.type) {
    case 'moved':
      return tx(ev.capture ? 'ev.captures' : 'ev.moved', { player: who(ev.player), path: (ev.path || []).join(' → ') });
    case 'captured':
      return tx('ev.captured', { player: who(ev.owner), sq: ev.at });
    case 'tile_flipped':
      return tx(ev.side === 'location' ? 'ev.flipped_location' : 'ev.flipped_energy', { sq: ev.at, value: ev.value });
    case 'energy_changed': {
      const d = ev.delta ?? ev.to - ev.from;
      return tx(d >= 0 ? 'ev.energy_gain' : 'ev.energy_loss', {
        player: who(ev.player),
        n: Math.abs(d),
        to: ev.to,
        sq: ev.at,
      });
    }
    case 'promoted':
      return tx('ev.promoted', { player: who(ev.owner), sq: ev.at });
    case 'dropped':
      return tx('ev.dropped', { player: who(ev.player), sq: ev.at });
    case 'shifted':
      return tx('ev.shifted', { player: who(ev.player), from: ev.from, to: ev.to });
    default:
      return null;
  }
}

// The cells a turn's (or a change's) actions touched — a move's whole path, captures, drops,
// flips and shifts — or null when none.
export function lastCells(events) {
  const out = new Set();
  for (const e of events) {
    if (e.type === 'moved') for (const c of e.path || []) out.add(c);
    if (['captured', 'dropped', 'tile_flipped', 'promoted'].includes(e.type)) out.add(e.at);
    if (e.type === 'shifted') {
      out.add(e.from);
      out.add(e.to);
    }
  }
  out.delete(undefined);
  return out.size ? out : null;
}
