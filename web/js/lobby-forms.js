// The lobby's two forms (lobby-page.js): quick pairing (a game and a live clock, rated or not)
// and posting a challenge (game, clock, rated, an optional rating range or member). They only
// read their fields: what they ask goes out through the page's request(body).
import { h } from './dom.js';
import { translated } from './i18n.js';
import { GAMES, gameTitle } from './games.js';
import { field } from './options-form.js';
import { clockChoice, CLOCK_PRESETS } from './clock.js';

// A <select> of values whose texts are set by name(value) (the game titles, the clock presets).
function plainSelect(id, values, value) {
  return h(
    'select',
    { id, name: id },
    values.map((v) => h('option', { value: v, selected: v === value }, v))
  );
}

// The ids of the games one may play.
const availableGames = () => GAMES.filter((g) => g.available).map((g) => g.id);

// Quick pairing: a game and a live clock, rated or not; submitting sends a seek, the cancel
// button (shown while seeking) cancels it. Returns the form and the parts the page draws.
export function seekForm(request) {
  const gameIds = availableGames();
  const seekGame = plainSelect('seek-game', gameIds, gameIds[0]);
  const seekClock = plainSelect('seek-clock', CLOCK_PRESETS, '5+3');
  const seekRated = h('input', { type: 'checkbox', id: 'seek-rated', name: 'seek_rated', checked: true });
  const seekBtn = translated('button', { class: 'btn', id: 'seek-btn' }, 'lobby.seek');
  const seekCancel = translated(
    'button',
    {
      type: 'button',
      class: 'btn ghost',
      id: 'seek-cancel',
      hidden: true,
      onclick: () => request({ type: 'cancel_seek' }),
    },
    'lobby.seek_cancel'
  );
  const form = h(
    'form',
    {
      class: 'lobby-form',
      id: 'seek-form',
      onsubmit: (e) => {
        e.preventDefault();
        const [m, s] = seekClock.value.split('+').map(Number);
        request({
          type: 'seek',
          game: seekGame.value,
          clock: { initial_s: m * 60, increment_s: s },
          rated: seekRated.checked,
        });
      },
    },
    field('lobby.game', seekGame),
    field('opt.clock', seekClock),
    field('lobby.rated_choice', seekRated),
    h('div', { class: 'form-actions' }, seekBtn, seekCancel)
  );
  // The game and clock choices' texts in the current language.
  const relabel = () => {
    for (const o of seekGame.options) o.textContent = gameTitle(o.value);
    for (const o of seekClock.options) o.textContent = o.value.replace('+', ' + ');
  };
  return { form, seekBtn, seekCancel, relabel };
}

// A rating bound of a challenge (0 to 4000 by 50).
function ratingInput(id, name) {
  return h('input', {
    type: 'number',
    id,
    name,
    min: 0,
    max: 4000,
    step: 50,
    inputmode: 'numeric',
  });
}

// A challenge: game, clock, rated, an optional rating range or member (the member wins);
// submitting sends it. Returns the form and the relabelling of its game choice.
export function challengeForm(request) {
  const gameIds = availableGames();
  const postGame = plainSelect('post-game', gameIds, gameIds[0]);
  const clock = clockChoice({ field });
  const postRated = h('input', { type: 'checkbox', id: 'post-rated', name: 'post_rated' });
  const minRating = ratingInput('post-min', 'min_rating');
  const maxRating = ratingInput('post-max', 'max_rating');
  const to = h('input', {
    type: 'text',
    id: 'post-to',
    name: 'to',
    maxLength: 24,
    autocomplete: 'off',
    spellcheck: false,
  });
  const form = h(
    'form',
    {
      class: 'lobby-form',
      id: 'post-form',
      onsubmit: (e) => {
        e.preventDefault();
        const body = { type: 'challenge', game: postGame.value, clock: clock.read(), rated: postRated.checked };
        if (to.value.trim()) body.to = to.value.trim();
        else {
          if (minRating.value !== '') body.min_rating = Number(minRating.value);
          if (maxRating.value !== '') body.max_rating = Number(maxRating.value);
        }
        request(body);
      },
    },
    field('lobby.game', postGame),
    ...clock.nodes,
    field('lobby.rated_choice', postRated),
    h('div', { class: 'range-fields' }, field('lobby.min', minRating), field('lobby.max', maxRating)),
    field('lobby.to_field', to),
    h('div', { class: 'form-actions' }, translated('button', { class: 'btn', id: 'post-btn' }, 'lobby.post'))
  );
  // The game choice's texts in the current language.
  const relabel = () => {
    for (const o of postGame.options) o.textContent = gameTitle(o.value);
  };
  return { form, relabel };
}
