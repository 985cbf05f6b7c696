// A match played in this browser, without the server: the engine (WebAssembly in a worker,
// engine/engine-client.js) holds the rules; this object holds the stored record (store.js),
// replays it on opening, plays the computer's seat, and speaks to the match page through
// connections with the server connection's interface (connection.js MatchConnection):
// `joined`, `presence`, `patch`, `game_over`, `snapshot` and `history` messages built from the
// engine's answers, so the match page and every game module work unchanged. Each change's
// patch is the difference between a viewer's views before and after it.
import jsonpatch from 'fast-json-patch';
import { putGame, newSeed } from './store.js';
import { loadName } from '../seats.js';
import { publishMatch } from '../api.js';

const { compare } = jsonpatch;
// The computer's thinking time by level (ms), and its pause before it starts, so that a
// person sees their own move land first.
const BOT_TIME_MS = { easy: 250, medium: 600, hard: 1000 };
const BOT_PAUSE_MS = 300;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The engine's answer to req; throws its error ({code, message}) when it refuses.
async function ask(engine, req) {
  const a = await engine.call(req);
  if (!a?.ok) throw a?.error || { code: 'engine', message: 'the engine did not answer' };
  return a;
}

export class LocalMatch {
  // engine: the engine client ({call(request) → Promise of answer}); record: the stored game
  // (mode 'bot', 'hotseat', or 'lesson': one seat, human, played from record.position, nobody
  // playing the other); store(record) → Promise: keeps the record (store.js putGame by default).
  constructor(engine, record, store = putGame) {
    this.engine = engine;
    this.record = record;
    this.store = store;
    this.bot = record.mode === 'bot' ? { seat: 3 - record.human, level: record.level } : null;
    const oneSeat = this.bot || record.mode === 'lesson';
    this.viewers = oneSeat ? [record.human] : [1, 2]; // the seats whose views the page shows
    this.tokens = oneSeat ? null : { 1: 'local', 2: 'local' }; // both seats here: one device
    this.version = 0;
    this.now = {}; // viewer → the engine's latest state answer for it
    this.past = {}; // viewer → {view: at version 0, changes: [{version, seat, ops, events}]}
    this.conns = new Set();
    this.queue = Promise.resolve();
    this.thinking = false;
    this.stopped = false;
    this.onError = () => {}; // told what went wrong outside a request (the computer's move)
  }

  // Opens a stored game (as this class): a new engine match from its game, options (or
  // position) and seed, with every recorded action (and a resignation) replayed.
  static async open(engine, record, store = putGame) {
    const m = new this(engine, record, store);
    m.id = (
      await ask(engine, {
        op: 'new',
        game: record.game,
        options: record.options,
        position: record.position ?? null,
        seed: record.seed,
      })
    ).match;
    for (const v of m.viewers) {
      m.now[v] = await m.state(v);
      m.past[v] = { view: m.now[v].view, changes: [] };
    }
    for (const { seat, action } of record.actions) {
      const a = await ask(engine, { op: 'apply', match: m.id, seat, action });
      await m.changed(seat, a.events);
    }
    if (record.end?.type === 'resign') await m.resigned(record.end.seat);
    return m;
  }

  // The match's outcome, or null while it goes on.
  get outcome() {
    return this.now[this.viewers[0]].outcome ?? null;
  }
  get toAct() {
    return this.now[this.viewers[0]].to_act ?? [];
  }

  // The engine's state for viewer; a view with an `outcome` field shows the match's.
  async state(viewer) {
    const s = await ask(this.engine, { op: 'state', match: this.id, viewer });
    if (s.outcome && s.view && 'outcome' in s.view && !s.view.outcome) s.view.outcome = s.outcome;
    return s;
  }

