// What the administration page's sections share: a message line (errors in role="alert",
// successes in role="status"), a confirm dialog, a link shown once with a copy button, a
// table with column headers that becomes one card per row on a phone, a search box that
// searches as it is typed, and the face a section shows the page.
import { h, fill } from '../dom.js';
import { t, has, errorText } from '../i18n.js';
import { copyButton } from '../share.js';

// The text of a refusal on the admin page: err.admin.<section>.<code> (when a section is
// given), then err.admin.<code>, then err.<code>, then the server's words.
export function refusal(e, section = '') {
  if (e?.code === 'network') return t('network_error');
  const own = section && e?.code ? `err.admin.${section}.${e.code}` : null;
  return own && has(own) ? t(own) : errorText(e, 'admin');
}

// An error line (role="alert") and a status line (role="status") with error(e|text), ok(text),
// clear(); a refusal is worded for section (see refusal).
export function messages(id, section = '') {
  const errEl = h('p', { class: 'field-error', id: `${id}-error`, role: 'alert' });
  const okEl = h('p', { class: 'admin-ok', id: `${id}-ok`, role: 'status' });
  return {
    nodes: [errEl, okEl],
    error(e) {
      okEl.textContent = '';
      errEl.textContent = typeof e === 'string' ? e : refusal(e, section);
    },
    ok(text) {
      errEl.textContent = '';
      okEl.textContent = text;
    },
    clear() {
      errEl.textContent = '';
      okEl.textContent = '';
    },
  };
}

// A request's failure in a section: a refusal that ends the page goes to onRefused, any other to msg.
export const failure = (onRefused, msg) => (e) => {
  if (!onRefused(e)) msg.error(e);
};

// One confirm dialog for a section: ask(question, yesLabel) resolves true on "yes", false on
// cancel or Escape.
export function confirmer(id) {
  const text = h('p', { id: `${id}-question` });
  const yes = h('button', { class: 'btn danger', value: 'yes', id: `${id}-yes` });
  const dialog = h(
    'dialog',
    { class: 'confirm', id, 'aria-labelledby': `${id}-question` },
    h(
      'form',
      { method: 'dialog' },
      text,
      h(
        'div',
        { class: 'row-btns' },
        h('button', { class: 'btn ghost', value: 'cancel', id: `${id}-cancel` }, t('cancel')),
        yes
      )
    )
  );
  const ask = (question, yesLabel) =>
    new Promise((resolve) => {
      text.textContent = question;
      yes.textContent = yesLabel;
      dialog.querySelector(`#${id}-cancel`).textContent = t('cancel');
      dialog.returnValue = '';
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
      dialog.showModal();
    });
  return { dialog, ask };
}

// A box showing a secret link once: the note (validity, shown only now), the link in a
// read-only field and a copy button.
export function linkOnce(id, link, note) {
  const input = h('input', {
    type: 'text',
    id: `${id}-input`,
    class: 'link-input',
    readOnly: true,
    value: link,
    'aria-label': t('share_link'),
    onfocus: (e) => e.target.select(),
  });
  const copy = copyButton({ id: `${id}-copy`, link, input, label: h('span', {}, t('copy')) });
  return h(
    'div',
    { class: 'link-once', id },
    h('p', { class: 'link-once-note' }, note),
    h('div', { class: 'link-row' }, input, copy)
  );
}

// A table with a caption and column headers; rows is a list of {cells: [node|text…], attrs};
// each cell carries its header (data-label) for the phone's card layout. empty: the text of a
// table without rows.
export function dataTable({ id, caption, headers, rows, empty }) {
  const table = h(
    'table',
    { class: 'admin-table', id },
    h('caption', { class: 'sr-only' }, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headers.map((x) => h('th', { scope: 'col' }, x))
      )
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          r.attrs || {},
          r.cells.map((c, i) =>
            h(i === 0 ? 'th' : 'td', { scope: i === 0 ? 'row' : null, 'data-label': headers[i] }, c)
          )
        )
      )
    )
  );
  return rows.length ? table : h('p', { class: 'empty', id: `${id}-empty` }, empty);
}

// Replaces box's content with a table (or its empty text).
export function drawTable(box, spec) {
  fill(box, dataTable(spec));
}

const SEARCH_DELAY_MS = 300;

// A search box calling load() a pause after each keystroke and at once on submit: {label, input,
// button, row (input and button), onsubmit (the form's), cancel() (drops a pending search)}.
export function searchBox({ id, name, buttonId, load }) {
  let timer = null;
  const label = h('label', { for: id });
  const input = h('input', {
    type: 'search',
    id,
    name,
    autocomplete: 'off',
    spellcheck: false,
    maxLength: 64,
    oninput: () => {
      clearTimeout(timer);
      timer = setTimeout(load, SEARCH_DELAY_MS);
    },
  });
  const button = h('button', { type: 'submit', class: 'btn', id: buttonId });
  return {
    label,
    input,
    button,
    row: h('div', { class: 'admin-search-row' }, input, button),
    onsubmit: (e) => {
      e.preventDefault();
      clearTimeout(timer);
      load();
    },
    cancel: () => clearTimeout(timer),
  };
}

// A section's face for the page, {el, show(), hide(), relabel()}, its labels set now: show() runs
// load, hide() runs stop, relabel() sets the labels again and runs each of draws in turn.
export function sectionFace({ el, labels, load, draws, stop = () => {} }) {
  labels();
  return {
    el,
    show() {
      load();
    },
    hide() {
      stop();
    },
    relabel() {
      labels();
      draws.forEach((draw) => draw());
    },
  };
}
