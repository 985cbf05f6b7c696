// The create form's content: the game picker and summary (picker.js), the options (the game's,
// the opponent, the place of play, the seat, the server's options, the clock, the name), the
// starting position, the message line and the Create button; what the place of play shows; and
// the form's values read back. It only draws from the state (state.js) and reads the controls;
// what the user does goes to the handlers home.js gives.
import { h } from '../dom.js';
import { t, gameKey, has, translated } from '../i18n.js';
import { gameById, gameTitle } from '../games.js';
import { field, select, optionFields } from '../options-form.js';
import { clockChoice } from '../clock.js';
import { gamePicker, gameSummary } from './picker.js';
import { placeModel, accessModel } from './state.js';
import { errorWords } from './page.js';

// Draws the form for state.gameId into form, its choices starting from state.choices; savedName:
// the name this browser keeps. on: {pick(gameId), place() (the opponent or place of play
// changed)}. Returns its controls: {fields (the game's options), opponent, seat, visibility,
// position, clock, name, guestsWatch, here, rated, chat, hereField, guestsWatchField, ratedField,
// chatField}.
export function drawCreateForm(form, state, savedName, on) {
  const game = gameById(state.gameId);
  const controls = formControls(game, state, savedName);
  const hintArgs = { game: gameTitle(game.id) };
  form.replaceChildren(
    gamePicker(state.gameId, on.pick),
    gameSummary(game),
    optionsFieldset(controls),
    h(
      'details',
      { class: 'advanced server-only' },
      translated('summary', {}, 'opt.position'),
      h(
        'p',
        { class: 'hint', 'data-i18n': 'opt.position.hint', 'data-i18n-args': JSON.stringify(hintArgs) },
        t('opt.position.hint', hintArgs)
      ),
      controls.position
    ),
    h('p', { class: 'field-error', id: 'create-error', role: 'alert' }),
    translated('button', { class: 'btn primary big', id: 'create-btn' }, 'create')
  );
  controls.opponent.addEventListener('change', on.place);
  controls.here.addEventListener('change', on.place);
  return controls;
}

// A checkbox named name (its id opt-<id>), checked or not.
const checkbox = (name, id, checked) => h('input', { type: 'checkbox', name, id: `opt-${id}`, checked });

// A labelled field (label: a string key) around control, with the id given.
function fieldWithId(label, control, id) {
  const el = field(label, control);
  el.id = id;
  return el;
}

// The form's controls for game (see drawCreateForm), state.choices set.
function formControls(game, state, savedName) {
  const { choices } = state;
  const seats = (game.seats || [1, 2]).map((n) => [String(n), seatOptionKey(game.id, n)]);
  // Who plays the other seat: a friend by link, the server's computer player, or this browser.
  const opponent = select(
    'opponent',
    [
      ['friend', 'opp.friend'],
      ['bot.easy', 'opp.bot.easy'],
      ['bot.medium', 'opp.bot.medium'],
      ['bot.hard', 'opp.bot.hard'],
      ['local', 'opp.local'],
    ],
    choices.opponent
  );
  const c = {
    fields: optionFields(game.id, game.options),
    seat: select('seat', [...seats, ['random', 'opt.seat.random']], '1'),
    opponent,
    // Against the computer or on this device the game may be played in this browser alone
    // (the engine runs here): the only way while offline, where a friend cannot be invited.
    here: checkbox('here', 'here', choices.here),
    visibility: select(
      'visibility',
      [
        ['public', 'opt.visibility.public'],
        ['unlisted', 'opt.visibility.unlisted'],
      ],
      'public'
    ),
    position: h('textarea', {
      name: 'position',
      id: 'opt-position',
      rows: 5,
      spellcheck: false,
      'aria-label': t('opt.position'),
    }),
    name: h('input', {
      type: 'text',
      name: 'name',
      id: 'opt-name',
      maxLength: 24,
      value: savedName,
      autocomplete: 'nickname',
    }),
    clock: clockChoice({ field }),
    // Where only members play, whether the link lets guests (not signed in) watch.
    guestsWatch: checkbox('guests_watch', 'guests-watch', choices.guestsWatch),
    // A signed-in member playing another person may make the match rated.
    rated: checkbox('rated', 'rated', choices.rated),
    // Against a friend, the match's chat may be left off (it is on unless unticked).
    chat: checkbox('chat', 'chat', choices.chat),
  };
  c.hereField = fieldWithId('opt.here', c.here, 'here-field');
  c.guestsWatchField = fieldWithId('opt.guests_watch', c.guestsWatch, 'guests-watch-field');
  c.guestsWatchField.hidden = accessModel(state).watchHidden;
  c.ratedField = fieldWithId('opt.rated', c.rated, 'rated-field');
  c.chatField = fieldWithId('opt.chat', c.chat, 'chat-field');
  return c;
}

