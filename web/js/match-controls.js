// The match page's room controls: abort, resign (with its confirm dialog), draw and rematch offers, and the bars showing pending offers.
import { h, icon } from './dom.js';
import { t } from './i18n.js';

// Builds the controls for one match page. state: the page's shared state (seat, outcome,
// presence, drawBy, rematch, rematchBy; read here, drawBy set here); request(body) sends as
// the acting seat; seatName(n, viewer) labels a seat; history and sync: the page's record and
// view; oneDevice: both seats play on this browser (no draw offers between them).
// Returns the side panel (el), the draw bar, the rematch bar and the resign dialog to place,
// and the redraw / offer writers.
export function matchControls({ state, request, seatName, history, sync, oneDevice }) {
  const send = (body) => request(body).catch(() => {});
  const drawBar = h('div', { class: 'draw-bar', id: 'draw-bar', hidden: true, role: 'alert' });
  const rematchBar = h('div', { class: 'rematch-bar', id: 'rematch-bar', hidden: true, role: 'status' });
  const resignBtn = h('button', { type: 'button', class: 'btn ghost danger', id: 'resign', onclick: () => confirmResign() }, icon('flag'), h('span', { 'data-i18n': 'resign' }, t('resign')));
  const drawBtn = h('button', { type: 'button', class: 'btn ghost', id: 'offer-draw', onclick: () => request({ type: 'draw', op: 'offer' }) }, icon('handshake'), h('span', { 'data-i18n': 'offer_draw' }, t('offer_draw')));
  const abortBtn = h('button', { type: 'button', class: 'btn ghost', id: 'abort', hidden: true, onclick: () => send({ type: 'abort' }) }, h('span', { 'data-i18n': 'abort' }, t('abort')));
  const rematchBtn = h('button', { type: 'button', class: 'btn', id: 'rematch', hidden: true, onclick: () => send({ type: 'rematch' }) }, h('span', { 'data-i18n': 'rematch' }, t('rematch')));
  const el = h('div', { class: 'room-controls' }, abortBtn, drawBtn, resignBtn, rematchBtn);
  const dialog = h('dialog', { class: 'confirm', id: 'resign-dialog' },
    h('form', { method: 'dialog' },
      h('p', { 'data-i18n': 'resign_confirm' }, t('resign_confirm')),
      h('div', { class: 'row-btns' },
        h('button', { class: 'btn ghost', value: 'cancel', 'data-i18n': 'cancel' }, t('cancel')),
        h('button', { class: 'btn danger', value: 'yes', id: 'resign-yes', 'data-i18n': 'resign_yes' }, t('resign_yes')))));

  // Seats that made a game action (from the history); abort is offered until both have.
  function movedSeats() {
    const moved = new Set();
    for (const c of history.changes || []) if (c.seat === 1 || c.seat === 2) moved.add(c.seat);
    return moved;
  }

  // The rematch bar and button: offers, and where the rematch is once it exists.
  function drawRematch() {
    const over = !!state.outcome;
    rematchBtn.hidden = !state.seat || !over || !!state.rematch;
    rematchBtn.disabled = state.rematchBy === state.seat;
    const parts = [];
    if (state.rematch) {
      parts.push(h('span', {}, t('rematch_next', { code: state.rematch })),
        h('a', { class: 'btn ok', id: 'rematch-follow', href: `/m/${state.rematch}${state.seat ? '' : '?watch'}` }, t('rematch_follow')));
    } else if (state.rematchBy && state.rematchBy === state.seat) {
      parts.push(h('span', {}, t('rematch_offered_you')),
        h('button', { type: 'button', class: 'btn ghost', id: 'rematch-withdraw', onclick: () => send({ type: 'rematch', accept: false }) }, t('cancel')));
    } else if (state.rematchBy) {
      parts.push(h('span', {}, t('rematch_offered_them', { player: seatName(state.rematchBy, state.seat) })));
      if (state.seat) {
        parts.push(h('button', { type: 'button', class: 'btn ok', id: 'rematch-accept', onclick: () => send({ type: 'rematch' }) }, t('accept')),
          h('button', { type: 'button', class: 'btn ghost', id: 'rematch-decline', onclick: () => send({ type: 'rematch', accept: false }) }, t('decline')));
      }
    }
    rematchBar.replaceChildren(...parts);
    rematchBar.hidden = !parts.length;
  }

  // Enables, disables and hides the buttons for this seat, the match's state and the offers.
  function drawControls() {
    const over = !!state.outcome;
    el.hidden = !state.seat;
    drawBtn.hidden = oneDevice;  // both seats are here: no offers between them
    const seated = !state.presence?.seats?.some((x) => !x.taken);
    resignBtn.disabled = over || !seated;
    drawBtn.disabled = over || !seated || state.drawBy === state.seat;
    const moved = movedSeats();
    abortBtn.hidden = over || !state.seat || (history.loaded ? moved.size >= 2 : sync.version > 0);
    drawRematch();
  }

  // Shows seat by's pending draw offer (with accept / decline for the other player).
  function showDraw(by) {
    state.drawBy = by;
    if (by === state.seat) {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_you')));
    } else if (state.seat) {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_them', { player: seatName(by, state.seat) })),
        h('button', { type: 'button', class: 'btn ok', id: 'draw-accept', onclick: () => request({ type: 'draw', op: 'accept' }) }, t('accept')),
        h('button', { type: 'button', class: 'btn ghost', id: 'draw-decline', onclick: () => request({ type: 'draw', op: 'decline' }).then(hideDraw, () => {}) }, t('decline')));
    } else {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_them', { player: seatName(by) })));
    }
    drawBar.hidden = false;
    drawControls();
  }

  // Clears the pending draw offer.
  function hideDraw() {
    state.drawBy = null;
    drawBar.hidden = true;
    drawControls();
  }

  // Asks before resigning; resigns on "yes".
  function confirmResign() {
    dialog.returnValue = '';
    dialog.showModal();
    dialog.addEventListener('close', () => {
      if (dialog.returnValue === 'yes') send({ type: 'resign' });
    }, { once: true });
  }

  return { el, drawBar, rematchBar, dialog, drawControls, drawRematch, showDraw, hideDraw };
}
