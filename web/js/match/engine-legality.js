// Online play with the browser's engine: a seat that joined with `legal: false` (the server
// then leaves `legal` and `expects` out of its messages) has its legal actions computed by the
// engine from its own view only, what the server sent it, never more; and an action the engine
// refuses is explained at once, before anything is sent. The server still checks every action.
// Any trouble with the engine (it cannot load, or answers an error) falls back to the server's
// lists: the connection rejoins without the option.

// Wraps engine (the engine client, or null when this browser has none). onFallback(): the
// connection must rejoin asking for the server's lists.
export function engineLegality(engine, onFallback) {
  let on = !!engine;
  // Stops using the engine for the rest of the page's life.
  const fallBack = () => {
    if (!on) return;
    on = false;
    onFallback();
  };
  return {
    // Whether the connection should join with `legal: false`.
    active: () => on,
    // Fills state.sync's legal list and expects for the page's seat from the engine, then calls
    // done() (the table redraws) unless a newer view arrived meanwhile. Until then the list is
    // empty, so no stale target shows.
    fill(state, done) {
      const { sync } = state;
      if (!on || state.seat == null || !sync.view || !state.gameName) return;
      const version = sync.version;
      sync.legal = [];
      sync.expects = null;
      engine.call({ op: 'view_legal', game: state.gameName, seat: state.seat, view: sync.view }).then((a) => {
        if (sync.version !== version || !on) return;
        if (!a.ok) return fallBack();
        sync.legal = a.legal;
        sync.expects = a.expects ?? null;
        done();
      });
    },
    // Resolves when the engine accepts action for the page's seat in the view on the board;
    // rejects with the refusal ({code, message}, as the server's reject carries it) otherwise.
    async precheck(state, action) {
      if (!on || state.seat == null || !state.sync.view) return;
      const a = await engine.call({
        op: 'view_check',
        game: state.gameName,
        seat: state.seat,
        view: state.sync.view,
        action,
      });
      if (a.ok) return;
      if (a.error?.code === 'bad_view' || a.error?.code === 'engine_unavailable') {
        fallBack();
        return;
      }
      throw a.error;
    },
  };
}

// The engine client, or null when it does not load within ms (a first visit on a slow network
// joins with the server's lists rather than wait).
export function engineWithin(load, ms) {
  return Promise.race([load().catch(() => null), new Promise((resolve) => setTimeout(() => resolve(null), ms))]);
}