  // Records a change made by seat (events: the engine's per-viewer list, [spectator, seat 1,
  // seat 2]): each viewer's new state, and the patch and events that viewer saw.
  async changed(seat, events) {
    this.version++;
    for (const v of this.viewers) {
      const before = this.now[v].view;
      this.now[v] = await this.state(v);
      this.past[v].changes.push({
        version: this.version,
        seat,
        ops: compare(before, this.now[v].view),
        events: events?.[v] ?? [],
      });
    }
  }

  // Ends the engine's match by seat's resignation and records the change.
  async resigned(seat) {
    await ask(this.engine, { op: 'conclude', match: this.id, winner: 3 - seat, reason: 'resign' });
    const ev = [{ type: 'resigned', seat }];
    await this.changed(seat, [ev, ev, ev]);
  }

  // Runs fn after every change already asked for (one change at a time); resolves with its result.
  serial(fn) {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => {});
    return run;
  }

  // Seat plays action: checked and applied by the engine, stored, shown on every connection
  // (the requester's patch carries ack); resolves with the new version, rejects with the
  // engine's refusal.
  act(seat, action, ack = null, from = null) {
    return this.serial(async () => {
      if (this.outcome) throw { code: 'game_over', message: 'the match is over' };
      const a = await ask(this.engine, { op: 'apply', match: this.id, seat, action });
      this.record.actions.push({ seat, action: a.action ?? action });
      await this.changed(seat, a.events);
      return this.publishChange(ack, from);
    });
  }

  // Seat resigns: the other seat wins.
  resign(seat, ack = null, from = null) {
    return this.serial(async () => {
      if (this.outcome) throw { code: 'game_over', message: 'the match is over' };
      await this.resigned(seat);
      this.record.end = { type: 'resign', seat };
      return this.publishChange(ack, from);
    });
  }

  // Stores the record, sends the last change to every connection (with `ack` to the one that
  // asked for it), then `game_over` when it ended the match, and lets the computer move.
  async publishChange(ack, from) {
    await this.save();
    for (const c of this.conns) c.deliver(this.patchFor(c.seat, c === from ? ack : null));
    if (this.outcome)
      for (const c of this.conns) c.deliver({ type: 'game_over', version: this.version, outcome: this.outcome });
    setTimeout(() => this.botTurn());
    return this.version;
  }

  // Keeps the record with the match's state as of now (the home page lists it).
  save() {
    Object.assign(this.record, { updated: Date.now(), to_act: this.toAct, outcome: this.outcome });
    return this.store(this.record);
  }

  // The last change as seat's `patch` message.
  patchFor(seat, ack) {
    const s = this.now[seat];
    const c = this.past[seat].changes[this.past[seat].changes.length - 1];
    const msg = {
      type: 'patch',
      version: this.version,
      base: this.version - 1,
      ops: c.ops,
      events: c.events,
      legal: s.legal ?? [],
      to_act: s.to_act ?? [],
    };
    if (ack != null) msg.ack = ack;
    if (s.expects) msg.expects = s.expects;
    return msg;
  }

  // Seat's full view as a `joined` (or `snapshot`) message.
  viewFor(seat, type) {
    const s = this.now[seat];
    const msg = {
      type,
      code: this.record.id,
      game: this.record.game,
      seat,
      version: this.version,
      view: s.view,
      legal: s.legal ?? [],
      to_act: s.to_act ?? [],
      outcome: this.outcome,
      presence: this.presence(),
      rematch: null,
    };
    if (s.expects) msg.expects = s.expects;
    return msg;
  }

  // Both seats taken and here; the computer's seat says its level, the person's their name.
  presence() {
    const name = loadName();
    return {
      type: 'presence',
      spectators: 0,
      seats: [1, 2].map((seat) => ({
        seat,
        taken: true,
        connected: true,
        ...(seat === this.bot?.seat ? { bot: this.bot.level } : {}),
        ...(this.bot && seat === this.record.human && name ? { name } : {}),
      })),
    };
  }

  // Seat's whole history as one `history` page.
  historyFor(seat, id) {
    return {
      type: 'history',
      id,
      from: 0,
      to: this.version,
      view: this.past[seat].view,
      changes: this.past[seat].changes,
      more: false,
    };
  }

  // Plays the computer's seat while it is to act (a turn may hold several actions): asks
  // the engine for a move within the level's time, then plays it like a person's.
  async botTurn() {
    if (!this.bot || this.thinking || this.stopped || this.outcome || !this.toAct.includes(this.bot.seat)) return;
    this.thinking = true;
    try {
      await sleep(BOT_PAUSE_MS);
      if (this.stopped) return;
      const { level, seat } = this.bot;
      const { action } = await ask(this.engine, {
        op: 'bot',
        match: this.id,
        seat,
        level,
        seed: newSeed(),
        time_ms: BOT_TIME_MS[level],
      });
      if (this.stopped) return;
      await this.act(seat, action);
    } catch (e) {
      if (!this.outcome && !this.stopped) this.onError(e);
    } finally {
      this.thinking = false;
    }
  }

  // A connection for seat (null: the person's seat against the computer, else seat 1) with
  // MatchConnection's interface; opts as MatchConnection's (onMessage, onStatus).
  connect(opts, seat = null) {
    return new LocalConnection(this, seat ?? this.record.human ?? 1, opts);
  }

  // Puts the finished game on the server (POST /api/matches/publish) and remembers where:
  // resolves with {code, link}; rejects with the server's {code, message}.
  async publish() {
    const r = this.record;
    const res = await publishMatch({
      game: r.game,
      options: r.options,
      seed: r.seed,
      actions: r.actions,
      bot: this.bot?.level ?? null,
      bot_seat: this.bot?.seat ?? null,
      end: r.end ?? null,
    });
    r.published = { code: res.code, link: res.link };
    await this.store(r);
    return res;
  }

  // The server's code of this game once published, else null.
  get publishedAs() {
    return this.record.published?.code ?? null;
  }

  // Leaving the page: the computer stops and the engine forgets the match.
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.engine.call({ op: 'free', match: this.id }).catch(() => {});
  }
}

