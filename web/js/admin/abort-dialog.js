// The Matches section's abort dialog: it names the match, says that both players will read the
// reason, and takes the reason (required; at most 200 characters as the server counts them,
// with a counter); the reason is checked here first (match-format.js), then sent by the
// section, the dialog staying open (its button busy) until the server answers.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { cleanReason, utf8Bytes, reasonProblem, REASON_MAX_BYTES } from './match-format.js';

// The dialog: {dialog, open(match, about), close(), relabel()}. send(match, reason) is called
// with the cleaned reason; it resolves to nothing (done: the dialog closes) or to an error text
// shown in the dialog (role="alert"), which then stays open.
export function abortDialog({ send }) {
  const title = h('h2', { id: 'abort-title' });
  const text = h('p', { class: 'hint', id: 'abort-text' });
  const about = h('p', { class: 'abort-about', id: 'abort-about' });
  const label = h('label', { for: 'abort-reason' });
  const reason = h('textarea', {
    id: 'abort-reason',
    name: 'reason',
    rows: 3,
    maxLength: REASON_MAX_BYTES,
    required: true,
    autocomplete: 'off',
    'aria-describedby': 'abort-count abort-error',
    oninput: () => {
      count();
      error.textContent = '';
    },
  });
  const counter = h('span', { class: 'reason-count', id: 'abort-count' });
  const error = h('p', { class: 'field-error', id: 'abort-error', role: 'alert' });
  const back = h('button', {
    type: 'submit',
    class: 'btn ghost',
    value: 'cancel',
    id: 'abort-cancel',
    formNoValidate: true,
  });
  const yes = h('button', { type: 'submit', class: 'btn danger', value: 'yes', id: 'abort-yes' });
  const form = h(
    'form',
    { method: 'dialog', novalidate: true, onsubmit: (e) => submit(e) },
    title,
    text,
    about,
    h('div', { class: 'field' }, label, reason, counter),
    error,
    h('div', { class: 'row-btns' }, back, yes)
  );
  const dialog = h(
    'dialog',
    {
      class: 'admin-dialog',
      id: 'abort-dialog',
      'aria-labelledby': 'abort-title',
      'aria-describedby': 'abort-text',
      oncancel: (e) => {
        if (busy) e.preventDefault();
      },
    },
    form
  );
  let match = null;
  let busy = false;

  const count = () => {
    const n = utf8Bytes(cleanReason(reason.value));
    counter.textContent = t('admin.matches.reason_count', { n, max: REASON_MAX_BYTES });
    counter.classList.toggle('over', n > REASON_MAX_BYTES);
  };
  const labels = () => {
    title.textContent = match ? t('admin.matches.abort_title', { code: match.code }) : '';
    text.textContent = t('admin.matches.abort_text');
    label.textContent = t('admin.matches.reason');
    back.textContent = t('admin.matches.back');
    yes.textContent = t('admin.matches.abort_yes');
    count();
  };

  async function submit(e) {
    if (e.submitter?.value === 'cancel') {
      if (busy) e.preventDefault();
      return;
    } // the dialog closes by itself
    e.preventDefault();
    if (busy || !match) return;
    const problem = reasonProblem(reason.value);
    if (problem) {
      error.textContent = t(`admin.matches.reason_${problem}`);
      reason.focus();
      return;
    }
    busy = true;
    yes.disabled = true;
    error.textContent = '';
    try {
      const failed = await send(match, cleanReason(reason.value));
      if (failed) {
        error.textContent = failed;
        reason.focus();
      } else if (dialog.open) dialog.close('done');
    } finally {
      busy = false;
      yes.disabled = false;
    }
  }

  labels();
  return {
    dialog,
    // Opens the dialog for match m (about: the game and players, in words), the reason empty.
    open(m, aboutText) {
      match = m;
      reason.value = '';
      error.textContent = '';
      about.textContent = aboutText;
      labels();
      dialog.showModal();
      reason.focus();
    },
    close() {
      if (dialog.open) dialog.close();
    },
    relabel: labels,
  };
}
