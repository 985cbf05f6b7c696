// The page's side of the service worker (web/sw.js): registers it, and asks it to look for a
// new version of the client (which the next page loaded will run; this one keeps its own).

import { network } from '../network.js';

// Registers the service worker and, when the server can be reached, checks for a new version.
export function startServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { updateViaCache: 'none' })
    .then((r) => (network().reachable() ? r.update() : null))
    .catch(() => {});
}
