// "My games" (/games): the matches whose seats this browser's account holds, running and
// finished, the most recently changed first, each a link to its match page. A seat taken while
// signed in is resumed from any device by signing in (no token needed).
import { h, fill } from './dom.js';
import { t, errorText, onLangChange, translated } from './i18n.js';
import { gameById, gameTitle, seatLabel } from './games.js';
import { getHeldSeats } from './api.js';
import { account, loadAccount } from './account.js';

// The status line of one held seat: whose match, and where it stands.
function statusText(m) {
  const status =
    m.status === 'waiting'
      ? t(m.opponent ? 'status.ready' : 'status.open')
      : m.status === 'live'
        ? t('status.live')
        : t('status.finished');
  return m.opponent ? `${status} · ${t('mygames.vs', { name: m.opponent })}` : status;
}

// Draws the list of held seats (or why there is none) into list.
function drawList(list, matches) {
  if (!matches.length) {
    fill(list, h('li', { class: 'empty', id: 'mygames-empty' }, t('mygames.none')));
    return;
  }
  fill(
    list,
    matches.map((m) =>
      h(
        'li',
        { class: 'my-game', dataset: { code: m.code } },
        h(
          'a',
          { class: 'live-item my-game-link', href: `/m/${m.code}` },
          h('span', { class: 'li-game' }, gameTitle(m.game)),
          h('span', { class: 'li-code' }, m.code),
          h('span', { class: 'li-status' }, `${seatLabel(gameById(m.game), m.seat)} · ${statusText(m)}`)
        )
      )
    )
  );
}

// Renders /games into app; a guest is sent to sign in first.
export async function renderMyGames(app) {
  const list = h('ul', { class: 'live-list', id: 'mygames-list' }, h('li', { class: 'empty' }, t('connecting')));
  const err = h('p', { class: 'field-error', role: 'alert' });
  fill(
    app,
    h(
      'section',
      { class: 'card my-games' },
      h(
        'div',
        { class: 'settings-head' },
        translated('h1', {}, 'mygames.title'),
        translated('a', { href: '/account', id: 'mygames-account' }, 'settings.title')
      ),
      list,
      err
    )
  );
  const { user } = account().user ? account() : await loadAccount();
  if (!user) {
    location.assign(`/signin?next=${encodeURIComponent('/games')}`);
    return () => {};
  }
  app
    .querySelector('.settings-head')
    .append(
      h(
        'a',
        { href: `/players/${encodeURIComponent(user.username)}`, id: 'mygames-ratings', 'data-i18n': 'player.mine' },
        t('player.mine')
      ),
      translated('a', { href: '/lobby', id: 'mygames-lobby' }, 'lobby.title')
    );
  let matches = [];
  try {
    matches = (await getHeldSeats()).matches || [];
    drawList(list, matches);
  } catch (e) {
    fill(list);
    err.textContent = e.code === 'network' ? t('network_error') : errorText(e);
  }
  return onLangChange(() => drawList(list, matches));
}
