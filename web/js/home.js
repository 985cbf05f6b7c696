// The home page: pick a game and its options, create a match (share code, link, QR), join by
// code, and a live list of public matches to watch.
import { h } from './dom.js';
import { t, onLangChange, translatePage, errorText, gameKey, has } from './i18n.js';
import { GAMES, gameById, gameTitle } from './games.js';
import { createMatch, getMatch, listMatches } from './api.js';
import { saveSeat, loadName, saveName } from './seats.js';
import { shareBox } from './share.js';
import { field, select, optionFields, createRequest } from './options-form.js';
import { liveStatus, canSit } from './live-status.js';

const POLL_MS = 5000;
const CODE_RE = /^[A-Z0-9]{6}$/;

// Draws the home page into app.
export function renderHome(app) {
  let gameId = GAMES.find((g) => g.available)?.id;
  let controls = null;   // the current form's {fields (the game's options), seat, visibility, position}
  const form = h('form', { class: 'create-form', id: 'create-form', onsubmit: (e) => { e.preventDefault(); create(); } });
  const result = h('div', { class: 'create-result', id: 'create-result', hidden: true, 'aria-live': 'polite' });
  const joinInput = h('input', { id: 'join-code', name: 'code', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
    maxLength: 6, 'data-i18n-placeholder': 'join_placeholder', placeholder: t('join_placeholder'),
    oninput: (e) => { e.target.value = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''); joinErr.textContent = ''; } });
  const joinErr = h('p', { class: 'field-error', id: 'join-error', role: 'alert' });
  const liveList = h('ul', { class: 'live-list', id: 'live-list' });
  const recentList = h('ul', { class: 'live-list recent', id: 'recent-list' });
  const recentBox = h('div', { class: 'recent-box', hidden: true },
    h('h3', { class: 'recent-title', 'data-i18n': 'recent_title' }, t('recent_title')), recentList);

  app.replaceChildren(h('section', { class: 'home' },
    h('div', { class: 'hero' },
      h('h1', {}, 'Tabuleiro'),
      h('p', { class: 'tagline', 'data-i18n': 'tagline' }, t('tagline'))),
    h('div', { class: 'home-grid' },
      h('section', { class: 'card create', 'aria-labelledby': 'new-title' },
        h('h2', { id: 'new-title', 'data-i18n': 'new_match' }, t('new_match')),
        form, result),
      h('div', { class: 'side-cards' },
        h('section', { class: 'card join', 'aria-labelledby': 'join-title' },
          h('h2', { id: 'join-title', 'data-i18n': 'join_title' }, t('join_title')),
          h('form', { class: 'join-form', onsubmit: (e) => { e.preventDefault(); join(); } },
            h('label', { for: 'join-code', class: 'sr-only', 'data-i18n': 'join_label' }, t('join_label')),
            joinInput,
            h('button', { class: 'btn', id: 'join-btn', 'data-i18n': 'join' }, t('join'))),
          joinErr),
        h('section', { class: 'card live', 'aria-labelledby': 'live-title' },
          h('h2', { id: 'live-title' }, h('span', { class: 'live-dot', 'aria-hidden': 'true' }), h('span', { 'data-i18n': 'watch_title' }, t('watch_title'))),
          liveList, recentBox)))));

  drawForm();

  function drawForm() {
    const game = gameById(gameId);
    const picker = h('fieldset', { class: 'game-picker' },
      h('legend', { 'data-i18n': 'choose_game' }, t('choose_game')),
      GAMES.map((g) => h('label', { class: `game-card g-${g.id}${g.available ? '' : ' disabled'}` },
        h('input', { type: 'radio', name: 'game', value: g.id, checked: g.id === gameId, disabled: !g.available,
          onchange: () => { gameId = g.id; drawForm(); } }),
        h('span', { class: 'game-art', 'aria-hidden': 'true' }, gameArt(g)),
        h('span', { class: 'game-text' },
          h('strong', {}, gameTitle(g.id)),
          h('small', { 'data-i18n': `${g.id}.blurb` }, t(`${g.id}.blurb`))),
        g.available ? null : h('span', { class: 'badge', 'data-i18n': 'soon' }, t('soon')))));
    const fields = optionFields(game.id, game.options);
    const seat = select('seat', [...(game.seats || [1, 2]).map((n) => [String(n), seatOptionKey(game.id, n)]), ['random', 'opt.seat.random']], '1');
    const visibility = select('visibility', [['public', 'opt.visibility.public'], ['unlisted', 'opt.visibility.unlisted']], 'public');
    const position = h('textarea', { name: 'position', id: 'opt-position', rows: 5, spellcheck: false, 'aria-label': t('opt.position') });
    const name = h('input', { type: 'text', name: 'name', id: 'opt-name', maxLength: 24, value: loadName(), autocomplete: 'nickname' });
    controls = { fields, seat, visibility, position, name };
    const hintArgs = { game: gameTitle(game.id) };
    form.replaceChildren(picker,
      h('fieldset', { class: 'options' }, h('legend', { 'data-i18n': 'options' }, t('options')),
        h('div', { class: 'opt-grid' }, fields.nodes, field('opt.seat', seat), field('opt.visibility', visibility), field('your_name', name))),
      h('details', { class: 'advanced' },
        h('summary', { 'data-i18n': 'opt.position' }, t('opt.position')),
        h('p', { class: 'hint', 'data-i18n': 'opt.position.hint', 'data-i18n-args': JSON.stringify(hintArgs) }, t('opt.position.hint', hintArgs)),
        position),
      h('p', { class: 'field-error', id: 'create-error', role: 'alert' }),
      h('button', { class: 'btn primary big', id: 'create-btn', 'data-i18n': 'create' }, t('create')));
  }

  async function create() {
    const err = form.querySelector('#create-error');
    const btn = form.querySelector('#create-btn');
    err.textContent = '';
    let req;
    try {
      req = createRequest({ game: gameId, options: controls.fields.read(), seat: controls.seat.value,
        visibility: controls.visibility.value, position: controls.position.value });
    } catch (e) { err.textContent = `JSON: ${e.message}`; return; }
    btn.disabled = true;
    btn.textContent = t('creating');
    try {
      const res = await createMatch(req);
      saveSeat(res.code, res.seat, res.token);
      saveName(controls.name.value.trim());  // sent when the creator joins its seat
      const link = res.link || `${location.origin}/m/${res.code}`;
      result.replaceChildren(
        h('h3', { 'data-i18n': 'share_title' }, t('share_title')),
        shareBox(res.code, link),
        h('a', { class: 'btn primary big', id: 'go-match', href: `/m/${res.code}`, 'data-i18n': 'go_to_match' }, t('go_to_match')));
      result.hidden = false;
      form.hidden = true;
      result.querySelector('#copy-link')?.focus();
    } catch (e) {
      err.textContent = e.code === 'network' ? t('network_error') : `${errorText(e, gameId)}`;
    } finally {
      btn.disabled = false;
      btn.textContent = t('create');
    }
  }

  async function join() {
    const code = joinInput.value.trim().toUpperCase();
    if (!CODE_RE.test(code)) { joinErr.textContent = t('bad_code'); return; }
    try {
      await getMatch(code);
      location.assign(`/m/${code}`);
    } catch (e) {
      joinErr.textContent = e.status === 404 || e.code === 'unknown_match' ? t('unknown_code') : e.code === 'network' ? t('network_error') : errorText(e);
    }
  }

  let timer = null;
  async function poll() {
    clearTimeout(timer);
    timer = setTimeout(poll, POLL_MS);
    if (document.hidden) return;
    try {
      const [live, waiting, finished] = await Promise.all([
        listMatches('live').catch(() => ({ matches: [] })),
        listMatches('waiting').catch(() => ({ matches: [] })),
        listMatches('finished').catch(() => ({ matches: [] })),
      ]);
      drawLive([...(waiting.matches || []), ...(live.matches || [])], finished.matches || []);
    } catch { /* keep the old list */ }
  }
  let lastMatches = [];
  let lastFinished = [];
  function drawLive(matches, finished = lastFinished) {
    lastMatches = matches;
    lastFinished = finished;
    recentBox.hidden = !finished.length;
    recentList.replaceChildren(...finished.slice(0, 8).map((m) => h('li', { class: 'live-item s-finished', dataset: { code: m.code, status: 'finished' } },
      h('span', { class: 'li-game' }, gameTitle(m.game)),
      h('code', { class: 'li-code' }, m.code),
      h('span', { class: 'li-status finished' }, t('status.finished')),
      h('a', { class: 'btn small ghost', href: `/m/${m.code}?replay` }, t('replay')))));
    if (!matches.length) {
      liveList.replaceChildren(h('li', { class: 'empty', 'data-i18n': 'watch_empty' }, t('watch_empty')));
      return;
    }
    liveList.replaceChildren(...matches.slice(0, 30).map((m) => {
      const status = liveStatus(m);
      const free = canSit(m);
      return h('li', { class: `live-item s-${m.status}`, dataset: { code: m.code, status } },
        h('span', { class: 'li-game' }, gameTitle(m.game)),
        h('code', { class: 'li-code' }, m.code),
        h('span', { class: `li-status ${status}` }, t(`status.${status}`)),
        h('span', { class: 'li-seats', 'aria-hidden': 'true' }, (m.seats || []).map((s) => h('i', { class: `p${s.seat} ${s.taken ? 'taken' : ''} ${s.connected ? 'on' : ''}` }))),
        h('span', { class: 'li-watch' }, t('spectators_n', { n: m.spectators ?? 0 })),
        free ? h('a', { class: 'btn small', href: `/m/${m.code}` }, t('take_seat'))
          : h('a', { class: 'btn small ghost', href: `/m/${m.code}?watch=1` }, t('watch')));
    }));
  }
  poll();

  const off = onLangChange(() => { translatePage(app); drawLive(lastMatches); });
  return () => { clearTimeout(timer); off(); };
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
