// The administration page's Matches section: filters (status, game, a player's name) over
// GET /api/admin/matches, the list (code linking the match page, game, status, players, last
// change, result) and per match: abort a running one with a reason both players read (the
// abort dialog, POST …/abort), delete a finished one once confirmed (POST …/delete). Every
// refusal (not_running, not_finished, not_found, bad_request) is a sentence.
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { GAMES, gameTitle } from '../games.js';
import { formatWhen } from './format.js';
import {
  STATUSES,
  LIST_LIMIT,
  matchesRoute,
  statusText,
  canAbort,
  canDelete,
  playerText,
  seatLine,
  resultText,
} from './match-format.js';
import { messages, failure, confirmer, refusal, drawTable, searchBox, sectionFace } from './ui.js';
import { abortDialog } from './abort-dialog.js';

// How often, and how many times, the list is read again while an abort is still being carried out.
const SETTLE_MS = 300;
const SETTLE_TRIES = 10;
// The refusals after which the list is read again: the match changed under the administrator.
const STALE = new Set(['not_running', 'not_finished', 'not_found']);

// One labelled select of the filters: {label, select, node, relabel()}; choices: [[value, key]].
function selectField(id, choices, onchange) {
  const label = h('label', { for: id });
  const select = h('select', { id, name: id, onchange });
  const options = choices.map(([value]) => h('option', { value }));
  select.append(...options);
  return {
    select,
    node: h('div', { class: 'field' }, label, select),
    relabel(labelKey) {
      label.textContent = t(labelKey);
      choices.forEach(([, text], i) => {
        options[i].textContent = text();
      });
    },
  };
}

// The filters' form: status, game and a player's name (searched as it is typed, after a pause);
// any change calls load(). {form, values(), relabel(), cancelSearch()}.
function matchFilters(load) {
  const status = selectField(
    'match-status',
    [['', () => t('admin.matches.status_any')], ...STATUSES.map((s) => [s, () => statusText(s)])],
    () => load()
  );
  const game = selectField(
    'match-game',
    [
      ['', () => t('admin.matches.game_any')],
      ...GAMES.filter((g) => g.available).map((g) => [g.id, () => gameTitle(g.id)]),
    ],
    () => load()
  );
  const search = searchBox({ id: 'match-player', name: 'player', buttonId: 'match-search-btn', load });
  const form = h(
    'form',
    { class: 'match-filters', role: 'search', id: 'match-filters', onsubmit: search.onsubmit },
    status.node,
    game.node,
    h('div', { class: 'field match-player-field' }, search.label, search.row)
  );
  return {
    form,
    values: () => ({ status: status.select.value, game: game.select.value, player: search.input.value }),
    relabel() {
      form.setAttribute('aria-label', t('admin.matches.filters'));
      status.relabel('admin.matches.status');
      game.relabel('admin.matches.game');
      search.label.textContent = t('admin.matches.search');
      search.button.textContent = t('admin.matches.search_btn');
    },
    cancelSearch: search.cancel,
  };
}

// "Ana (Player 1) against Bruno (Player 2)".
const players = (m) => t('admin.matches.vs', { a: playerText(m, 1), b: playerText(m, 2) });

// One action button of match m's row, named by its text and the row's code.
function actionButton(m, action, onclick) {
  return h(
    'button',
    {
      type: 'button',
      class: 'btn small danger ghost',
      id: `m-${m.code}-${action}`,
      dataset: { action },
      'aria-labelledby': `m-${m.code}-${action} m-${m.code}`,
      onclick,
    },
    t(`admin.matches.${action}`)
  );
}

