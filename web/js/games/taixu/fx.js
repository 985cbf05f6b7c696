// Animations driven by the server's ordered events: slides, summons, captures, repels,
// teleports, explosions with their shock waves (chains in order), anomaly and zone flares.
// The board already shows the final view; effects play over it on a timeline, and pieces that
// the action removed stay as "ghosts" until their moment comes.
import { createStage } from './fx-stage.js';
import { EFFECTS } from './fx-effects.js';

// How long each event holds the timeline before the next one starts (ms).
const STEP_MS = {
  summoned: 280,
  moved: 320,
  captured: 150,
  repelled: 440,
  zone_bonus: 150,
  anomaly_triggered: 260,
  teleported: 450,
  exploded: 260,
  wave: 420,
  swapped: 380,
};

const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// Plays events (in order) on table, given the view before them (prev).
export function playAnimations(table, prev, events) {
  const speed = reduced() ? 0.25 : 1;
  const played = [];

  // Start time of each event on the timeline (ms, before the reduced-motion factor).
  const times = [];
  let t = 0;
  for (const ev of events) {
    times.push(t);
    t += STEP_MS[ev.type] || 0;
  }

  const stage = createStage(table, prev, events, times, speed);
  events.forEach((ev, i) => {
    const name = EFFECTS.get(ev.type)?.(stage, ev, times[i], i);
    if (name) played.push(name);
  });
  t = times.length ? times[times.length - 1] + (STEP_MS[events[events.length - 1].type] || 0) : 0;
  // Any ghost not consumed by an event fades out once the timeline ends.
  for (const g of stage.ghosts.values()) stage.run(g, [{ opacity: 1 }, { opacity: 0 }], { delay: t, duration: 200 });
  table.boardWrap.dataset.fx = played.join(' ');
  table.fxCount = (table.fxCount || 0) + 1;
  table.boardWrap.dataset.fxCount = String(table.fxCount);
  // When each event's effect starts and when the whole timeline ends (ms, after the
  // reduced-motion factor), so the table can update its numbers as each animation lands.
  return { times: times.map((x) => x * speed), total: t * speed };
}
