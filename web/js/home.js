// The home page: pick a game and its options, create a match (share code, link, QR), join by
// code, and a live list of public matches to watch.
import { h, toast } from './dom.js';
import { t, onLangChange, translatePage } from './i18n.js';
import { GAMES } from './games.js';
import { createMatch, getMatch, listMatches } from './api.js';
import { saveSeat } from './seats.js';
import { shareBox } from './share.js';
import { errorText } from './match.js';

const POLL_MS = 5000;
const CODE_RE = /^[A-Z0-9]{6}$/;

// Draws the home page into app.
export function renderHome(app) {
  let gameId = 'taixu';
  const form = h('form', { class: 'create-form', id: 'create-form', onsubmit: (e) => { e.preventDefault(); create(); } });
  const result = h('div', { class: 'create-result', id: 'create-result', hidden: true, 'aria-live': 'polite' });
  const joinInput = h('input', { id: 'join-code', name: 'code', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
    maxLength: 6, 'data-i18n-placeholder': 'join_placeholder', placeholder: t('join_placeholder'),
    oninput: (e) => { e.target.value = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''); joinErr.textContent = ''; } });
  const joinErr = h('p', { class: 'field-error', id: 'join-error', role: 'alert' });
  const liveList = h('ul', { class: 'live-list', id: 'live-list' });

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
          liveList)))));

  drawForm();

  function drawForm() {
    const game = GAMES.find((g) => g.id === gameId);
    const picker = h('fieldset', { class: 'game-picker' },
      h('legend', { 'data-i18n': 'choose_game' }, t('choose_game')),
      GAMES.map((g) => h('label', { class: `game-card g-${g.id}${g.available ? '' : ' disabled'}` },
        h('input', { type: 'radio', name: 'game', value: g.id, checked: g.id === gameId, disabled: !g.available,
          onchange: () => { gameId = g.id; drawForm(); } }),
        h('span', { class: 'game-art', 'aria-hidden': 'true' }, gameArt(g.id)),
        h('span', { class: 'game-text' },
          h('strong', {}, t(`game.${g.id}`)),
          h('small', { 'data-i18n': `game.${g.id}.blurb` }, t(`game.${g.id}.blurb`))),
        g.available ? null : h('span', { class: 'badge', 'data-i18n': 'soon' }, t('soon')))));
    const fields = (game.options || []).map((o) => field(o.label, o.kind === 'number'
      ? h('input', { type: 'number', name: o.name, id: `opt-${o.name}`, min: o.min, max: o.max, value: o.value, required: true })
      : select(o.name, o.choices, o.value)));
    fields.push(field('opt.seat', select('seat', [['1', 'opt.seat.1'], ['2', 'opt.seat.2'], ['random', 'opt.seat.random']], '1')));
    fields.push(field('opt.visibility', select('visibility', [['public', 'opt.visibility.public'], ['unlisted', 'opt.visibility.unlisted']], 'public')));
    form.replaceChildren(picker,
      h('fieldset', { class: 'options' }, h('legend', { 'data-i18n': 'options' }, t('options')), h('div', { class: 'opt-grid' }, fields)),
      h('details', { class: 'advanced' },
        h('summary', { 'data-i18n': 'opt.position' }, t('opt.position')),
        h('p', { class: 'hint', 'data-i18n': 'opt.position.hint' }, t('opt.position.hint')),
        h('textarea', { name: 'position', id: 'opt-position', rows: 5, spellcheck: false, 'aria-label': t('opt.position') })),
      h('p', { class: 'field-error', id: 'create-error', role: 'alert' }),
      h('button', { class: 'btn primary big', id: 'create-btn', 'data-i18n': 'create' }, t('create')));
  }

  function field(label, control) {
    const id = control.id || `opt-${control.name}`;
    control.id = id;
    return h('div', { class: 'field' }, h('label', { for: id, 'data-i18n': label }, t(label)), control);
  }

  function select(name, choices, value) {
    return h('select', { name, id: `opt-${name}` },
      choices.map(([v, label]) => h('option', { value: v, selected: v === value, 'data-i18n': label }, t(label))));
  }

  async function create() {
    const err = form.querySelector('#create-error');
    const btn = form.querySelector('#create-btn');
    err.textContent = '';
    const game = GAMES.find((g) => g.id === gameId);
    const data = new FormData(form);
    const options = {};
    for (const o of game.options || []) options[o.name] = o.kind === 'number' ? Number(data.get(o.name)) : data.get(o.name);
    const req = { game: gameId, options, visibility: data.get('visibility') };
    const seat = data.get('seat');
    req.seat = seat === 'random' ? 'random' : Number(seat);
    const pos = String(data.get('position') || '').trim();
    if (pos) {
      try { req.position = JSON.parse(pos); } catch (e) { err.textContent = `JSON: ${e.message}`; return; }
      delete req.options;   // a position carries its own options
    }
    btn.disabled = true;
    btn.textContent = t('creating');
    try {
      const res = await createMatch(req);
      saveSeat(res.code, res.seat, res.token);
      const link = res.link || `${location.origin}/m/${res.code}`;
      result.replaceChildren(
        h('h3', { 'data-i18n': 'share_title' }, t('share_title')),
        shareBox(res.code, link),
        h('a', { class: 'btn primary big', id: 'go-match', href: `/m/${res.code}`, 'data-i18n': 'go_to_match' }, t('go_to_match')));
      result.hidden = false;
      form.hidden = true;
      result.querySelector('#copy-link')?.focus();
    } catch (e) {
      err.textContent = e.code === 'network' ? t('network_error') : `${errorText(e)}`;
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
      const [live, waiting] = await Promise.all([
        listMatches('live').catch(() => ({ matches: [] })),
        listMatches('waiting').catch(() => ({ matches: [] })),
      ]);
      drawLive([...(waiting.matches || []), ...(live.matches || [])]);
    } catch { /* keep the old list */ }
  }
  let lastMatches = [];
  function drawLive(matches) {
    lastMatches = matches;
    if (!matches.length) {
      liveList.replaceChildren(h('li', { class: 'empty', 'data-i18n': 'watch_empty' }, t('watch_empty')));
      return;
    }
    liveList.replaceChildren(...matches.slice(0, 30).map((m) => {
      const free = m.status === 'waiting' && (m.seats || []).some((s) => !s.taken);
      return h('li', { class: `live-item s-${m.status}`, dataset: { code: m.code } },
        h('span', { class: 'li-game' }, t(`game.${m.game}`)),
        h('code', { class: 'li-code' }, m.code),
        h('span', { class: `li-status ${m.status}` }, t(`status.${m.status}`)),
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

// A small decorative illustration per game.
function gameArt(id) {
  if (id === 'taixu') {
    const cells = [];
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) {
      const core = (x === 1 || x === 2) && (y === 1 || y === 2);
      cells.push(`<rect x="${x * 10 + 1}" y="${y * 10 + 1}" width="9" height="9" rx="1.5" fill="${core ? '#7c3aed' : (x + y) % 2 ? '#262d57' : '#1c2147'}"/>`);
    }
    const span = document.createElement('span');
    span.innerHTML = `<svg viewBox="0 0 42 42" width="48" height="48">${cells.join('')}<rect x="1" y="31" width="9" height="9" rx="1.5" fill="#b7791f" opacity=".6"/><circle cx="15.5" cy="15.5" r="3.2" fill="#22d3ee"/><circle cx="25.5" cy="25.5" r="3.2" fill="#fb7185"/><circle cx="35.5" cy="5.5" r="3.2" fill="#22d3ee" opacity=".8"/></svg>`;
    return span.firstChild;
  }
  const span = document.createElement('span');
  span.innerHTML = id === 'cyvasse'
    ? '<svg viewBox="0 0 42 42" width="48" height="48"><path d="M21 3 39 13v16L21 39 3 29V13z" fill="#1c2147" stroke="#3b4175"/><path d="M12 28l6-10 4 6 3-4 6 8z" fill="#4b5563"/></svg>'
    : '<svg viewBox="0 0 42 42" width="48" height="48"><rect x="3" y="3" width="36" height="36" rx="4" fill="#1c2147" stroke="#3b4175"/><path d="M21 8v26M8 21h26" stroke="#3b4175" stroke-width="2"/><text x="21" y="26" text-anchor="middle" font-size="12" fill="#94a3b8" font-family="sans-serif">4</text></svg>';
  return span.firstChild;
}
