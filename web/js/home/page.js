// The home page's frame, drawn once: the hero, the new match card (the members-only note, the
// create form, whose content form.js draws, and the created match's share box), the join card,
// the live card (live and recently finished matches, links to the lobby and leaderboard) and the
// card of the games kept on this device. Its draw functions only draw from the state (state.js);
// what the user does goes to the handlers home.js gives.
import { h } from '../dom.js';
import { t, errorText, translated } from '../i18n.js';
import { shareBox } from '../share.js';
import { drawLists } from '../live-list.js';
import { offlineGamesCard } from '../offline/offline-list.js';
import { accessModel } from './state.js';

// Builds the page into app. on: {submit() (the create form was sent), formChange() (one of its
// choices changed), joinInput(value), join(value)}. Returns the parts the draw functions below
// and form.js fill: {form, result, joinInput, joinError, liveList, recentList, recentBox,
// membersNote, offlineGames ({el, redraw()}), joinCard, liveCard}.
export function buildHomePage(app, on) {
  const parts = {
    form: h('form', {
      class: 'create-form',
      id: 'create-form',
      onsubmit: (e) => {
        e.preventDefault();
        on.submit();
      },
      onchange: () => on.formChange(), // a changed choice answers the last refusal
    }),
    result: h('div', { class: 'create-result', id: 'create-result', hidden: true, 'aria-live': 'polite' }),
    joinInput: h('input', {
      id: 'join-code',
      name: 'code',
      autocomplete: 'off',
      autocapitalize: 'characters',
      spellcheck: false,
      maxLength: 6,
      'data-i18n-placeholder': 'join_placeholder',
      placeholder: t('join_placeholder'),
      oninput: (e) => on.joinInput(e.target.value),
    }),
    joinError: h('p', { class: 'field-error', id: 'join-error', role: 'alert' }),
    liveList: h('ul', { class: 'live-list', id: 'live-list' }),
    recentList: h('ul', { class: 'live-list recent', id: 'recent-list' }),
    membersNote: h(
      'p',
      { class: 'members-only', id: 'members-only', hidden: true },
      translated('span', {}, 'account.members_only'),
      ' ',
      translated('a', { href: '/signin' }, 'account.signin')
    ),
    offlineGames: offlineGamesCard(),
  };
  parts.recentBox = h(
    'div',
    { class: 'recent-box', hidden: true },
    translated('h3', { class: 'recent-title' }, 'recent_title'),
    parts.recentList
  );
  parts.joinCard = joinCard(parts, on);
  parts.liveCard = liveCard(parts);
  app.replaceChildren(homeSection(parts));
  return parts;
}

// The page's section: the hero and the grid of cards.
function homeSection(parts) {
  return h(
    'section',
    { class: 'home' },
    h('div', { class: 'hero' }, h('h1', {}, 'Tabuleiro'), translated('p', { class: 'tagline' }, 'tagline')),
    h(
      'div',
      { class: 'home-grid' },
      h(
        'section',
        { class: 'card create', 'aria-labelledby': 'new-title' },
        translated('h2', { id: 'new-title' }, 'new_match'),
        parts.membersNote,
        parts.form,
        parts.result
      ),
      h('div', { class: 'side-cards' }, parts.joinCard, parts.liveCard, parts.offlineGames.el)
    )
  );
}

// The card to join a match by its code.
function joinCard(parts, on) {
  return h(
    'section',
    { class: 'card join', 'aria-labelledby': 'join-title' },
    translated('h2', { id: 'join-title' }, 'join_title'),
    h(
      'form',
      {
        class: 'join-form',
        onsubmit: (e) => {
          e.preventDefault();
          on.join(parts.joinInput.value);
        },
      },
      translated('label', { for: 'join-code', class: 'sr-only' }, 'join_label'),
      parts.joinInput,
      translated('button', { class: 'btn', id: 'join-btn' }, 'join')
    ),
    parts.joinError
  );
}

// The card of the matches to watch, with the links to the lobby and the leaderboard.
function liveCard(parts) {
  return h(
    'section',
    { class: 'card live', 'aria-labelledby': 'live-title' },
    h(
      'h2',
      { id: 'live-title' },
      h('span', { class: 'live-dot', 'aria-hidden': 'true' }),
      translated('span', {}, 'watch_title')
    ),
    parts.liveList,
    parts.recentBox,
    h(
      'p',
      { class: 'home-links' },
      translated('a', { class: 'board-link', href: '/lobby', id: 'lobby-link' }, 'lobby.link'),
      translated('a', { class: 'board-link', href: '/leaderboard', id: 'leaderboard-link' }, 'board.title')
    )
  );
}

// The words of a message descriptor (transitions.js): {text, key} (key: the string key the
// element keeps for a language change, or null).
export function errorWords(error) {
  if (error.key) return { text: t(error.key), key: error.key };
  if (error.words) return { text: t(error.words, error.args) };
  if (error.refusal) return { text: errorText(error.refusal, error.game) };
  return { text: error.text, key: null };
}

// Shows error (a message descriptor) under the join form.
export function drawJoinError(parts, error) {
  parts.joinError.textContent = errorWords(error).text;
}

// Shows what the account's access allows: the members-only note instead of the form for a
// guest, and the guests-watch choice where members alone play (watchField: the form's).
export function drawAccess(parts, state, watchField) {
  const { guest, watchHidden } = accessModel(state);
  parts.membersNote.hidden = !guest;
  parts.form.hidden = guest;
  if (watchField) watchField.hidden = watchHidden;
}

// Shows the match created for a friend (state.shared): its code, link and QR, and the way to its
// page, instead of the form; the copy button takes the focus.
export function drawShared(parts, state) {
  const { code, link } = state.shared;
  parts.result.replaceChildren(
    translated('h3', {}, 'share_title'),
    shareBox(code, link),
    h(
      'a',
      { class: 'btn primary big', id: 'go-match', href: `/m/${code}`, 'data-i18n': 'go_to_match' },
      t('go_to_match')
    )
  );
  parts.result.hidden = false;
  parts.form.hidden = true;
  parts.result.querySelector('#copy-link')?.focus({ preventScroll: true });
}

// Draws the live list and the recently finished matches (state.live).
export function drawLiveLists(parts, state) {
  drawLists(parts.liveList, parts.recentList, parts.recentBox, state.live.matches, state.live.finished);
}
