// The create form's game picker (a card per game, linking to its How to play page and lessons)
// and the chosen game's summary. They only draw; picking a game goes to the handler given.
import { h } from '../dom.js';
import { t, gameKey, translated } from '../i18n.js';
import { GAMES, gameTitle } from '../games.js';
import { howToPlayHref } from '../how-to-play.js';
import { learnHref } from '../learn/routes.js';

// The fieldset of game cards, gameId's checked; onPick(id) when another is picked.
export function gamePicker(gameId, onPick) {
  return h(
    'fieldset',
    { class: 'game-picker' },
    translated('legend', {}, 'choose_game'),
    GAMES.map((g) => gameCard(g, g.id === gameId, onPick))
  );
}

// One game's card: its radio (checked: the chosen one), art, name, blurb, and either the "soon"
// badge or its links.
function gameCard(g, checked, onPick) {
  return h(
    'label',
    { class: `game-card g-${g.id}${g.available ? '' : ' disabled'}` },
    h('input', {
      type: 'radio',
      name: 'game',
      value: g.id,
      checked,
      disabled: !g.available,
      onchange: () => onPick(g.id),
    }),
    h('span', { class: 'game-art', 'aria-hidden': 'true' }, gameArt(g)),
    h(
      'span',
      { class: 'game-text' },
      h('strong', {}, gameTitle(g.id)),
      h('small', { 'data-i18n': `${g.id}.blurb` }, t(`${g.id}.blurb`))
    ),
    g.available ? null : translated('span', { class: 'badge' }, 'soon'),
    g.available && (g.howToPlay || g.lessons) ? cardLinks(g) : null
  );
}

// A playable game card's links: its How to play page and its lessons, those it has.
function cardLinks(g) {
  return h(
    'span',
    { class: 'card-links' },
    g.howToPlay ? translated('a', { class: 'card-howto', href: howToPlayHref(g.id) }, 'how_to_play') : null,
    g.lessons ? translated('a', { class: 'card-learn', href: learnHref(g.id) }, 'learn.link') : null
  );
}

// A game card's small decorative illustration (the entry's SVG markup), or nothing.
function gameArt(g) {
  if (!g.art) return null;
  const span = document.createElement('span');
  span.innerHTML = g.art;
  return span.firstChild;
}

// The chosen game in one paragraph, with its How to play page; null when it has none.
export function gameSummary(game) {
  if (!game.howToPlay) return null;
  return h(
    'div',
    { class: 'game-summary', id: 'game-summary' },
    h('p', { 'data-i18n': gameKey(game.id, game.howToPlay.summary) }, t(gameKey(game.id, game.howToPlay.summary))),
    h(
      'a',
      {
        href: howToPlayHref(game.id),
        id: 'summary-howto',
        'data-i18n': 'howto.read',
        'data-i18n-args': JSON.stringify({ game: gameTitle(game.id) }),
      },
      t('howto.read', { game: gameTitle(game.id) })
    )
  );
}
