// Loads a game's stylesheet into the page once, when the shell first shows that game.

const loading = new Map(); // url → Promise

// Adds <link rel="stylesheet" href=url> (once per url); resolves when it has loaded or failed
// (a missing sheet must not keep the table hidden), at once when there is no url.
export function loadStylesheet(url) {
  if (!url || typeof document === 'undefined') return Promise.resolve();
  if (!loading.has(url)) {
    loading.set(
      url,
      new Promise((resolve) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = url;
        link.className = 'game-stylesheet';
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
        document.head.append(link);
      })
    );
  }
  return loading.get(url);
}
