// One match's WebSocket: joins (resuming the stored seat), reconnects with backoff after a lost
// connection (sending the last version held), pairs requests with their ack/reject (an ack may
// ride in the patch of the change: join's acks 'in_patch'), pings.
// The URL carries the match's code (/ws?code=K7M2QX) so that a proxy in front of several nodes
// routes every connection of a match to one node; a node that does not serve the match closes
// with 4001 (after an error match_moved) and the connection comes back at once, routed anew.
// A close with 4003 (the account was disabled by an administrator) ends it for good; a close
// with 4004 (the session it signed in with ended: signed out, here or on another device, or the
// password changed) reads the account again and comes back at once with what the cookie now holds.
import { loadSeat, saveSeat, forgetSeat, loadName } from './seats.js';
import { loadAccount } from './account.js';

const PING_MS = 20000;
const REQUEST_TIMEOUT_MS = 10000;
const MOVED_CLOSE = 4001;
// The close code of a connection whose account an administrator disabled.
export const DISABLED_CLOSE = 4003;
// The close code of a connection whose session ended.
export const SESSION_ENDED_CLOSE = 4004;

// The message a WebSocket frame's text holds, or null when it is not JSON (such a frame is
// ignored: the server sends none).
export function parseFrame(data) {
  try {
    const msg = JSON.parse(data);
    return msg && typeof msg === 'object' ? msg : null;
  } catch {
    return null;
  }
}

// The WebSocket URL of match code on this page's server.
export function socketUrl(code) {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${proto}://${location.host}/ws?code=${encodeURIComponent(code.toUpperCase())}`;
}

export class MatchConnection {
  // code: share code; opts.spectate: watch only; opts.versionOf(): last version held or -1;
  // opts.onMessage(msg), opts.onStatus('connecting'|'open'|'reconnecting'|'replaced'|'disabled'|'closed');
  // opts.token: a seat token to join with instead of the one stored for code (play on one
  // device holds both seats' tokens); opts.withoutLegal(): true to join with `legal: false`
  // (the browser's engine computes the seat's legal actions).
  constructor(code, opts) {
    this.code = code.toUpperCase();
    this.opts = opts;
    this.ws = null;
    this.pending = new Map();
    this.nextId = 1;
    this.retry = 0;
    this.moves = 0;
    this.stopped = false;
  }

  // Opens the socket and joins.
  start() {
    if (this.stopped) return;
    this.opts.onStatus?.(this.retry || this.moves ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(socketUrl(this.code));
    this.ws = ws;
    ws.onopen = () => {
      const stored = this.opts.spectate ? null : this.opts.token ? { token: this.opts.token } : loadSeat(this.code);
      // acks: 'in_patch': an accepted change of ours is acknowledged inside its patch.
      const join = { type: 'join', code: this.code, as: this.opts.spectate ? 'spectator' : 'player', acks: 'in_patch' };
      if (stored) join.token = stored.token;
      const name = this.opts.spectate ? '' : loadName();
      if (name) join.name = name;
      const v = this.opts.versionOf?.() ?? -1;
      if (v >= 0) join.version = v;
      if (this.opts.withoutLegal?.()) join.legal = false;
      this.sendRaw(join);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.sendRaw({ type: 'ping', t: Date.now() }), PING_MS);
    };
    ws.onmessage = (e) => {
      const msg = parseFrame(e.data);
      if (!msg) return;
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.failPending({ code: 'disconnected', message: 'connection lost' });
      if (this.stopped) return;
      if (e.code === 4000) {
        this.stopped = true;
        this.opts.onStatus?.('replaced');
        return;
      }
      // The account was disabled: its session has ended; coming back would only be refused.
      if (e.code === DISABLED_CLOSE) {
        this.stopped = true;
        this.opts.onStatus?.('disabled');
        return;
      }
      if (e.code === 1008 && this.badToken) {
        forgetSeat(this.code);
        this.badToken = false;
      }
      let delay;
      if (e.code === SESSION_ENDED_CLOSE) {
        loadAccount();
        delay = 250;
      } else if (e.code === MOVED_CLOSE) {
        // The match is on its way to another node (a lease lapsing after a node died takes a
        // few seconds): come back soon, a little later each time.
        this.moves++;
        delay = Math.min(2000, 200 * this.moves) * (0.75 + Math.random() * 0.5);
      } else {
        this.retry++;
        delay = Math.min(10000, 500 * 2 ** Math.min(this.retry, 5)) * (0.75 + Math.random() * 0.5);
      }
      this.opts.onStatus?.('reconnecting');
      this.timer = setTimeout(() => this.start(), delay);
    };
  }

