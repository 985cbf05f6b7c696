// The shell's last script (a classic deferred one, after the main module): when the page's
// modules did not start — a module file that could not be loaded or run, with nothing drawn —
// the page reloads once, so nobody is left on an empty page; a second failure in a row is
// (within a minute) is reported on the console instead of reloading again.
(() => {
  const KEY = 'tabuleiro.boot-retry';
  // Whether sessionStorage can be used (a browser may refuse it).
  const storage = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  window.addEventListener('load', () => {
    if (window.tabuleiroStarted) {
      storage?.removeItem(KEY);
      return;
    }
    // A reload within the last minute that did not help: the failure is not a passing one.
    if (!storage || Date.now() - Number(storage.getItem(KEY) || 0) < 60_000) {
      console.error(
        "Tabuleiro did not start: its scripts could not be loaded. Reload the page, or clear this site's data."
      );
      return;
    }
    storage.setItem(KEY, String(Date.now()));
    console.warn("Tabuleiro: the page's scripts did not start; reloading once");
    location.reload();
  });
})();
