// The page's side of the service worker (web/sw.js): registers it, and at the start of a visit
// lets a newer version installed during an earlier one take over, loading the page again from
// it, so that a page never runs old and new files together.

const TAKE_OVER_MS = 5000;

// Asks the waiting worker to take over; resolves with true once it controls this page, false
// when it declined (another page of the site is open) or did not answer in time.
function takeOver(worker) {
  return new Promise((resolve) => {
    const sw = navigator.serviceWorker;
    const done = (ok) => { clearTimeout(timer); sw.removeEventListener('controllerchange', took); resolve(ok); };
    const took = () => done(true);
    const timer = setTimeout(() => done(false), TAKE_OVER_MS);
    // The new worker may control the page before its answer arrives: listen first.
    sw.addEventListener('controllerchange', took);
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => { if (!e.data?.ok) done(false); };
    worker.postMessage({ type: 'take-over' }, [channel.port2]);
  });
}

// Registers the service worker and checks for a new version. When one is already waiting and
// may take over, the page reloads from it: the returned promise then never settles, so the
// caller draws nothing from the old files.
export async function startServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const reg = await sw.getRegistration().catch(() => null);
  if (reg?.waiting && sw.controller && await takeOver(reg.waiting)) {
    location.reload();
    await new Promise(() => {});
  }
  sw.register('/sw.js', { updateViaCache: 'none' }).then((r) => (navigator.onLine ? r.update() : null)).catch(() => {});
}
