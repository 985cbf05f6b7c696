// The match page's room controls: abort, resign (with its confirm dialog), draw and rematch
// offers, and the bars showing pending offers. They only draw what the state says
// (state.js controlsModel, drawOfferModel, rematchModel) and report intents.
import { h, icon } from '../dom.js';
import { t, translated } from '../i18n.js';
import { confirmDialog, askConfirm } from '../confirm-dialog.js';
import { controlsModel, drawOfferModel, rematchModel } from './state.js';

// A button (type button) with attrs and children.
const button = (attrs, ...children) => h('button', { type: 'button', ...attrs }, ...children);

// The rematch bar's content for the rematch model m (rematchModel): where the rematch is, or
// the pending offer with the buttons that answer it through act(name); name(n) names seat n.
function rematchParts(m, act, name) {
  const parts = [];
  if (m?.kind === 'next') {
    parts.push(
      h('span', {}, t('rematch_next', { code: m.code })),
      h(
        'a',
        { class: 'btn ok', id: 'rematch-follow', href: `/m/${m.code}${m.watch ? '?watch' : ''}` },
        t('rematch_follow')
      )
    );
  } else if (m?.kind === 'mine') {
    parts.push(
      h('span', {}, t('rematch_offered_you')),
      button({ class: 'btn ghost', id: 'rematch-withdraw', onclick: () => act('declineRematch') }, t('cancel'))
    );
  } else if (m?.kind === 'theirs') {
    parts.push(h('span', {}, t('rematch_offered_them', { player: name(m.by) })));
    if (m.answer) {
      parts.push(
        button({ class: 'btn ok', id: 'rematch-accept', onclick: () => act('rematch') }, t('accept')),
        button({ class: 'btn ghost', id: 'rematch-decline', onclick: () => act('declineRematch') }, t('decline'))
      );
    }
  }
  return parts;
}

// Builds the controls for one match page. state: the page's state (read only); act(name): a
// user intent (messages.js intent names); seatName(n, viewer) labels a seat.
// Returns the side panel (el), the draw bar, the rematch bar and the resign dialog to place,
// and their redraws.
export function matchControls({ state, act, seatName }) {
  const drawBar = h('div', { class: 'draw-bar', id: 'draw-bar', hidden: true, role: 'alert' });
  const rematchBar = h('div', { class: 'rematch-bar', id: 'rematch-bar', hidden: true, role: 'status' });
  const resignBtn = button(
    { class: 'btn ghost danger', id: 'resign', onclick: () => confirmResign() },
    icon('flag'),
    translated('span', {}, 'resign')
  );
  const drawBtn = button(
    { class: 'btn ghost', id: 'offer-draw', onclick: () => act('offerDraw') },
    icon('handshake'),
    translated('span', {}, 'offer_draw')
  );
  const abortBtn = button(
    { class: 'btn ghost', id: 'abort', hidden: true, onclick: () => act('abort') },
    translated('span', {}, 'abort')
  );
  const rematchBtn = button(
    { class: 'btn', id: 'rematch', hidden: true, onclick: () => act('rematch') },
    translated('span', {}, 'rematch')
  );
  // A finished offline match goes onto the server (publish), to be replayed from a link.
  const publishBtn = button(
    { class: 'btn ok', id: 'publish', hidden: true, 'aria-describedby': 'publish-hint', onclick: () => act('publish') },
    icon('upload'),
    translated('span', {}, 'offline.publish')
  );
  const publishHint = translated(
    'p',
    { class: 'hint publish-hint', id: 'publish-hint', hidden: true },
    'offline.publish_hint'
  );
  // Once published, where it is on the server.
  const publishedLink = h('a', { class: 'btn', id: 'published-link', hidden: true });
  const el = h(
    'div',
    { class: 'room-controls' },
    abortBtn,
    drawBtn,
    resignBtn,
    rematchBtn,
    publishBtn,
    publishHint,
    publishedLink
  );
  const dialog = confirmDialog({
    id: 'resign-dialog',
    question: 'resign_confirm',
    yes: 'resign_yes',
    yesId: 'resign-yes',
  });

  // The rematch bar: offers, and where the rematch is once it exists.
  function drawRematch() {
    const parts = rematchParts(rematchModel(state), act, (n) => seatName(n, state.seat));
    rematchBar.replaceChildren(...parts);
    rematchBar.hidden = !parts.length;
  }

  // Shows, enables and disables the buttons as the state says; redraws the rematch bar.
  function drawControls() {
    const m = controlsModel(state);
    el.hidden = !m.shown;
    drawBtn.hidden = !m.draw;
    resignBtn.disabled = !m.resignEnabled;
    drawBtn.disabled = !m.drawEnabled;
    abortBtn.hidden = !m.abort;
    rematchBtn.hidden = !m.rematch;
    rematchBtn.disabled = !m.rematchEnabled;
    publishBtn.hidden = !m.publish;
    publishHint.hidden = !m.publish;
    publishBtn.disabled = !m.publishEnabled;
    publishedLink.hidden = !m.publishedAs;
    if (m.publishedAs) {
      publishedLink.href = `/m/${m.publishedAs}?watch`;
      publishedLink.textContent = t('offline.published', { code: m.publishedAs });
    }
    drawRematch();
  }

  // The draw bar: the pending draw offer (with accept / decline for the other player), if any.
  function drawOffer() {
    const m = drawOfferModel(state);
    if (!m) {
      drawBar.hidden = true;
      return;
    }
    if (m.kind === 'mine') {
      drawBar.replaceChildren(h('span', {}, t('draw_offered_you')));
    } else {
      drawBar.replaceChildren(
        h('span', {}, t('draw_offered_them', { player: seatName(m.by, state.seat) })),
        m.answer ? button({ class: 'btn ok', id: 'draw-accept', onclick: () => act('acceptDraw') }, t('accept')) : null,
        m.answer
          ? button({ class: 'btn ghost', id: 'draw-decline', onclick: () => act('declineDraw') }, t('decline'))
          : null
      );
    }
    drawBar.hidden = false;
  }

  // Asks before resigning; resigns on "yes".
  function confirmResign() {
    askConfirm(dialog, () => act('resign'));
  }

  return { el, drawBar, rematchBar, dialog, drawControls, drawRematch, drawOffer };
}