  onMessage(msg) {
    if (msg.type === 'error' && msg.code === 'match_moved') return; // the 4001 close follows
    if (msg.type === 'joined') {
      this.retry = 0;
      this.moves = 0;
      if (msg.token && msg.seat && !this.opts.token) saveSeat(this.code, msg.seat, msg.token);
      this.opts.onStatus?.('open');
    }
    if (
      (msg.type === 'error' || msg.type === 'reject') &&
      (msg.code || msg.error?.code) === 'bad_token' &&
      !this.opts.token
    ) {
      this.badToken = true;
      forgetSeat(this.code);
    }
    if (['ack', 'history', 'reject', 'error'].includes(msg.type) && msg.id != null) {
      const p = this.takePending(msg.id);
      if (msg.type === 'ack' || msg.type === 'history') p?.resolve(msg);
      else p?.reject(msg.error || { code: msg.code, message: msg.message });
    }
    this.opts.onMessage?.(msg);
    // A patch carrying our request's id is also its ack (join's acks 'in_patch'): answered in a
    // task of its own once the patch is handled, as a separate ack message after it would be.
    if (msg.type === 'patch' && msg.ack != null) {
      const p = this.takePending(msg.ack);
      if (p) setTimeout(() => p.resolve({ type: 'ack', id: msg.ack, version: msg.version }));
    }
  }

  // The pending request with this id, forgotten (its timeout cleared); undefined if none.
  takePending(id) {
    const p = this.pending.get(String(id));
    if (!p) return undefined;
    this.pending.delete(String(id));
    clearTimeout(p.timer);
    return p;
  }

  // Sends a request carrying a fresh id; resolves on its ack (or `history` page), rejects with
  // {code, message}.
  request(body) {
    const id = `r${this.nextId++}`;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject({ code: 'disconnected', message: 'not connected' });
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject({ code: 'timeout', message: 'no answer from the server' });
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.sendRaw({ ...body, id });
    });
  }

  // Closes the socket and joins again at once (after a change of the join's options).
  rejoin() {
    if (this.stopped || !this.ws) return;
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pinger);
    this.failPending({ code: 'disconnected', message: 'connection lost' });
    ws.close(1000);
    this.start();
  }

  // Sends one message if the socket is open.
  sendRaw(obj) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(obj));
  }

  failPending(err) {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  // Closes for good (leaving the page).
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close(1000);
  }
}

// Takes the free seat of match code on a short-lived connection: resolves with {seat, token}
// (the seat's token is given once), rejects with {code, message}.
// A match that moved between nodes is asked again (up to 20 times, 500 ms apart).
export function claimFreeSeat(code, attempt = 0) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(code));
    const timer = setTimeout(() => {
      ws.close();
      reject({ code: 'timeout', message: 'no answer from the server' });
    }, REQUEST_TIMEOUT_MS);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'join', code, as: 'player' }));
    ws.onerror = () => {
      clearTimeout(timer);
      reject({ code: 'network', message: 'connection failed' });
    };
    ws.onmessage = (e) => {
      const msg = parseFrame(e.data);
      if (!msg) return;
      if (msg.type === 'error' && msg.code === 'match_moved' && attempt < 20) {
        clearTimeout(timer);
        ws.close();
        setTimeout(() => claimFreeSeat(code, attempt + 1).then(resolve, reject), 500);
        return;
      }
      if (msg.type === 'error') {
        clearTimeout(timer);
        ws.close();
        reject({ code: msg.code, message: msg.message });
        return;
      }
      if (msg.type !== 'joined') return;
      clearTimeout(timer);
      ws.close(1000);
      if (msg.seat && msg.token) resolve({ seat: msg.seat, token: msg.token });
      else reject({ code: 'busy', message: 'no free seat' });
    };
  });
}