// One seat's connection to a LocalMatch, answering as the server would.
class LocalConnection {
  constructor(match, seat, opts) {
    this.match = match;
    this.seat = seat;
    this.opts = opts;
    this.nextId = 1;
    this.stopped = false;
  }

  // Joins: the seat's view, presence, and the outcome of a finished match; the computer moves
  // if it is to act.
  start() {
    const m = this.match;
    m.conns.add(this);
    this.opts.onStatus?.('open');
    this.deliver(m.viewFor(this.seat, 'joined'));
    this.deliver(m.presence());
    if (m.outcome) this.deliver({ type: 'game_over', version: m.version, outcome: m.outcome });
    m.botTurn();
  }

  // Hands msg to the page as a copy (as if it came over the network).
  deliver(msg) {
    if (!this.stopped) this.opts.onMessage?.(structuredClone(msg));
  }

  // A request (act, resign, history) answered as the server would: resolves with the ack or
  // the history page, rejects with {code, message}.
  request(body) {
    const id = `r${this.nextId++}`;
    const m = this.match;
    const acked = (v) => ({ type: 'ack', id, version: v });
    if (body.type === 'act') return m.act(this.seat, body.action, id, this).then(acked);
    if (body.type === 'resign') return m.resign(this.seat, id, this).then(acked);
    if (body.type === 'history') return Promise.resolve(structuredClone(m.historyFor(this.seat, id)));
    return Promise.reject({ code: 'unknown_message', message: `${body.type} is not offered offline` });
  }

  // A message without an answer: `resync` gets a snapshot.
  sendRaw(body) {
    if (body?.type === 'resync') this.deliver(this.match.viewFor(this.seat, 'snapshot'));
  }

  stop() {
    this.stopped = true;
    this.match.conns.delete(this);
  }
}
