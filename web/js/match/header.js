// The match page's head (view.js): the game's name, the share code, the game's How to play
// link, and the meta line with this client's role, the watchers and the connection's status.
import { h, icon, toast } from '../dom.js';
import { t, translated } from '../i18n.js';
import { howToPlayHref } from '../how-to-play.js';

// Builds the head for state (read only; its code, offline flag, game, seat and connection).
// Returns its element and the functions that draw its parts.
export function matchHeader(state) {
  const statusEl = h('span', { class: 'conn', id: 'conn-status', 'aria-live': 'polite' }, t('connecting'));
  const roleEl = h('span', { class: 'role', id: 'role' });
  const watchersEl = h('span', { class: 'watchers', id: 'watchers' });
  // The game's How to play page, once the game is known.
  const howToEl = h(
    'a',
    { class: 'howto-link', id: 'howto-link', hidden: true, title: t('how_to_play'), 'data-i18n-title': 'how_to_play' },
    icon('rules'),
    translated('span', { class: 'howto-label' }, 'how_to_play')
  );
  const el = h(
    'div',
    { class: 'match-head' },
    h(
      'div',
      { class: 'match-id' },
      h(
        'h1',
        { class: 'match-id match-title' },
        h('span', { class: 'game-name', id: 'game-name' }, '…'),
        h('span', { class: 'sr-only' }, ' — '),
        codeChip(state)
      ),
      howToEl
    ),
    h('div', { class: 'match-meta' }, roleEl, watchersEl, statusEl)
  );
  return {
    el,
    // Shows the How to play link once the game is known and has such a page.
    showHowTo() {
      if (state.game?.howToPlay && howToEl.hidden) {
        howToEl.href = howToPlayHref(state.gameName);
        howToEl.hidden = false;
      }
    },
    // This client's role (on one device, local: the side to move) and the watchers with the
    // computer player of the presence p; seatName(n) names a seat.
    drawPresence(p, local, seatName) {
      roleEl.replaceChildren(roleLine(state, local, seatName));
      watchersEl.replaceChildren(...watchersLine(state, p, seatName));
    },
    // The connection's state and its sentence (counting the times it opened, for the tests).
    drawStatus() {
      const s = state.conn;
      statusEl.dataset.state = s;
      if (s === 'open') statusEl.dataset.joins = String(Number(statusEl.dataset.joins || 0) + 1);
      statusEl.textContent = statusText(s);
    },
    // The connection's sentence again, in the current language.
    relabelStatus() {
      statusEl.textContent = statusText(state.conn);
    },
  };
}

// The share code, copied as the match's link on a click; a match played offline has none:
// it says so instead.
function codeChip(state) {
  if (state.offline) {
    return h(
      'span',
      { class: 'code-chip offline-chip', id: 'code-chip' },
      icon('device'),
      translated('span', {}, 'offline.badge')
    );
  }
  const { code } = state;
  return h(
    'button',
    {
      type: 'button',
      class: 'code-chip',
      id: 'code-chip',
      title: t('copy'),
      'data-i18n-title': 'copy',
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(`${location.origin}/m/${code}`);
          toast(t('copied'), 'ok', 1500);
        } catch {
          /* ignore */
        }
      },
    },
    code,
    icon('copy')
  );
}

// Who this client is: on one device (local) the side to move, and once the match is over, that
// both play here; else its seat, or a spectator.
function roleLine(state, local, seatName) {
  return local && state.outcome
    ? h('span', { class: 'you' }, t('local.both'))
    : local && local.active
      ? h('span', { class: `you p${local.active}` }, t('local.to_move', { player: seatName(local.active) }))
      : state.seat
        ? h('span', { class: `you p${state.seat}` }, t('you_are', { player: seatName(state.seat) }))
        : h('span', { class: 'you spectator' }, icon('eye'), t('watching'));
}

// The watchers' count (none offline) and the computer player's seat and level, from presence p.
function watchersLine(state, p, seatName) {
  const bot = p?.seats?.find((x) => x.bot);
  return [
    p && !state.offline ? h('span', {}, icon('eye'), ` ${t('spectators_n', { n: p.spectators ?? 0 })}`) : '',
    bot
      ? h(
          'span',
          { class: 'bot-seat', id: 'bot-seat', dataset: { seat: String(bot.seat), level: bot.bot } },
          ` · ${t('bot_seat', { player: seatName(bot.seat), level: t(`level.${bot.bot}`) })}`
        )
      : '',
  ];
}

// The sentence for the connection's state conn (none while open).
function statusText(conn) {
  return conn === 'open'
    ? ''
    : conn === 'replaced'
      ? t('replaced')
      : conn === 'disabled'
        ? t('settings.disconnected')
        : t(conn === 'reconnecting' ? 'reconnecting' : 'connecting');
}
