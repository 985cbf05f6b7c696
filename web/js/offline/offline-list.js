// The home page's card of the games played in this browser (store.js): each with its game,
// its opponent (the computer and its level, or two players on this device), where it stands
// (whose turn, or the result) and when it was last played; continue (or open a finished one)
// and delete (after a confirmation). A published game links to its page on the server.
import { h, fill, icon } from '../dom.js';
import { t, lang, translated } from '../i18n.js';
import { gameById, gameTitle, seatLabel } from '../games.js';
import { listGames, deleteGame } from './store.js';
import { offlineHref } from './offline-page.js';
import { confirmDialog, askConfirm } from '../confirm-dialog.js';

// Where a stored game stands: whose turn, or its result.
function standing(g) {
  const game = gameById(g.game);
  if (g.outcome)
    return g.outcome.winner == null
      ? t('offline.drawn')
      : t('offline.won', { player: seatLabel(game, g.outcome.winner, g.human) });
  if (g.to_act?.length === 1) return t('local.to_move', { player: seatLabel(game, g.to_act[0], g.human) });
  return t('offline.started');
}

// Builds the card; returns {el, redraw()} (redraw: after a language change).
export function offlineGamesCard() {
  const list = h('ul', { class: 'live-list offline-list', id: 'offline-list' });
  const dialog = confirmDialog({
    id: 'offline-delete-dialog',
    question: 'offline.delete_confirm',
    yes: 'offline.delete',
    yesId: 'offline-delete-yes',
  });
  const el = h(
    'section',
    { class: 'card offline-games', 'aria-labelledby': 'offline-title' },
    h('h2', { id: 'offline-title' }, icon('device'), translated('span', {}, 'offline.title')),
    list,
    dialog
  );
  let games = [];

  // Asks before forgetting game g, then redraws.
  function askDelete(g) {
    askConfirm(dialog, async () => {
      await deleteGame(g.id).catch(() => {});
      await load();
      list.querySelector('a, button')?.focus({ preventScroll: true });
    });
  }

  function draw() {
    if (!games.length) {
      fill(list, h('li', { class: 'empty', id: 'offline-empty' }, t('offline.empty')));
      return;
    }
    const when = new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' });
    fill(
      list,
      games.map((g) =>
        h(
          'li',
          { class: 'offline-game', dataset: { id: g.id, game: g.game, over: String(!!g.outcome) } },
          h('span', { class: 'li-game' }, gameTitle(g.game)),
          h(
            'span',
            { class: 'li-mode' },
            g.mode === 'bot' ? t('offline.vs_bot', { level: t(`level.${g.level}`) }) : t('offline.hotseat')
          ),
          h(
            'span',
            { class: 'li-status' },
            standing(g),
            ' · ',
            h('time', { datetime: new Date(g.updated).toISOString() }, when.format(g.updated))
          ),
          g.published
            ? h(
                'a',
                { class: 'li-published', href: `/m/${g.published.code}?watch` },
                t('offline.published', { code: g.published.code })
              )
            : null,
          h(
            'span',
            { class: 'li-actions' },
            h(
              'a',
              {
                class: 'btn small',
                href: offlineHref(g.id),
                'aria-label': `${t(g.outcome ? 'offline.open' : 'offline.continue')} — ${gameTitle(g.game)}`,
              },
              t(g.outcome ? 'offline.open' : 'offline.continue')
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'btn small ghost danger offline-delete',
                'aria-label': `${t('offline.delete')} — ${gameTitle(g.game)}`,
                onclick: () => askDelete(g),
              },
              t('offline.delete')
            )
          )
        )
      )
    );
  }

  // Reads the stored games and draws them (none when the browser keeps no storage).
  async function load() {
    games = await listGames().catch(() => []);
    draw();
  }

  load();
  return { el, redraw: draw };
}