// Draws the table of matches into box: one row each, with an Abort button (on.abort(m)) for a
// running match or a Delete one (on.remove(m)) for a finished one.
function drawMatches(box, matches, on) {
  drawTable(box, {
    id: 'matches-table',
    caption: t('admin.matches.title'),
    empty: t('admin.matches.none'),
    headers: [
      t('admin.matches.code'),
      t('admin.matches.game'),
      t('admin.matches.status'),
      t('admin.matches.players'),
      t('admin.matches.updated'),
      t('admin.matches.result'),
      t('admin.matches.actions'),
    ],
    rows: matches.map((m) => ({
      attrs: { dataset: { code: m.code, status: m.status } },
      cells: [
        h(
          'span',
          {},
          h('a', { href: `/m/${m.code}`, id: `m-${m.code}`, class: 'match-code' }, m.code),
          m.visibility === 'unlisted' ? h('span', { class: 'badge unlisted-badge' }, t('admin.matches.unlisted')) : null
        ),
        gameTitle(m.game),
        h('span', { class: `state-mark match-status match-${m.status}` }, statusText(m.status)),
        h('span', { class: 'match-players' }, h('span', {}, seatLine(m, 1)), h('span', {}, seatLine(m, 2))),
        h('time', { datetime: m.updated }, formatWhen(m.updated, lang())),
        m.outcome ? h('span', { class: 'match-result' }, resultText(m)) : '',
        canAbort(m)
          ? actionButton(m, 'abort', () => on.abort(m))
          : canDelete(m)
            ? actionButton(m, 'delete', () => on.remove(m))
            : '',
      ],
    })),
  });
}

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function matchesSection({ onRefused }) {
  const title = h('h2', { id: 'admin-matches-title' });
  const reload = h('button', { type: 'button', class: 'btn small ghost', id: 'matches-reload', onclick: () => load() });
  const filters = matchFilters(() => load());
  const { form } = filters;
  const msg = messages('admin-matches', 'matches');
  const fail = failure(onRefused, msg);
  const limitNote = h('p', { class: 'hint', id: 'matches-limit', hidden: true });
  const list = h('div', { class: 'admin-table-box', id: 'matches-box' });
  const confirm = confirmer('matches-confirm');
  const aborter = abortDialog({ send: abort });
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-matches', 'aria-labelledby': 'admin-matches-title' },
    h('div', { class: 'admin-section-head' }, title, reload),
    form,
    ...msg.nodes,
    limitNote,
    list,
    confirm.dialog,
    aborter.dialog
  );
  let matches = null;
  let asked = 0; // the number of the latest list request: an older answer is dropped

  const labels = () => {
    title.textContent = t('admin.matches.title');
    reload.textContent = t('admin.matches.reload');
    filters.relabel();
    aborter.relabel();
  };

  function draw() {
    if (!matches) return;
    limitNote.hidden = matches.length < LIST_LIMIT;
    limitNote.textContent = t('admin.matches.limit', { n: LIST_LIMIT });
    drawMatches(list, matches, { abort: openAbort, remove });
  }

  async function load() {
    const mine = ++asked;
    const route = matchesRoute(filters.values());
    try {
      const answer = await getAdmin(route);
      if (mine !== asked) return;
      matches = answer.matches || [];
      draw();
      list.dataset.query = route; // which filters the list shows
    } catch (e) {
      if (mine === asked) fail(e);
    }
  }

  // After a change (or a refusal saying the match changed), reads the list again — while
  // pending(list) holds, a few times more: an abort is answered once queued, before the match
  // has ended — and puts the keyboard focus back where it can go on: the same button if the
  // row still has it, else the section's title.
  async function settle(focusId, pending = () => false) {
    await load();
    for (let i = 0; i < SETTLE_TRIES && matches && pending(matches); i++) {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      await load();
    }
    const again = focusId && document.getElementById(focusId);
    (again || title).focus({ preventScroll: !!again });
  }

  function openAbort(m) {
    msg.clear();
    aborter.open(m, `${gameTitle(m.game)}: ${players(m)}`);
  }

  // The abort dialog's send: '' when done (the dialog closes), else the refusal's sentence for the
  // dialog; a refusal saying the match changed closes the dialog and reads the list again.
  async function abort(m, reason) {
    try {
      await postAdmin(`matches/${encodeURIComponent(m.code)}/abort`, { reason });
      msg.ok(t('admin.matches.done_abort', { code: m.code, reason }));
      aborter.close();
      await settle(`m-${m.code}-delete`, (list) => list.some((x) => x.code === m.code && canAbort(x)));
      return '';
    } catch (e) {
      if (onRefused(e)) {
        aborter.close();
        return '';
      }
      if (!STALE.has(e.code)) return refusal(e, 'matches');
      aborter.close();
      msg.error(e);
      await settle(null);
      return '';
    }
  }

  async function remove(m) {
    msg.clear();
    const yes = await confirm.ask(
      t('admin.matches.confirm_delete', { code: m.code, game: gameTitle(m.game), players: players(m) }),
      t('admin.matches.delete')
    );
    if (!yes) return;
    try {
      await postAdmin(`matches/${encodeURIComponent(m.code)}/delete`);
      msg.ok(t('admin.matches.done_delete', { code: m.code }));
      await settle(null);
    } catch (e) {
      if (onRefused(e)) return;
      msg.error(e);
      if (STALE.has(e.code)) await settle(null);
    }
  }

  title.tabIndex = -1;
  return sectionFace({
    el,
    labels,
    load,
    draws: [draw],
    stop: () => {
      filters.cancelSearch();
      aborter.close();
    },
  });
}
