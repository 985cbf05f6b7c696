// The lobby (/lobby): the open challenges, live (the server's `watch_lobby` on a WebSocket,
// protocol/PROTOCOL.md "Lobby"); a member posts a challenge (open, within a rating range, or to
// one member by name), takes one, or seeks quick pairing; once a match is made for them the page
// opens it. Guests see the challenges and are asked to sign in to take part.
import { h, fill } from './dom.js';
import { t, errorText, onLangChange } from './i18n.js';
import { GAMES, gameTitle } from './games.js';
import { account, loadAccount, onAccountChange } from './account.js';
import { field } from './options-form.js';
import { clockChoice, CLOCK_PRESETS } from './clock.js';
import { clockText } from './join-step.js';

const RETRY_MS = 3000;

// An element whose text is the string key (translated again on a language change).
const tx = (tag, attrs, key) => h(tag, { ...attrs, 'data-i18n': key }, t(key));

// A <select> of values whose texts are set by name(value) (the game titles, the clock presets).
function plainSelect(id, values, value) {
  return h(
    'select',
    { id, name: id },
    values.map((v) => h('option', { value: v, selected: v === value }, v))
  );
}

// A member's rating as the lobby shows it: "1530", or "1530?" while provisional.
const ratingText = (p) => (p?.rating == null ? '' : `${p.rating}${p.provisional ? '?' : ''}`);

// The words for challenge c's terms: game, clock, rated or casual, rating range.
export function challengeTerms(c) {
  const parts = [
    gameTitle(c.game),
    clockText(c.clock) || t('lobby.no_clock'),
    t(c.rated ? 'lobby.rated' : 'lobby.casual'),
  ];
  if (c.min_rating != null || c.max_rating != null)
    parts.push(t('lobby.range', { min: c.min_rating ?? '…', max: c.max_rating ?? '…' }));
  return parts.join(' · ');
}

// One challenge of the list, with what this member may do to it (send(type, challenge id)).
function challengeItem(c, me, send) {
  const mine = me && c.author.name === me.username;
  const toMe = me && c.kind === 'direct' && c.to?.name === me.username;
  const who =
    mine && c.kind === 'direct'
      ? t('lobby.to', { name: c.to.display_name })
      : `${c.author.display_name}${ratingText(c.author) ? ` (${ratingText(c.author)})` : ''}`;
  const button = (type, key, cls = 'btn small') =>
    h('button', { type: 'button', class: cls, dataset: { op: type }, onclick: () => send(type, c.id) }, t(key));
  const actions = mine
    ? [button('cancel_challenge', 'lobby.withdraw', 'btn small ghost')]
    : !me
      ? []
      : toMe
        ? [button('accept_challenge', 'lobby.accept'), button('decline_challenge', 'lobby.decline', 'btn small ghost')]
        : [button('accept_challenge', 'lobby.accept')];
  return h(
    'li',
    { class: `challenge${toMe ? ' to-me' : ''}${mine ? ' mine' : ''}`, dataset: { id: c.id, kind: c.kind } },
    h(
      'div',
      { class: 'challenge-who' },
      h('strong', {}, who),
      toMe ? h('span', { class: 'badge' }, t('lobby.for_you')) : null
    ),
    h('div', { class: 'challenge-terms' }, challengeTerms(c)),
    h('div', { class: 'challenge-actions' }, actions)
  );
}

