// Whether this page's server can be reached, for what needs it (creating a match, the live
// list, the account, publishing). The browser's online flag decides, except that a browser
// may call itself offline and still reach its server: one on this machine, or on a network the
// browser does not count (a laptop with its radio off running `scripts/run.sh`, a machine whose
// only network is its loopback). A page the server itself sent (not one the service worker
// served, perhaps from its cache) proves it reachable, until the browser reports a change.
// The server is never tried from here: a failed request would be an error on the page.

// A watcher over a browser's env: {online() → the browser's flag, cached() → whether the
// service worker serves the page, on(type, fn) → listens to the window's online and offline
// events}. Returns {reachable(), onChange(fn) → unsubscribe}, fn(reachable) called on every
// change.
export function watchReachability(env) {
  const listeners = new Set();
  let reachable = env.online() || !env.cached();
  const look = () => {
    const v = env.online();
    if (v === reachable) return;
    reachable = v;
    for (const fn of [...listeners]) fn(v);
  };
  env.on('online', look);
  env.on('offline', look);
  return {
    reachable: () => reachable,
    onChange: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

// The env of this page (see watchReachability); outside a browser, always online.
function pageEnv() {
  return {
    online: () => globalThis.navigator?.onLine !== false,
    cached: () => !!globalThis.navigator?.serviceWorker?.controller,
    on: (type, fn) => globalThis.addEventListener?.(type, fn),
  };
}

let shared = null;
// The page's one watcher, made on first use.
export function network() {
  shared ??= watchReachability(pageEnv());
  return shared;
}

// Calls fn once, when the server is (or becomes) reachable; returns a function that cancels it.
export function whenReachable(fn) {
  if (network().reachable()) {
    fn();
    return () => {};
  }
  const off = network().onChange((up) => {
    if (up) {
      off();
      fn();
    }
  });
  return off;
}
