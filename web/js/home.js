// The home page: pick a game (each card links to its How to play page; the form shows the
// chosen game's summary) and its options, create a match (share code, link, QR) or start one
// played in this browser (offline/), join by code, the live list of public matches to watch
// (live-list.js), and the games kept on this device. `/?game=ID` picks a game.
import { h } from './dom.js';
import { t, onLangChange, translatePage, errorText, gameKey, has } from './i18n.js';
import { GAMES, gameById, gameTitle } from './games.js';
import { createMatch, getMatch } from './api.js';
import { saveSeat, saveLocal, loadName, saveName } from './seats.js';
import { claimFreeSeat } from './connection.js';
import { shareBox } from './share.js';
import { field, select, optionFields, createRequest } from './options-form.js';
import { watchMatches, drawLists, stopClocks } from './live-list.js';
import { clockChoice } from './clock.js';
import { account, onAccountChange, membersOnly } from './account.js';
import { showAccountDisabled } from './account-banner.js';
import { howToPlayHref } from './how-to-play.js';
import { learnHref } from './learn/routes.js';
import { startOffline } from './offline/offline-page.js';
import { offlineGamesCard } from './offline/offline-list.js';
import { network } from './network.js';

const CODE_RE = /^[A-Z0-9]{6}$/;

// Draws the home page into app.
export function renderHome(app) {
  const asked = new URLSearchParams(location.search).get('game');
  let gameId = (GAMES.find((g) => g.available && g.id === asked) || GAMES.find((g) => g.available))?.id;
  let controls = null; // the current form's {fields (the game's options), opponent, seat, visibility, position}
  // The opponent and place of play that the server being out of reach replaced, put back when
  // it is reachable again unless the user chose otherwise meanwhile.
  let replaced = null;
  const form = h('form', {
    class: 'create-form',
    id: 'create-form',
    onsubmit: (e) => {
      e.preventDefault();
      create();
    },
    onchange: () => showError(''),
  }); // a changed choice answers the last refusal
  const result = h('div', { class: 'create-result', id: 'create-result', hidden: true, 'aria-live': 'polite' });
  const joinInput = h('input', {
    id: 'join-code',
    name: 'code',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: false,
    maxLength: 6,
    'data-i18n-placeholder': 'join_placeholder',
    placeholder: t('join_placeholder'),
    oninput: (e) => {
      e.target.value = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
      joinErr.textContent = '';
    },
  });
  const joinErr = h('p', { class: 'field-error', id: 'join-error', role: 'alert' });
  const liveList = h('ul', { class: 'live-list', id: 'live-list' });
  const recentList = h('ul', { class: 'live-list recent', id: 'recent-list' });
  const membersNote = h(
    'p',
    { class: 'members-only', id: 'members-only', hidden: true },
    h('span', { 'data-i18n': 'account.members_only' }, t('account.members_only')),
    ' ',
    h('a', { href: '/signin', 'data-i18n': 'account.signin' }, t('account.signin'))
  );
  const offlineGames = offlineGamesCard();
  const recentBox = h(
    'div',
    { class: 'recent-box', hidden: true },
    h('h3', { class: 'recent-title', 'data-i18n': 'recent_title' }, t('recent_title')),
    recentList
  );

  app.replaceChildren(
    h(
      'section',
      { class: 'home' },
      h(
        'div',
        { class: 'hero' },
        h('h1', {}, 'Tabuleiro'),
        h('p', { class: 'tagline', 'data-i18n': 'tagline' }, t('tagline'))
      ),
      h(
        'div',
        { class: 'home-grid' },
        h(
          'section',
          { class: 'card create', 'aria-labelledby': 'new-title' },
          h('h2', { id: 'new-title', 'data-i18n': 'new_match' }, t('new_match')),
          membersNote,
          form,
          result
        ),
        h(
          'div',
          { class: 'side-cards' },
          h(
            'section',
            { class: 'card join', 'aria-labelledby': 'join-title' },
            h('h2', { id: 'join-title', 'data-i18n': 'join_title' }, t('join_title')),
            h(
              'form',
              {
                class: 'join-form',
                onsubmit: (e) => {
                  e.preventDefault();
                  join();
                },
              },
              h('label', { for: 'join-code', class: 'sr-only', 'data-i18n': 'join_label' }, t('join_label')),
              joinInput,
              h('button', { class: 'btn', id: 'join-btn', 'data-i18n': 'join' }, t('join'))
            ),
            joinErr
          ),
          h(
            'section',
            { class: 'card live', 'aria-labelledby': 'live-title' },
            h(
              'h2',
              { id: 'live-title' },
              h('span', { class: 'live-dot', 'aria-hidden': 'true' }),
              h('span', { 'data-i18n': 'watch_title' }, t('watch_title'))
            ),
            liveList,
            recentBox,
            h(
              'p',
              { class: 'home-links' },
              h(
                'a',
                { class: 'board-link', href: '/lobby', id: 'lobby-link', 'data-i18n': 'lobby.link' },
                t('lobby.link')
              ),
              h(
                'a',
                { class: 'board-link', href: '/leaderboard', id: 'leaderboard-link', 'data-i18n': 'board.title' },
                t('board.title')
              )
            )
          ),
          offlineGames.el
        )
      )
    )
  );

  drawForm();
  // Where only members play, a guest is told so instead of being shown the form.
  const drawAccess = () => {
    const guest = membersOnly() && !account().user;
    membersNote.hidden = !guest;
    form.hidden = guest;
    const watch = form.querySelector('#guests-watch-field');
    if (watch) watch.hidden = !membersOnly();
    drawWhere(); // the rated choice is a member's
  };
  const offAccount = onAccountChange(drawAccess);
  drawAccess();

  function drawForm() {
    const game = gameById(gameId);
    const picker = h(
      'fieldset',
      { class: 'game-picker' },
      h('legend', { 'data-i18n': 'choose_game' }, t('choose_game')),
      GAMES.map((g) =>
        h(
          'label',
          { class: `game-card g-${g.id}${g.available ? '' : ' disabled'}` },
          h('input', {
            type: 'radio',
            name: 'game',
            value: g.id,
            checked: g.id === gameId,
            disabled: !g.available,
            onchange: () => {
              gameId = g.id;
              drawForm();
            },
          }),
          h('span', { class: 'game-art', 'aria-hidden': 'true' }, gameArt(g)),
          h(
            'span',
            { class: 'game-text' },
            h('strong', {}, gameTitle(g.id)),
            h('small', { 'data-i18n': `${g.id}.blurb` }, t(`${g.id}.blurb`))
          ),
          g.available ? null : h('span', { class: 'badge', 'data-i18n': 'soon' }, t('soon')),
          g.available && (g.howToPlay || g.lessons)
            ? h(
                'span',
                { class: 'card-links' },
                g.howToPlay
                  ? h(
                      'a',
                      { class: 'card-howto', href: howToPlayHref(g.id), 'data-i18n': 'how_to_play' },
                      t('how_to_play')
                    )
                  : null,
                g.lessons
                  ? h('a', { class: 'card-learn', href: learnHref(g.id), 'data-i18n': 'learn.link' }, t('learn.link'))
                  : null
              )
            : null
        )
      )
    );
    // The chosen game in one paragraph, with its How to play page.
    const summary = game.howToPlay
      ? h(
          'div',
          { class: 'game-summary', id: 'game-summary' },
          h(
            'p',
            { 'data-i18n': gameKey(game.id, game.howToPlay.summary) },
            t(gameKey(game.id, game.howToPlay.summary))
          ),
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
        )
      : null;
    const fields = optionFields(game.id, game.options);
    const seat = select(
      'seat',
      [...(game.seats || [1, 2]).map((n) => [String(n), seatOptionKey(game.id, n)]), ['random', 'opt.seat.random']],
      '1'
    );
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
      controls?.opponent?.value || 'friend'
    );
    // Against the computer or on this device the game may be played in this browser alone
    // (the engine runs here): the only way while offline, where a friend cannot be invited.
    const here = h('input', {
      type: 'checkbox',
      name: 'here',
      id: 'opt-here',
      checked: controls?.here?.checked ?? false,
    });
    const hereField = field('opt.here', here);
    hereField.id = 'here-field';
    const visibility = select(
      'visibility',
      [
        ['public', 'opt.visibility.public'],
        ['unlisted', 'opt.visibility.unlisted'],
      ],
      'public'
    );
    const position = h('textarea', {
      name: 'position',
      id: 'opt-position',
      rows: 5,
      spellcheck: false,
      'aria-label': t('opt.position'),
    });
    const name = h('input', {
      type: 'text',
      name: 'name',
      id: 'opt-name',
      maxLength: 24,
      value: loadName(),
      autocomplete: 'nickname',
    });
    const clock = clockChoice({ field });
    // Where only members play, whether the link lets guests (not signed in) watch.
    const guestsWatch = h('input', {
      type: 'checkbox',
      name: 'guests_watch',
      id: 'opt-guests-watch',
      checked: controls?.guestsWatch?.checked ?? true,
    });
    const guestsWatchField = field('opt.guests_watch', guestsWatch);
    guestsWatchField.id = 'guests-watch-field';
    guestsWatchField.hidden = !membersOnly();
    // A signed-in member playing another person may make the match rated.
    const rated = h('input', {
      type: 'checkbox',
      name: 'rated',
      id: 'opt-rated',
      checked: controls?.rated?.checked ?? false,
    });
    const ratedField = field('opt.rated', rated);
    ratedField.id = 'rated-field';
    // Against a friend, the match's chat may be left off (it is on unless unticked).
    const chat = h('input', {
      type: 'checkbox',
      name: 'chat',
      id: 'opt-chat',
      checked: controls?.chat?.checked ?? true,
    });
    const chatField = field('opt.chat', chat);
    chatField.id = 'chat-field';
    controls = { fields, opponent, seat, visibility, position, clock, name, guestsWatch, here, rated, chat };
    const hintArgs = { game: gameTitle(game.id) };
    form.replaceChildren(
      picker,
      summary,
      h(
        'fieldset',
        { class: 'options' },
        h('legend', { 'data-i18n': 'options' }, t('options')),
        h('p', { class: 'hint offline-note', id: 'offline-note', 'data-i18n': 'offline.note' }, t('offline.note')),
        h(
          'div',
          { class: 'opt-grid' },
          field('opt.opponent', opponent),
          hereField,
          fields.nodes,
          field('opt.seat', seat),
          h(
            'div',
            { class: 'server-only', id: 'server-only' },
            field('opt.visibility', visibility),
            guestsWatchField,
            ratedField,
            chatField,
            clock.nodes
          ),
          field('your_name', name)
        )
      ),
      h(
        'details',
        { class: 'advanced server-only' },
        h('summary', { 'data-i18n': 'opt.position' }, t('opt.position')),
        h(
          'p',
          { class: 'hint', 'data-i18n': 'opt.position.hint', 'data-i18n-args': JSON.stringify(hintArgs) },
          t('opt.position.hint', hintArgs)
        ),
        position
      ),
      h('p', { class: 'field-error', id: 'create-error', role: 'alert' }),
      h('button', { class: 'btn primary big', id: 'create-btn', 'data-i18n': 'create' }, t('create'))
    );
    const chosen = () => {
      replaced = null;
      drawWhere();
    };
    opponent.addEventListener('change', chosen);
    here.addEventListener('change', chosen);
    drawWhere();
  }

  // Shows what the chosen place of play asks for: offline, only the computer and this device
  // (played in this browser), and no joining or watching; in this browser, none of the
  // server's options (visibility, clock, position).
  function drawWhere() {
    if (!controls) return;
    const { opponent, here } = controls;
    const offline = !network().reachable();
    if (offline && !replaced) replaced = { opponent: opponent.value, here: here.checked };
    if (!offline && replaced) {
      opponent.value = replaced.opponent;
      here.checked = replaced.here;
      replaced = null;
    }
    for (const card of app.querySelectorAll('.card.join, .card.live')) card.hidden = offline;
    const friend = opponent.querySelector('option[value="friend"]');
    friend.disabled = offline;
    if (offline && opponent.value === 'friend') opponent.value = 'bot.easy';
    form.querySelector('#here-field').hidden = opponent.value === 'friend';
    form.querySelector('#rated-field').hidden = !account().user || opponent.value !== 'friend';
    form.querySelector('#chat-field').hidden = opponent.value !== 'friend';
    here.disabled = offline;
    if (offline) here.checked = true;
    const inBrowser = here.checked && opponent.value !== 'friend';
    for (const el of form.querySelectorAll('.server-only')) el.hidden = inBrowser;
    form.querySelector('#offline-note').hidden = !offline;
  }
  const offNetwork = network().onChange(drawWhere);

  // Shows text (or, translated now and on a language change, the string key) under the form.
  function showError(text, key = null) {
    const err = form.querySelector('#create-error');
    if (!err) return;
    if (key) err.dataset.i18n = key;
    else delete err.dataset.i18n;
    err.textContent = key ? t(key) : text;
  }

  async function create() {
    const btn = form.querySelector('#create-btn');
    showError('');
    let req;
    try {
      req = createRequest({
        game: gameId,
        options: controls.fields.read(),
        seat: controls.seat.value,
        visibility: controls.visibility.value,
        position: controls.position.value,
        clock: controls.clock.read(),
      });
    } catch (e) {
      showError(`JSON: ${e.message}`);
      return;
    }
    const opponent = controls.opponent.value;
    if (controls.here.checked && opponent !== 'friend') {
      createHere(opponent);
      return;
    }
    if (opponent.startsWith('bot.')) req.opponent = { bot: opponent.slice(4) };
    if (opponent === 'local') req.seat = 1;
    if (membersOnly()) req.guests_watch = controls.guestsWatch.checked;
    if (!form.querySelector('#chat-field').hidden && !controls.chat.checked) req.chat = false;
    if (!form.querySelector('#rated-field').hidden && controls.rated.checked) {
      if (!req.clock) {
        showError('', 'opt.rated.needs_clock');
        return;
      }
      req.rated = true;
    }
    btn.disabled = true;
    btn.textContent = t('creating');
    try {
      const res = await createMatch(req);
      if (opponent === 'local') {
        // This browser takes the other seat too, and keeps both tokens; if that fails, the
        // match stays an ordinary one with the creator's seat (its page offers the invitation).
        const other = await claimFreeSeat(res.code).catch(() => null);
        if (other) saveLocal(res.code, { [res.seat]: res.token, [other.seat]: other.token });
        else saveSeat(res.code, res.seat, res.token);
        location.assign(`/m/${res.code}`);
        return;
      }
      saveSeat(res.code, res.seat, res.token);
      saveName(controls.name.value.trim()); // sent when the creator joins its seat
      if (req.opponent) {
        location.assign(`/m/${res.code}`);
        return;
      }
      const link = res.link || `${location.origin}/m/${res.code}`;
      result.replaceChildren(
        h('h3', { 'data-i18n': 'share_title' }, t('share_title')),
        shareBox(res.code, link),
        h(
          'a',
          { class: 'btn primary big', id: 'go-match', href: `/m/${res.code}`, 'data-i18n': 'go_to_match' },
          t('go_to_match')
        )
      );
      result.hidden = false;
      form.hidden = true;
      result.querySelector('#copy-link')?.focus({ preventScroll: true });
    } catch (e) {
      if (e.code === 'network') showError('', 'network_error');
      else showError(errorText(e, gameId));
    } finally {
      btn.disabled = false;
      btn.textContent = t('create');
    }
  }

  // Starts a game played in this browser against the computer ('bot.<level>') or on this
  // device ('local'); its page opens, or the engine's refusal of the options is shown.
  async function createHere(opponent) {
    const btn = form.querySelector('#create-btn');
    btn.disabled = true;
    btn.textContent = t('creating');
    saveName(controls.name.value.trim());
    try {
      await startOffline({
        game: gameId,
        options: controls.fields.read(),
        mode: opponent === 'local' ? 'hotseat' : 'bot',
        level: opponent.startsWith('bot.') ? opponent.slice(4) : null,
        human: controls.seat.value,
      });
    } catch (e) {
      showError(e?.code ? errorText(e, gameId) : t('offline.engine_failed', { reason: e?.message || String(e) }));
      btn.disabled = false;
      btn.textContent = t('create');
    }
  }

  async function join() {
    const code = joinInput.value.trim().toUpperCase();
    if (!CODE_RE.test(code)) {
      joinErr.textContent = t('bad_code');
      return;
    }
    try {
      await getMatch(code);
      location.assign(`/m/${code}`);
    } catch (e) {
      joinErr.textContent =
        e.status === 404 || e.code === 'unknown_match'
          ? t('unknown_code')
          : e.code === 'network'
            ? t('network_error')
            : errorText(e);
    }
  }

  let lastMatches = [];
  let lastFinished = [];
  const drawLive = (matches, finished) => {
    lastMatches = matches;
    lastFinished = finished;
    drawLists(liveList, recentList, recentBox, matches, finished);
  };
  const stopWatching = watchMatches(drawLive, { onDisabled: showAccountDisabled });

  const off = onLangChange(() => {
    translatePage(app);
    drawLive(lastMatches, lastFinished);
    offlineGames.redraw();
  });
  return () => {
    stopWatching();
    stopClocks();
    off();
    offAccount();
    offNetwork();
  };
}

// A game card's small decorative illustration (the entry's SVG markup), or nothing.
function gameArt(g) {
  if (!g.art) return null;
  const span = document.createElement('span');
  span.innerHTML = g.art;
  return span.firstChild;
}

// The seat choice's label key: the game's `opt.seat.<n>` ("Player 1 (moves first)") when it
// has one, else its seat name `seat.<n>`.
function seatOptionKey(game, n) {
  const key = gameKey(game, `opt.seat.${n}`);
  return has(key) ? key : gameKey(game, `seat.${n}`);
}