// Renders /lobby into app; returns a function that stops it.
export function renderLobby(app) {
  let challenges = [];
  let seek = null;
  let ws = null;
  let stopped = false;
  let retry = null;
  let nextId = 1;
  const list = h(
    'ul',
    { class: 'challenge-list', id: 'challenge-list', 'aria-live': 'polite' },
    h('li', { class: 'empty' }, t('connecting'))
  );
  const err = h('p', { class: 'field-error', id: 'lobby-error', role: 'alert' });
  const status = h('p', { class: 'hint', id: 'lobby-status', 'aria-live': 'polite' });
  const guestNote = h(
    'p',
    { class: 'members-only', id: 'lobby-guest', hidden: true },
    tx('span', {}, 'lobby.guest'),
    ' ',
    tx('a', { href: `/signin?next=${encodeURIComponent('/lobby')}` }, 'account.signin')
  );
  const gameIds = GAMES.filter((g) => g.available).map((g) => g.id);

  // Quick pairing: a game and a live clock, rated or not.
  const seekGame = plainSelect('seek-game', gameIds, gameIds[0]);
  const seekClock = plainSelect('seek-clock', CLOCK_PRESETS, '5+3');
  const seekRated = h('input', { type: 'checkbox', id: 'seek-rated', name: 'seek_rated', checked: true });
  const seekBtn = tx('button', { class: 'btn', id: 'seek-btn' }, 'lobby.seek');
  const seekCancel = tx(
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
  const seekForm = h(
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

  // A challenge: game, clock, rated, an optional rating range or member.
  const postGame = plainSelect('post-game', gameIds, gameIds[0]);
  const clock = clockChoice({ field });
  const postRated = h('input', { type: 'checkbox', id: 'post-rated', name: 'post_rated' });
  const minRating = h('input', {
    type: 'number',
    id: 'post-min',
    name: 'min_rating',
    min: 0,
    max: 4000,
    step: 50,
    inputmode: 'numeric',
  });
  const maxRating = h('input', {
    type: 'number',
    id: 'post-max',
    name: 'max_rating',
    min: 0,
    max: 4000,
    step: 50,
    inputmode: 'numeric',
  });
  const to = h('input', {
    type: 'text',
    id: 'post-to',
    name: 'to',
    maxLength: 24,
    autocomplete: 'off',
    spellcheck: false,
  });
  const postForm = h(
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
    h('div', { class: 'form-actions' }, tx('button', { class: 'btn', id: 'post-btn' }, 'lobby.post'))
  );
  const gameNames = () => {
    for (const s of [seekGame, postGame]) for (const o of s.options) o.textContent = gameTitle(o.value);
    for (const o of seekClock.options) o.textContent = o.value.replace('+', ' + ');
  };
  gameNames();

  const memberParts = h(
    'div',
    { class: 'lobby-member' },
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'seek-title' },
      tx('h2', { id: 'seek-title' }, 'lobby.seek_title'),
      tx('p', { class: 'hint' }, 'lobby.seek_hint'),
      seekForm
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'post-title' },
      tx('h2', { id: 'post-title' }, 'lobby.post_title'),
      tx('p', { class: 'hint' }, 'lobby.post_hint'),
      postForm
    )
  );
  fill(
    app,
    h(
      'section',
      { class: 'lobby-page', id: 'lobby-page' },
      h(
        'div',
        { class: 'settings-head' },
        tx('h1', {}, 'lobby.title'),
        tx('a', { href: '/leaderboard', id: 'lobby-board' }, 'board.title')
      ),
      guestNote,
      h(
        'div',
        { class: 'lobby-grid' },
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'open-title' },
          tx('h2', { id: 'open-title' }, 'lobby.open_title'),
          status,
          list,
          err
        ),
        memberParts
      )
    )
  );

  document.title = `${t('lobby.title')} · Tabuleiro`;
  const me = () => account().user || null;
  const draw = () => {
    const user = me();
    guestNote.hidden = !!user;
    memberParts.hidden = !user;
    seekCancel.hidden = !seek;
    seekBtn.disabled = !!seek;
    status.textContent = seek ? t('lobby.seeking', { terms: challengeTerms(seek) }) : '';
    status.hidden = !seek;
    if (!challenges.length) fill(list, h('li', { class: 'empty', id: 'lobby-empty' }, t('lobby.empty')));
    else
      fill(
        list,
        challenges.map((c) => challengeItem(c, user, (type, id) => request({ type, challenge: id })))
      );
  };

  // Sends a request; its answer or refusal comes on the socket.
  function request(body) {
    err.textContent = '';
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      err.textContent = t('network_error');
      return;
    }
    ws.send(JSON.stringify({ ...body, id: nextId++ }));
  }

  function onMessage(msg) {
    if (msg.type === 'lobby') {
      challenges = msg.challenges || [];
      seek = msg.seek || null;
    } else if (msg.type === 'challenge_added') {
      if (msg.challenge.kind === 'seek') seek = msg.challenge;
      else if (!challenges.some((c) => c.id === msg.challenge.id)) challenges = [...challenges, msg.challenge];
    } else if (msg.type === 'challenge_removed') {
      if (seek?.id === msg.challenge) seek = null;
      challenges = challenges.filter((c) => c.id !== msg.challenge);
    } else if (msg.type === 'challenge_posted') {
      if (msg.challenge.kind !== 'seek') postForm.reset();
    } else if (msg.type === 'match_found') {
      stop();
      location.assign(`/m/${msg.code}`);
      return;
    } else if (msg.type === 'error') {
      err.textContent = errorText(msg);
    }
    draw();
  }

  function connect() {
    if (stopped) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${proto}://${location.host}/ws`);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'watch_lobby' }));
    socket.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      onMessage(msg);
    };
    socket.onclose = () => {
      if (ws !== socket || stopped) return;
      ws = null;
      seek = null; // a seek ends with its connection
      status.textContent = t('reconnecting');
      status.hidden = false;
      retry = setTimeout(connect, RETRY_MS);
    };
  }

  function stop() {
    stopped = true;
    clearTimeout(retry);
    if (ws) {
      const s = ws;
      ws = null;
      s.close();
    }
  }

  loadAccount().then(draw);
  const offAccount = onAccountChange(draw);
  connect();
  const offLang = onLangChange(() => {
    gameNames();
    draw();
  });
  return () => {
    stop();
    offAccount();
    offLang();
  };
}
