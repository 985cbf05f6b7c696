// The players panel, at the top of the column beside the board for every game (below the
// board on a phone): one row per seat with its colour, the seat's name and the player's
// display name (or the computer's level), whether the player is here (and how long an absent
// one has been offline, counted from the server's `offline_ms`), whether it is that seat's turn,
// and its clock (clock.js draws into the row's slot).
import { h } from '../dom.js';
import { t, durationText } from '../i18n.js';

// Builds the panel. Returns {el, slots (seat → the element its clock is drawn into), draw}.
// Thread-safety: the page's main thread; one ticking timer while a seat is offline.
export function playersPanel() {
  let ticking = null;
  const slots = { 1: h('span', { class: 'seat-clock' }), 2: h('span', { class: 'seat-clock' }) };
  const list = h('ul', { class: 'seat-names', id: 'seats' });
  const title = h('h2', { class: 'sr-only', id: 'players-title' }, t('players'));
  const el = h('section', { class: 'players', id: 'players', 'aria-labelledby': 'players-title' }, title, list);

  // Draws presence p's seats (label(n) names seat n); toAct: the seats to act now (none once
  // the match is over); over: the match has ended (nobody's time offline is counted then).
  function draw(p, label, toAct = [], over = false) {
    title.textContent = t('players');
    if (!p?.seats) return;
    const now = Date.now();
    list.replaceChildren(
      ...p.seats.map((x) => {
        const state = !x.taken ? 'empty' : x.connected ? 'on' : 'off';
        const here = t(state === 'empty' ? 'empty_seat' : state === 'on' ? 'connected' : 'disconnected');
        slots[x.seat] ||= h('span', { class: 'seat-clock' });
        return h(
          'li',
          {
            class: `seat-name p${x.seat}${toAct.includes(x.seat) ? ' to-act' : ''}`,
            'data-seat': String(x.seat),
            'data-connected': String(!!x.connected),
          },
          h(
            'span',
            { class: `presence-dot ${state}`, title: here },
            x.taken ? h('span', { class: 'sr-only' }, here) : null
          ),
          h('strong', { class: 'seat-label' }, label(x.seat)),
          h(
            'span',
            { class: 'name' },
            x.taken ? x.name || (x.bot ? t('bot_name', { level: t(`level.${x.bot}`) }) : '') : t('empty_seat')
          ),
          toAct.includes(x.seat) ? h('span', { class: 'sr-only' }, ` — ${t('to_act')}`) : null,
          x.offline_ms != null && !over
            ? h('span', { class: 'offline-for', dataset: { since: String(now - x.offline_ms) } })
            : null,
          slots[x.seat]
        );
      })
    );
    tick();
    clearInterval(ticking);
    ticking = list.querySelector('.offline-for') ? setInterval(tick, 1000) : null;
  }

  // Writes how long each absent player has been offline.
  function tick() {
    for (const el of list.querySelectorAll('.offline-for')) {
      el.textContent = t('conn.offline_for', { time: durationText(Date.now() - Number(el.dataset.since)) });
    }
  }

  return { el, slots, draw };
}
