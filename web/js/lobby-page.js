// The lobby (/lobby): the open challenges, live (the server's `watch_lobby` on a WebSocket,
// protocol/PROTOCOL.md "Lobby"); a member posts a challenge (open, within a rating range, or to
// one member by name), takes one, or seeks quick pairing; once a match is made for them the page
// opens it. Guests see the challenges and are asked to sign in to take part.
import { h, fill } from './dom.js';
import { t, errorText, onLangChange, translated } from './i18n.js';
import { gameTitle } from './games.js';
import { account, loadAccount, onAccountChange } from './account.js';
import { clockText } from './join-step.js';
import { seekForm, challengeForm } from './lobby-forms.js';
import { parseFrame } from './connection.js';

const RETRY_MS = 3000;

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

// The open challenges and this member's seek after the lobby message msg (the whole lobby, a
// challenge or seek added, one removed); unchanged by other messages.
function afterMessage({ challenges, seek }, msg) {
  if (msg.type === 'lobby') return { challenges: msg.challenges || [], seek: msg.seek || null };
  if (msg.type === 'challenge_added') {
    if (msg.challenge.kind === 'seek') return { challenges, seek: msg.challenge };
    if (challenges.some((c) => c.id === msg.challenge.id)) return { challenges, seek };
    return { challenges: [...challenges, msg.challenge], seek };
  }
  if (msg.type === 'challenge_removed') {
    return {
      challenges: challenges.filter((c) => c.id !== msg.challenge),
      seek: seek?.id === msg.challenge ? null : seek,
    };
  }
  return { challenges, seek };
}

// The member's side of the lobby: the quick pairing card (seek form) and the challenge card
// (post form).
function memberCards(seekFormEl, postFormEl) {
  return h(
    'div',
    { class: 'lobby-member' },
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'seek-title' },
      translated('h2', { id: 'seek-title' }, 'lobby.seek_title'),
      translated('p', { class: 'hint' }, 'lobby.seek_hint'),
      seekFormEl
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'post-title' },
      translated('h2', { id: 'post-title' }, 'lobby.post_title'),
      translated('p', { class: 'hint' }, 'lobby.post_hint'),
      postFormEl
    )
  );
}

// The lobby page: its head, the guests' note, the open challenges' card (status, list,
// error) and the member's cards.
function lobbyLayout({ guestNote, status, list, err, memberParts }) {
  return h(
    'section',
    { class: 'lobby-page', id: 'lobby-page' },
    h(
      'div',
      { class: 'settings-head' },
      translated('h1', {}, 'lobby.title'),
      translated('a', { href: '/leaderboard', id: 'lobby-board' }, 'board.title')
    ),
    guestNote,
    h(
      'div',
      { class: 'lobby-grid' },
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'open-title' },
        translated('h2', { id: 'open-title' }, 'lobby.open_title'),
        status,
        list,
        err
      ),
      memberParts
    )
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
    translated('span', {}, 'lobby.guest'),
    ' ',
    translated('a', { href: `/signin?next=${encodeURIComponent('/lobby')}` }, 'account.signin')
  );
  const seeking = seekForm(request);
  const posting = challengeForm(request);
  const { seekBtn, seekCancel } = seeking;
  const postForm = posting.form;
  const gameNames = () => {
    seeking.relabel();
    posting.relabel();
  };
  gameNames();
  const memberParts = memberCards(seeking.form, postForm);
  fill(app, lobbyLayout({ guestNote, status, list, err, memberParts }));

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

  // Follows a message of the socket: the lists, a posted challenge (its form emptied), the
  // match made (opened), a refusal.
  function onMessage(msg) {
    ({ challenges, seek } = afterMessage({ challenges, seek }, msg));
    if (msg.type === 'challenge_posted') {
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
      const msg = parseFrame(e.data);
      if (!msg) return;
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
