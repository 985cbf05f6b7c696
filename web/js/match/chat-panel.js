// The match's chat beside the board (protocol/PROTOCOL.md "Chat"): the lines this page reads —
// a player the players' chat (and the spectators' once the match is over), a spectator the
// spectators' chat —, a line to write (400 characters at most), a player's mute of the other
// player, and a report button on each line. A line is text only: it goes into the page as a
// text node, never as markup.
import { h, fill, toast } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { seatLabel } from '../games.js';

const MAX_CHARS = 400;

// The panel for the page's state; request(body) sends a room request and resolves on its ack
// (rejects with the refusal). Returns {el, draw(line?)}.
export function chatPanel({ state, request }) {
  const title = h('h2', { id: 'chat-title' });
  const note = h('p', { class: 'hint chat-note', id: 'chat-note' });
  const list = h('ol', { class: 'chat-lines', id: 'chat-lines', tabindex: 0, 'aria-labelledby': 'chat-title' });
  // New lines of the other side are read out (the list itself is not live: a redraw would repeat it).
  const spoken = h('div', { class: 'sr-only', id: 'chat-announce', role: 'status', 'aria-live': 'polite' });
  const input = h('input', {
    type: 'text',
    id: 'chat-input',
    name: 'chat',
    maxLength: MAX_CHARS,
    autocomplete: 'off',
    enterkeyhint: 'send',
    oninput: () => {
      err.textContent = '';
    },
  });
  const label = h('label', { for: 'chat-input', class: 'sr-only' });
  const sendBtn = h('button', { class: 'btn small', id: 'chat-send' });
  const err = h('p', { class: 'field-error', id: 'chat-error', role: 'alert' });
  const form = h(
    'form',
    {
      class: 'chat-form',
      id: 'chat-form',
      onsubmit: (e) => {
        e.preventDefault();
        send();
      },
    },
    label,
    input,
    sendBtn
  );
  const mute = h('button', {
    type: 'button',
    class: 'btn small ghost',
    id: 'chat-mute',
    onclick: () => request({ type: 'chat_mute', mute: !state.chat.muted }).catch(refused),
  });
  const el = h(
    'section',
    { class: 'chat-panel', id: 'chat', 'aria-labelledby': 'chat-title' },
    h('div', { class: 'chat-head' }, title, mute),
    note,
    list,
    form,
    err,
    spoken
  );

  const refused = (e) => {
    err.textContent = errorText(e);
  };
  async function send() {
    const text = input.value.trim();
    if (!text) return;
    input.disabled = true;
    try {
      await request({ type: 'chat', text });
      input.value = '';
      err.textContent = '';
    } catch (e) {
      refused(e);
    } finally {
      input.disabled = false;
      input.focus();
    }
  }
  const report = (id) =>
    request({ type: 'chat_report', message: id }).then(() => toast(t('chat.reported'), 'ok'), refused);

  // Redraws the panel; line: the one line just added (read out when another wrote it).
  function draw(line = null) {
    const { mode, muted, lines } = state.chat;
    el.hidden = state.offline || state.oneDevice;
    title.textContent = t(state.seat ? 'chat.players' : 'chat.spectators');
    note.textContent = noteText(mode, state.seat);
    mute.hidden = !state.seat || mode === 'members';
    mute.textContent = t(muted ? 'chat.unmute' : 'chat.mute');
    mute.setAttribute('aria-pressed', String(muted));
    form.hidden = mode !== 'on';
    label.textContent = t('chat.write');
    input.placeholder = t('chat.placeholder');
    sendBtn.textContent = t('chat.send');
    if (!lines.length) fill(list, h('li', { class: 'empty', id: 'chat-empty' }, t('chat.empty')));
    else
      fill(
        list,
        lines.map((l) => chatLine(l, state, report))
      );
    list.scrollTop = list.scrollHeight;
    if (line && !(state.seat != null && line.seat === state.seat))
      spoken.textContent = `${author(line, state)}: ${line.text}`;
  }
  draw();
  return { el, draw };
}

// Who wrote line l, as the page shows it (state: the page's).
function author(l, state) {
  return l.seat ? l.name || seatLabel(state.game, l.seat) : l.name || t('chat.spectator');
}

// The sentence under the title for the chat's mode, as a player (seat) or a spectator reads it.
function noteText(mode, seat) {
  return mode === 'off'
    ? t('chat.off')
    : mode === 'members'
      ? t('chat.members')
      : t(seat ? 'chat.players_hint' : 'chat.spectators_hint');
}

// Line l of the list (its text as a text node), tagged when a player reads the spectators', with
// a report button calling report(its id) unless this page wrote it.
function chatLine(l, state, report) {
  const mine = state.seat != null && l.seat === state.seat;
  return h(
    'li',
    {
      class: `chat-line${l.channel === 'spectators' && state.seat ? ' from-spectators' : ''}`,
      dataset: { id: String(l.id), seat: String(l.seat) },
    },
    h(
      'span',
      { class: 'chat-name' },
      author(l, state),
      l.channel === 'spectators' && state.seat ? ` (${t('chat.spectators_tag')})` : ''
    ),
    h('span', { class: 'chat-text' }, l.text),
    mine
      ? null
      : h(
          'button',
          {
            type: 'button',
            class: 'chat-report',
            title: t('chat.report'),
            'aria-label': t('chat.report_line', { name: author(l, state) }),
            onclick: () => report(l.id),
          },
          '⚑'
        )
  );
}
