// TAIXU events as readable log lines. Field names follow the engine's event JSON; a few
// aliases are accepted so that a renamed field degrades to a shorter line, never an error.
import { t } from '../i18n.js';

// The first present field among names.
export const pick = (ev, ...names) => {
  for (const n of names) if (ev[n] !== undefined && ev[n] !== null) return ev[n];
  return undefined;
};
export const sqOf = (ev) => pick(ev, 'at', 'square', 'to', 'center');
export const ownerOf = (ev) => pick(ev, 'owner', 'player', 'seat', 'by');

// "Player 1" / "Player 2", with "(you)" for the viewer's own seat.
export function playerName(n, seat) {
  if (n !== 1 && n !== 2) return '?';
  return n === seat ? t('player_you', { n }) : t('player', { n });
}

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

// One log line for an event, or null for events not worth a line (pc bookkeeping).
export function describe(ev, ctx) {
  const seat = ctx.seat;
  const who = (n) => playerName(n, seat);
  const actor = pick(ev, 'player', 'by', 'owner') ?? ctx.actor;
  switch (ev.type) {
    case 'summoned':
      return t('ev.summoned', { player: who(ownerOf(ev) ?? actor), sq: sqOf(ev) });
    case 'moved':
      return t('ev.moved', { player: who(ownerOf(ev) ?? actor), from: ev.from, to: ev.to });
    case 'captured':
      return t('ev.captured', { player: who(ctx.actor), sq: pick(ev, 'at', 'square', 'to') });
    case 'repelled':
      return t('ev.repelled', { from: ev.from, to: ev.to });
    case 'charge_changed': {
      const to = pick(ev, 'to', 'charge', 'value');
      if (to === undefined) return null;
      const sq = pick(ev, 'at', 'square');
      if (ev.cause === 'stabilize') return t('ev.stabilized', { sq });
      return ev.from !== undefined ? t('ev.charge_from_to', { sq, from: ev.from, to }) : t('ev.charge_changed', { sq, charge: to });
    }
    case 'zone_bonus':
      return t('ev.zone_bonus', { sq: sqOf(ev) });
    case 'anomaly_triggered': {
      const effect = pick(ev, 'effect', 'anomaly', 'kind');
      return t('ev.anomaly_triggered', { sq: sqOf(ev), effect: t(`anomaly.${effect}`) });
    }
    case 'teleported':
      return ev.to ? t('ev.teleported', { from: ev.from, to: ev.to }) : t('ev.teleport_blocked', { from: ev.from });
    case 'exploded':
      return t('ev.exploded', { sq: sqOf(ev) });
    case 'wave': {
      const hits = waveHits(ev);
      const center = pick(ev, 'center', 'at', 'square');
      return hits.length ? t('ev.wave', { sq: center, hit: hits.join(', ') }) : t('ev.wave_empty', { sq: center });
    }
    case 'destroyed':
      return t('ev.destroyed', { sq: sqOf(ev) });
    case 'bonus_earned':
      return t('ev.bonus_earned', { player: who(actor), n: pick(ev, 'amount') ?? 1 });
    case 'pc_changed':
      return null;
    case 'idle_decay':
      return ev.from !== undefined && ev.from === ev.to ? null : t('ev.idle_decay', { sq: sqOf(ev) });
    case 'anomalies_reshuffled':
      return t('ev.anomalies_reshuffled');
    case 'turn_started':
      return t('ev.turn_started', { round: pick(ev, 'round') ?? ctx.round ?? '?', player: who(actor) });
    case 'turn_ended':
      return t(ev.automatic ? 'ev.turn_ended_auto' : 'ev.turn_ended', { player: who(actor) });
    case 'stabilized':
      return t('ev.stabilized', { sq: sqOf(ev) });
    case 'swapped':
      return t('ev.swapped', { a: pick(ev, 'a', 'from'), b: pick(ev, 'b', 'to') });
    case 'game_over':
      return null;   // the banner line says who won and why
    case 'resigned':
      return t('ev.resigned', { player: who(pick(ev, 'seat', 'player')) });
    case 'draw_agreed':
      return t('ev.draw_agreed');
    case 'abandoned':
      return t('ev.abandoned');
    default:
      return ev.type ? ev.type.replace(/_/g, ' ') : null;
  }
}
