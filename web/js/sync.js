// The client's copy of the server's view: applies RFC 6902 patches strictly in version order
// and says when a resync is needed (a gap, or a patch that does not apply).
// No game rules here: the view, the legal actions, whose turn it is (`to_act`) and any
// `expects` (what an incomplete legal list asks for, e.g. a secret set-up) come from the server
// only; `expects` is kept untouched for the game module.
import jsonpatch from 'fast-json-patch';

const { applyPatch, deepClone } = jsonpatch;

export class ViewSync {
  constructor() {
    this.version = -1; // version of `view`; -1 before the first joined/snapshot
    this.view = null;
    this.legal = [];
    this.toAct = []; // seats that may act now (the server's to_act; [] once over)
    this.expects = null; // the server's `expects` next to `legal`, or null
    this.outcome = null;
    this.awaitingResync = false;
  }

  // Takes legal, to_act and expects from a joined/patch/snapshot message.
  takeTurn(msg) {
    this.legal = Array.isArray(msg.legal) ? msg.legal : [];
    this.toAct = Array.isArray(msg.to_act) ? msg.to_act : [];
    this.expects = msg.expects ?? null;
  }

  // Records the end of the match (game_over): its outcome, and nobody left to act.
  finish(outcome) {
    this.outcome = outcome;
    this.toAct = [];
  }

  // Takes a full view from `joined` or `snapshot`.
  reset(msg) {
    this.version = msg.version;
    this.view = msg.view;
    this.takeTurn(msg);
    this.outcome = msg.outcome ?? msg.view?.outcome ?? null;
    this.awaitingResync = false;
  }

  // Handles `joined`: a full view, or (a catch-up after a reconnect) no view but our own
  // version, with the missed patches to follow. Returns 'ok', or 'resync' when it cannot tell.
  join(msg) {
    if (msg.view !== undefined) {
      this.reset(msg);
      return 'ok';
    }
    if (this.view && msg.version === this.version) {
      // to_act belongs to a version: ours is already the one at msg.version (the message's is
      // the server's current one, which the following patches bring in order).
      const toAct = this.toAct;
      this.takeTurn(msg);
      this.toAct = toAct;
      this.outcome = msg.outcome ?? this.outcome;
      this.awaitingResync = false;
      return 'ok';
    }
    this.awaitingResync = true;
    return 'resync';
  }

  // Handles a `patch`: returns 'applied', 'stale' (an old or duplicate patch, ignored), or
  // 'resync' (a gap or a bad patch: the caller must send {"type":"resync"}; nothing changed).
  patch(msg) {
    if (this.awaitingResync) return 'stale';
    if (msg.version <= this.version) return 'stale';
    if (msg.base !== this.version) {
      this.awaitingResync = true;
      return 'resync';
    }
    let next;
    try {
      next = applyPatch(deepClone(this.view), msg.ops || [], true, true).newDocument;
    } catch {
      this.awaitingResync = true;
      return 'resync';
    }
    this.view = next;
    this.version = msg.version;
    this.takeTurn(msg);
    if (next && 'outcome' in next) this.outcome = next.outcome;
    return 'applied';
  }
}
