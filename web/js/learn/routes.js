// The addresses of the lessons (learn-page.js draws them): `/?learn=<game>` lists a game's
// lessons, `/?learn=<game>&lesson=<id>` is one of them. Small on purpose: the home page links here
// without loading the lesson page.
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