// The options fieldset: the offline note and the grid of fields (the server's own in a group).
function optionsFieldset(c) {
  return h(
    'fieldset',
    { class: 'options' },
    translated('legend', {}, 'options'),
    translated('p', { class: 'hint offline-note', id: 'offline-note' }, 'offline.note'),
    h(
      'div',
      { class: 'opt-grid' },
      field('opt.opponent', c.opponent),
      c.hereField,
      c.fields.nodes,
      field('opt.seat', c.seat),
      h(
        'div',
        { class: 'server-only', id: 'server-only' },
        field('opt.visibility', c.visibility),
        c.guestsWatchField,
        c.ratedField,
        c.chatField,
        c.clock.nodes
      ),
      field('your_name', c.name)
    )
  );
}

// The seat choice's label key: the game's `opt.seat.<n>` ("Player 1 (moves first)") when it
// has one, else its seat name `seat.<n>`.
function seatOptionKey(game, n) {
  const key = gameKey(game, `opt.seat.${n}`);
  return has(key) ? key : gameKey(game, `seat.${n}`);
}

// Shows what state's place of play asks for (placeModel): offline, only the computer and this
// device (played in this browser), and no joining or watching (parts: page.js's); in this
// browser, none of the server's options (visibility, clock, position).
export function drawPlace(parts, c, state) {
  const { opponent, here } = state.place;
  const shown = placeModel(state);
  if (c.opponent.value !== opponent) c.opponent.value = opponent;
  if (c.here.checked !== here) c.here.checked = here;
  parts.joinCard.hidden = shown.cardsHidden;
  parts.liveCard.hidden = shown.cardsHidden;
  c.opponent.querySelector('option[value="friend"]').disabled = shown.friendDisabled;
  c.hereField.hidden = shown.hereHidden;
  c.ratedField.hidden = shown.ratedHidden;
  c.chatField.hidden = shown.chatHidden;
  c.here.disabled = shown.hereDisabled;
  for (const el of parts.form.querySelectorAll('.server-only')) el.hidden = shown.serverOnlyHidden;
  parts.form.querySelector('#offline-note').hidden = shown.offlineNoteHidden;
}

// The place of play the form shows: {opponent, here}.
export function shownPlace(c) {
  return { opponent: c.opponent.value, here: c.here.checked };
}

// The choices a form drawn for another game keeps (state.js FIRST_CHOICES's keys).
export function keptChoices(c) {
  return {
    opponent: c.opponent.value,
    here: c.here.checked,
    guestsWatch: c.guestsWatch.checked,
    rated: c.rated.checked,
    chat: c.chat.checked,
  };
}

// What the form shows, for transitions.js submitted().
export function readForm(c) {
  return {
    options: c.fields.read(),
    seat: c.seat.value,
    visibility: c.visibility.value,
    position: c.position.value,
    clock: c.clock.read(),
    opponent: c.opponent.value,
    here: c.here.checked,
    guestsWatch: c.guestsWatch.checked,
    rated: c.rated.checked,
    chat: c.chat.checked,
  };
}

// Shows error (a message descriptor) under form; a string key it names stays on the element, so
// that a language change translates it again.
export function drawCreateError(form, error) {
  const el = form.querySelector('#create-error');
  if (!el) return;
  const { text, key } = errorWords(error);
  if (key) el.dataset.i18n = key;
  else delete el.dataset.i18n;
  el.textContent = text;
}

// Marks button (the Create button of the form sent) busy (disabled, "Creating…") or ready.
export function drawBusy(button, busy) {
  button.disabled = busy;
  button.textContent = t(busy ? 'creating' : 'create');
}
