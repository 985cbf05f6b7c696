// TAIXU events as readable log lines. Field names follow the engine's event JSON; a few
// aliases are accepted so that a renamed field degrades to a shorter line, never an error.
import { tx, playerName } from './text.js';

// The first present field among names.
export const pick = (ev, ...names) => {
  for (const n of names) if (ev[n] !== undefined && ev[n] !== null) return ev[n];
  return undefined;
};
export const sqOf = (ev) => pick(ev, 'at', 'square', 'to', 'center');
export const ownerOf = (ev) => pick(ev, 'owner', 'player', 'seat', 'by');

// Squares hit by a wave event, as a list of names.
export function waveHits(ev) {
  const hit = pick(ev, 'hit', 'pieces_hit', 'pieces', 'hits') || [];
  return hit.map((x) => (typeof x === 'string' ? x : sqOf(x))).filter(Boolean);
}

// The 8 (or fewer, at the edge) squares a wave event covers.
export function waveSquares(ev) {
  const s = pick(ev, 'squares', 'neighbours', 'neighbors', 'area') || [];
  return s.map((x) => (typeof x === 'string' ? x : sqOf(x))).filter(Boolean);
}

// Is this event one that ends or starts a turn (drawn as a separator in the log)?
export const isTurnMarker = (ev) => ev.type === 'turn_started' || ev.type === 'turn_ended';

// One log line for an event, or null for events not worth a line (pc bookkeeping). ctx: the
// viewer's seat, the actor (the one seat that held the turn before the change, from the
// server's to_act) and prev, the view before the change. Room-level events (resigned, …) are
// the shell's.
export function describe(ev, ctx) {
  const seat = ctx.seat;
  const who = (n) => playerName(n, seat, ctx.names);
  const actor = pick(ev, 'player', 'by', 'owner') ?? ctx.actor;
  switch (ev.type) {
    case 'summoned':
      return tx('ev.summoned', { player: who(ownerOf(ev) ?? actor), sq: sqOf(ev) });
    case 'moved':
      return tx('ev.moved', { player: who(ownerOf(ev) ?? actor), from: ev.from, to: ev.to });
    case 'captured':
      return tx('ev.captured', { player: who(ctx.actor), sq: pick(ev, 'at', 'square', 'to') });
    case 'repelled':
      return tx('ev.repelled', { from: ev.from, to: ev.to });
    case 'charge_changed': {
      const to = pick(ev, 'to', 'charge', 'value');
      if (to === undefined) return null;
      const sq = pick(ev, 'at', 'square');
      if (ev.cause === 'stabilize') return tx('ev.stabilized', { sq, player: who(ownerOf(ev) ?? actor) });
      return ev.from !== undefined
        ? tx('ev.charge_from_to', { sq, from: ev.from, to })
        : tx('ev.charge_changed', { sq, charge: to });
    }
    case 'zone_bonus':
      return tx('ev.zone_bonus', { sq: sqOf(ev) });
    case 'anomaly_triggered': {
      const effect = pick(ev, 'effect', 'anomaly', 'kind');
      return tx('ev.anomaly_triggered', { sq: sqOf(ev), effect: tx(`anomaly.${effect}`) });
    }
    case 'teleported':
      return ev.to ? tx('ev.teleported', { from: ev.from, to: ev.to }) : tx('ev.teleport_blocked', { from: ev.from });
    case 'exploded':
      return tx('ev.exploded', { sq: sqOf(ev) });
    case 'wave': {
      const hits = waveHits(ev);
      const center = pick(ev, 'center', 'at', 'square');
      return hits.length ? tx('ev.wave', { sq: center, hit: hits.join(', ') }) : tx('ev.wave_empty', { sq: center });
    }
    case 'destroyed':
      return tx('ev.destroyed', { sq: sqOf(ev) });
    case 'bonus_earned':
      return tx('ev.bonus_earned', { player: who(actor), n: pick(ev, 'amount') ?? 1 });
    case 'pc_changed':
      return null;
    case 'idle_decay':
      return ev.from !== undefined && ev.from === ev.to ? null : tx('ev.idle_decay', { sq: sqOf(ev) });
    case 'anomalies_reshuffled':
      return tx('ev.anomalies_reshuffled');
    case 'turn_started':
      return tx('ev.turn_started', { round: pick(ev, 'round') ?? ctx.prev?.round ?? '?', player: who(actor) });
    case 'turn_ended':
      return tx(ev.automatic ? 'ev.turn_ended_auto' : 'ev.turn_ended', { player: who(actor) });
    case 'stabilized':
      return tx('ev.stabilized', { sq: sqOf(ev), player: who(ownerOf(ev) ?? actor) });
    case 'swapped':
      return tx('ev.swapped', { a: pick(ev, 'a', 'from'), b: pick(ev, 'b', 'to'), player: who(actor) });
    case 'game_over':
      return null; // the banner line says who won and why
    default:
      return ev.type ? ev.type.replace(/_/g, ' ') : null;
  }
}

// The sound cues of one change's events (the shell plays the strongest): an explosion, a
// capture or destruction, else a move of any kind.
export function sounds(events) {
  const out = new Set();
  for (const ev of events) {
    if (ev.type === 'exploded') out.add('explosion');
    else if (ev.type === 'captured' || ev.type === 'destroyed') out.add('capture');
    else if (['moved', 'summoned', 'swapped', 'teleported', 'repelled'].includes(ev.type)) out.add('move');
  }
  return [...out];
}
