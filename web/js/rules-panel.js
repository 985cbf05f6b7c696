// The "How to play" panel of the match page and the legends of a game, drawn from its rules
// descriptor: {summary: [string keys], legend: [items]}. A legend item is {label: key of its
// description, name?: key of its short name, and its picture: draw?() (the game's own
// drawing, as on its board), else mark (CSS classes) with icon? (an /icons.svg id)}.
import { h, icon, fill } from './dom.js';
import { t, gameKey } from './i18n.js';

// The <li> entries of legend items of game (an id): each picture is an image named by the
// item's short name (else its description) with the description as its tooltip, both in the
// current language; the description follows as text.
export function legendItems(game, items) {
  const tg = (key) => t(gameKey(game, key));
  return items.map((item) =>
    h(
      'li',
      {},
      h(
        'span',
        { class: 'legend-mark', role: 'img', 'aria-label': tg(item.name || item.label), title: tg(item.label) },
        item.draw ? item.draw() : h('span', { class: item.mark || '' }, item.icon ? icon(item.icon) : null)
      ),
      h('span', { class: 'legend-text' }, tg(item.label))
    )
  );
}

// A <details class="rules"> for game (an entry of the registry), ending with a link to its
// How to play page when howToPlayHref (id → its address) is given; redraw() re-translates it.
export function rulesPanel(game, { howToPlayHref = null } = {}) {
  const el = h('details', { class: 'rules' });
  const tg = (key) => t(gameKey(game.id, key));
  const redraw = () => {
    const open = el.open;
    const { summary = [], legend = [] } = game.rules || {};
    fill(
      el,
      h('summary', {}, t('how_to_play')),
      h(
        'ul',
        { class: 'rules-list' },
        summary.map((k) => h('li', {}, tg(k)))
      ),
      legend.length ? h('ul', { class: 'legend' }, legendItems(game.id, legend)) : null,
      howToPlayHref && game.howToPlay
        ? h(
            'p',
            { class: 'rules-more' },
            h(
              'a',
              { href: howToPlayHref(game.id), id: 'rules-howto' },
              t('howto.read', { game: t(gameKey(game.id, 'name')) })
            )
          )
        : null
    );
    el.open = open;
  };
  redraw();
  return { el, redraw };
}
