// The How to play page of a game (`/?how-to-play=<id>`; `/how-to-play/<id>` too, once the
// server serves that path): the game's rules in sections, each with its small diagrams, and
// its legend, drawn from the game's `howToPlay` descriptor:
//   {summary: key (one paragraph, also shown by the create form),
//    sections: [{title: key, text: [keys] (paragraphs), list?: [keys],
//                diagrams?: [{view, seat, legal?, select?, lastTurn?, caption: key}]}]}
// (keys are the game's own). A diagram is a position drawn by the game's own Table, inert,
// with a piece selected (`select`) and the squares it may go to (`legal`), or the squares of
// a move just made (`lastTurn`). No game is named here.
import { h } from './dom.js';
import { t, gameKey, onLangChange, translatePage } from './i18n.js';
import { GAMES, gameById, gameTitle } from './games.js';
import { loadStylesheet } from './stylesheets.js';
import { legendItems } from './rules-panel.js';

const PARAM = 'how-to-play';

// The address of game id's How to play page. (A query on `/`, which the server serves
// today; with the server serving `/how-to-play/<id>` as the page, return that path here.)
export const howToPlayHref = (id) => `/?${PARAM}=${encodeURIComponent(id)}`;

// The game id a location asks the How to play page of ('' for none named), or null when it
// is not that page.
export function howToPlayRoute(loc) {
  const m = loc.pathname.match(/^\/how-to-play\/([\w-]*)\/?$/);
  if (m) return m[1];
  const q = new URLSearchParams(loc.search);
  return loc.pathname === '/' && q.has(PARAM) ? q.get(PARAM) : null;
}

// The games that have a How to play page.
const documented = () => GAMES.filter((g) => g.available && g.howToPlay);

// Draws game id's page into app (redrawn in the new language on a switch); returns its teardown.
export function renderHowToPlay(app, id) {
  const draw = () => {
    const game = gameById(id);
    app.replaceChildren(game?.howToPlay ? page(game) : unknown());
    translatePage(app);
    document.title = `${game ? t('howto.title', { game: gameTitle(id) }) : t('how_to_play')} · Tabuleiro`;
  };
  const game = gameById(id);
  if (game?.howToPlay) loadStylesheet(game.stylesheet).then(draw);
  else draw();
  return onLangChange(draw);
}

// The links to every game's page (the current one marked).
function gameLinks(current) {
  return h(
    'nav',
    { class: 'howto-nav', 'aria-label': t('howto.games') },
    documented().map((g) =>
      h(
        'a',
        { href: howToPlayHref(g.id), class: 'howto-game', 'aria-current': g.id === current ? 'page' : null },
        gameTitle(g.id)
      )
    )
  );
}

function unknown() {
  return h(
    'article',
    { class: 'howto', id: 'howto' },
    h('h1', {}, t('how_to_play')),
    h('p', { class: 'notice' }, t('howto.unknown')),
    gameLinks(null)
  );
}

// The whole page of game.
function page(game) {
  const tg = (key) => t(gameKey(game.id, key));
  const { summary, sections = [] } = game.howToPlay;
  const name = gameTitle(game.id);
  return h(
    'article',
    { class: 'howto', id: 'howto', dataset: { game: game.id } },
    gameLinks(game.id),
    h(
      'header',
      { class: 'howto-head' },
      h('h1', { id: 'howto-title' }, t('howto.title', { game: name })),
      h('p', { class: 'lead' }, tg(summary)),
      h(
        'a',
        { class: 'btn primary', id: 'howto-play', href: `/?game=${encodeURIComponent(game.id)}` },
        t('howto.play', { game: name })
      )
    ),
    sections.map((s, i) =>
      h(
        'section',
        { class: 'howto-section', id: `howto-${i + 1}`, 'aria-labelledby': `howto-${i + 1}-title` },
        h(
          'div',
          { class: 'howto-text' },
          h('h2', { id: `howto-${i + 1}-title` }, tg(s.title)),
          (s.text || []).map((k) => h('p', {}, tg(k))),
          s.list
            ? h(
                'ul',
                {},
                s.list.map((k) => h('li', {}, tg(k)))
              )
            : null
        ),
        s.diagrams?.length
          ? h(
              'div',
              { class: 'howto-figs' },
              s.diagrams.map((d) => diagram(game, d, tg))
            )
          : null
      )
    ),
    game.rules?.legend?.length
      ? h(
          'section',
          { class: 'howto-section howto-legend', 'aria-labelledby': 'howto-legend-title' },
          h(
            'div',
            { class: 'howto-text' },
            h('h2', { id: 'howto-legend-title' }, t('howto.legend')),
            h('ul', { class: 'legend' }, legendItems(game.id, game.rules.legend))
          )
        )
      : null
  );
}

// One diagram: the position d drawn by the game's own table, inert (nothing can be played on
// it), with its caption.
function diagram(game, d, tg) {
  const board = h('div', { class: 'howto-board', inert: true, 'aria-hidden': 'true' });
  const fig = h('figure', { class: 'howto-diagram' }, board, h('figcaption', {}, tg(d.caption)));
  const table = new game.Table(board, () => Promise.reject(new Error('a diagram plays nothing')));
  table.update({
    view: d.view,
    legal: d.legal || [],
    expects: null,
    toAct: d.seat ? [d.seat] : [],
    seat: d.seat ?? null,
    version: 0,
    prev: null,
    events: [],
    lastTurn: d.lastTurn || [],
    select: d.select ?? null,
  });
  return fig;
}
