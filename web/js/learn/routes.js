// The addresses of the lessons and puzzles (learn-page.js and puzzles-page.js draw them):
// `/?learn=<game>` lists a game's lessons, `/?learn=<game>&lesson=<id>` is one of them,
// `/?puzzles=<game>[&level=<n>]` its puzzles. Small on purpose: the home page links here without
// loading those pages.
const PARAM = 'learn';

// The address of game id's lessons, or of its lesson id.
export const learnHref = (id, lesson = null) =>
  `/?${PARAM}=${encodeURIComponent(id)}${lesson ? `&lesson=${encodeURIComponent(lesson)}` : ''}`;

// {game, lesson} a location asks for (lesson null for the list), or null when it is not a
// lesson page.
export function learnRoute(loc) {
  const q = new URLSearchParams(loc.search);
  return loc.pathname === '/' && q.has(PARAM) ? { game: q.get(PARAM), lesson: q.get('lesson') } : null;
}

// The address of game id's puzzles (at difficulty level, 1-4, when given).
export const puzzlesHref = (id, level = null) =>
  `/?puzzles=${encodeURIComponent(id)}${level ? `&level=${encodeURIComponent(level)}` : ''}`;

// {game, level} a location asks the puzzles of, or null when it is not the puzzle page.
export function puzzlesRoute(loc) {
  const q = new URLSearchParams(loc.search);
  return loc.pathname === '/' && q.has('puzzles') ? { game: q.get('puzzles'), level: q.get('level') } : null;
}
