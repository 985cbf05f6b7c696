// The match's past as this viewer saw it (protocol/PROTOCOL.md, `history`): the view at the
// first page's `from` and every change since, each with the RFC 6902 ops that turn the view
// before it into the view after it and its events. Any version's view is rebuilt by applying
// ops; live patches extend the record once it reaches them. Turns group the changes for the
// move list. No game rules here: events are worded by the game module.
import jsonpatch from 'fast-json-patch';

const { applyPatch, deepClone } = jsonpatch;
const CHECKPOINT_EVERY = 20; // a rebuilt view is kept every 20 versions

export class MatchHistory {
  constructor() {
    this.from = null; // version of `base`
    this.base = null; // the view at `from`
    this.changes = []; // [{version, seat, at, ops, events}], contiguous versions after `from`
    this.more = true; // more pages to ask for
    this.cache = new Map();
  }

  // Is the record loaded (the first page arrived)?
  get loaded() {
    return this.base != null;
  }
  // The last version held (`from` when there are no changes yet; -1 before the first page).
  get to() {
    return this.changes.length ? this.changes[this.changes.length - 1].version : (this.from ?? -1);
  }

  // Takes one `history` page; returns the `from` of the next page to ask for, or null when the
  // record is complete. Changes already held are skipped; a page that does not continue the
  // record (a gap) is refused with an Error.
  addPage(msg) {
    if (!this.loaded) {
      this.from = msg.from ?? 0;
      this.base = msg.view ?? null;
      this.cache.set(this.from, this.base);
    }
    for (const c of msg.changes || []) {
      if (c.version <= this.to) continue;
      if (c.version !== this.to + 1) throw new Error(`history gap: ${this.to} → ${c.version}`);
      this.changes.push({
        version: c.version,
        seat: c.seat ?? 0,
        at: c.at ?? null,
        ops: c.ops || [],
        events: c.events || [],
      });
    }
    this.more = !!msg.more;
    return this.more ? (msg.to ?? this.to) : null;
  }

  // Records a live patch (seat = the acting seat) when it continues the record; true if taken.
  addLive(patch, seat) {
    if (!this.loaded || patch.version !== this.to + 1 || patch.base !== this.to) return false;
    this.changes.push({
      version: patch.version,
      seat: seat ?? 0,
      at: null,
      ops: patch.ops || [],
      events: patch.events || [],
    });
    return true;
  }

  // The change that made version v, or undefined.
  change(v) {
    return this.changes[v - this.from - 1];
  }

  // The viewer's view at version v (from ≤ v ≤ to), rebuilt from the nearest kept view.
  viewAt(v) {
    if (!this.loaded || v < this.from || v > this.to) return null;
    let start = v;
    while (!this.cache.has(start)) start--;
    let view = deepClone(this.cache.get(start));
    for (let x = start + 1; x <= v; x++) {
      view = applyPatch(view, this.change(x).ops, false, true).newDocument;
      if ((x - this.from) % CHECKPOINT_EVERY === 0) this.cache.set(x, deepClone(view));
    }
    return view;
  }
}

// The connection record's changes ({seat, online, at, version}, in order) by the move each came
// after, for a move list holding versions from+1..to: 0 for those before its first move, `to`
// for any past its last (the list has not caught up yet). A Map: version → changes.
export function connectionsByMove(changes, from, to) {
  const byMove = new Map();
  for (const x of changes || []) {
    const v = x.version <= from ? 0 : Math.min(x.version, to);
    if (!byMove.has(v)) byMove.set(v, []);
    byMove.get(v).push(x);
  }
  return byMove;
}

// The changes grouped by turn: consecutive changes by the same seat, and a new turn after a
// change whose events hold a turn marker (game.isTurnMarker). Each turn: {seat, changes,
// before} where `before` is the version just before its first change.
export function groupTurns(changes, game) {
  const turns = [];
  let cur = null;
  let closed = true;
  for (const c of changes) {
    if (!cur || closed || c.seat !== cur.seat) {
      cur = { seat: c.seat, changes: [], before: c.version - 1 };
      turns.push(cur);
    }
    cur.changes.push(c);
    closed = (c.events || []).some((ev) => game?.isTurnMarker?.(ev));
  }
  return turns;
}

// The opponent's last whole turn for a viewer (seat, or null for a spectator: the last turn
// of anyone): its changes' events in order, or [] when there is none.
export function lastTurnEvents(changes, game, seat) {
  const turns = groupTurns(changes, game).filter((tr) => tr.seat !== 0 && (seat == null || tr.seat !== seat));
  const last = turns[turns.length - 1];
  return last ? last.changes.flatMap((c) => c.events || []) : [];
}
