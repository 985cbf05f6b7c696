// The join step of a shared link (/m/CODE without a stored seat): what the match is — game
// (with a link to its How to play page), options, who is seated, the clock when the match has
// one — with "Join as player" (only while
// a seat is free) and "Watch", and the optional display name kept per browser. Nobody is
// seated without asking; a spectator link (/m/CODE?watch) skips this step and never sits.
import { h, icon } from './dom.js';
import { t, gameKey, translated } from './i18n.js';
import { getMatch } from './api.js';
import { gameById, gameTitle, seatLabel } from './games.js';
import { loadName, saveName } from './seats.js';
import { howToPlayHref } from './how-to-play.js';

// A clock option as words ('' when the match has none).
export function clockText(clock) {
  if (!clock || typeof clock !== 'object') return '';
  if (clock.initial_s != null)
    return t('clock_fischer', { m: Math.round(clock.initial_s / 60), s: clock.increment_s ?? 0 });
  if (clock.days_per_turn != null) return t('clock_days', { d: clock.days_per_turn });
  return '';
}

// The game's option values as "label: value" lines (the game's own labels when it has them).
function optionLines(game, options) {
  const schema = game?.options || [];
  return Object.entries(options || {})
    .filter(([k]) => k !== 'clock')
    .map(([k, v]) => {
      const o = schema.find((x) => x.name === k);
      const label = o ? t(gameKey(game.id, o.label)) : k;
      const choice = o?.choices?.find(([cv]) => cv === v);
      const value = choice ? t(gameKey(game.id, choice[1])) : typeof v === 'boolean' ? (v ? '✓' : '✗') : String(v);
      return h('li', { 'data-option': k }, `${label}: ${value}`);
    });
}

// What a guest sees of match code where only signed-in members watch it: a sentence and the
// way to sign in (which comes back to the match).
export function signInToWatch(code) {
  return [
    translated('p', { class: 'notice', id: 'sign-in-required' }, 'match.sign_in_to_watch'),
    h(
      'a',
      {
        class: 'btn primary',
        id: 'sign-in-to-watch',
        href: `/signin?next=${encodeURIComponent(`/m/${code}`)}`,
        'data-i18n': 'account.signin',
      },
      t('account.signin')
    ),
  ];
}

// Draws the join step for code into app; onPlay() / onWatch() continue to the match page.
export async function renderJoinStep(app, code, { onPlay, onWatch }) {
  code = code.toUpperCase();
  app.replaceChildren(
    h('section', { class: 'join-step', id: 'join-step' }, h('p', { class: 'notice' }, t('connecting')))
  );
  let s;
  try {
    s = await getMatch(code);
  } catch (err) {
    app.replaceChildren(
      h(
        'section',
        { class: 'join-step', id: 'join-step' },
        err?.code === 'sign_in_required'
          ? signInToWatch(code)
          : [
              h('p', { class: 'notice' }, t(err?.code === 'unknown_match' ? 'unknown_code' : 'network_error')),
              h('a', { class: 'btn', href: '/' }, t('back_home')),
            ]
      )
    );
    return;
  }
  const game = gameById(s.game);
  const over = s.status === 'finished';
  const free = !over && (s.seats || []).some((x) => !x.taken);
  const nameInput = h('input', {
    type: 'text',
    id: 'join-name',
    maxLength: 24,
    value: loadName(),
    autocomplete: 'nickname',
  });
  const clock = clockText(s.clock ?? s.options?.clock);
  const seats = (s.seats || []).map((x) =>
    h(
      'li',
      { class: `join-seat p${x.seat}`, 'data-seat': String(x.seat), 'data-taken': String(!!x.taken) },
      h('strong', {}, seatLabel(game, x.seat)),
      ' — ',
      x.taken
        ? h('span', { class: 'seat-name' }, x.name || t('seat_taken'))
        : h('span', { class: 'seat-free' }, t('empty_seat'))
    )
  );
  const play = h(
    'button',
    {
      type: 'button',
      class: 'btn primary big',
      id: 'join-player',
      onclick: () => {
        saveName(nameInput.value.trim());
        onPlay();
      },
    },
    icon('summon'),
    t('join_as_player')
  );
  const watch = h(
    'button',
    { type: 'button', class: 'btn ghost big', id: 'join-watch', onclick: () => onWatch() },
    icon('eye'),
    t('join_watch')
  );
  app.replaceChildren(
    h(
      'section',
      { class: 'join-step', id: 'join-step', 'data-status': s.status },
      h('h1', {}, t('join_step_title')),
      h(
        'p',
        { class: 'join-game' },
        h('span', { class: 'game-name', id: 'join-game' }, gameTitle(s.game)),
        ' · ',
        h('span', { class: 'code-chip' }, code)
      ),
      game?.howToPlay
        ? h(
            'p',
            { class: 'join-howto' },
            h('a', { href: howToPlayHref(game.id), id: 'join-howto' }, t('howto.read', { game: gameTitle(s.game) }))
          )
        : null,
      h('h2', {}, t('join_seats')),
      h('ul', { class: 'join-seats', id: 'join-seats' }, seats),
      optionLines(game, s.options).length
        ? [
            h('h2', {}, t('join_options')),
            h('ul', { class: 'join-options', id: 'join-options' }, optionLines(game, s.options)),
          ]
        : null,
      clock ? h('p', { class: 'join-clock', id: 'join-clock' }, `${t('join_clock')}: ${clock}`) : null,
      free
        ? h('div', { class: 'field' }, h('label', { for: 'join-name' }, t('your_name')), nameInput)
        : h('p', { class: 'notice', id: 'join-why' }, t(over ? 'join_over' : 'join_full')),
      h('div', { class: 'row-btns' }, free ? play : null, watch)
    )
  );
}
