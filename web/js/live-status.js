// The live list's status of one match summary (GET /api/matches objects): what a visitor
// needs to know before opening it. The server's `status` says waiting/live/finished; seats
// and presence refine it.

// One of 'open' (a seat is free), 'ready' (every seat taken, no change yet), 'live',
// 'away' (live, some player disconnected), 'left' (every player gone, not over yet) or
// 'finished'. Translated as `status.<key>`. The server's own `activity` when the summary has
// one (it decides by the same rules); computed here for a server without it.
export function liveStatus(m) {
  if (m.activity) return m.activity;
  if (m.status === 'finished' || m.outcome) return 'finished';
  const seats = m.seats || [];
  const taken = seats.filter((s) => s.taken);
  const free = seats.some((s) => !s.taken);
  if (taken.length && taken.every((s) => !s.connected) && (!free || m.status === 'live')) return 'left';
  if (free) return 'open';
  if (m.status === 'waiting') return 'ready';
  return taken.some((s) => !s.connected) ? 'away' : 'live';
}

// Can a visitor sit down (a seat is free and nothing is over)?
export const canSit = (m) => liveStatus(m) === 'open';
