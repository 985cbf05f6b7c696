// The client's copy of the server's view: applies RFC 6902 patches strictly in version order
// and says when a resync is needed (a gap, or a patch that does not apply).
// No game rules here: the view and the legal actions come from the server only.
import jsonpatch from 'fast-json-patch';

const { applyPatch, deepClone } = jsonpatch;

export class ViewSync {
  constructor() {
    this.version = -1;   // version of `view`; -1 before the first joined/snapshot
    this.view = null;
    this.legal = [];
    this.outcome = null;
    this.awaitingResync = false;
  }

  // Takes a full view from `joined` or `snapshot`.
  reset(msg) {
    this.version = msg.version;
    this.view = msg.view;
    this.legal = Array.isArray(msg.legal) ? msg.legal : [];
    this.outcome = msg.outcome ?? msg.view?.outcome ?? null;
    this.awaitingResync = false;
  }

  // Handles `joined`: a full view, or (a catch-up after a reconnect) no view but our own
  // version, with the missed patches to follow. Returns 'ok', or 'resync' when it cannot tell.
  join(msg) {
    if (msg.view !== undefined) { this.reset(msg); return 'ok'; }
    if (this.view && msg.version === this.version) {
      this.legal = Array.isArray(msg.legal) ? msg.legal : [];
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
    if (msg.base !== this.version) { this.awaitingResync = true; return 'resync'; }
    let next;
    try {
      next = applyPatch(deepClone(this.view), msg.ops || [], true, true).newDocument;
    } catch {
      this.awaitingResync = true;
      return 'resync';
    }
    this.view = next;
    this.version = msg.version;
    this.legal = Array.isArray(msg.legal) ? msg.legal : [];
    if (next && 'outcome' in next) this.outcome = next.outcome;
    return 'applied';
  }
}
