// The dialog that asks before what cannot be undone (resigning a match, forgetting a game played
// in this browser): the question, a "Cancel" button and the action's own "yes" button, worded in
// the page's language; and the one way it is asked.
import { h } from './dom.js';
import { translated } from './i18n.js';

// The dialog with id asking question (a string key), its "yes" button (id yesId, value 'yes')
// labelled by the key yes.
export function confirmDialog({ id, question, yes, yesId }) {
  return h(
    'dialog',
    { class: 'confirm', id },
    h(
      'form',
      { method: 'dialog' },
      translated('p', {}, question),
      h(
        'div',
        { class: 'row-btns' },
        translated('button', { class: 'btn ghost', value: 'cancel' }, 'cancel'),
        translated('button', { class: 'btn danger', value: 'yes', id: yesId }, yes)
      )
    )
  );
}

// Opens dialog (a confirmDialog) and calls onYes() once it closes on "yes" (not on "Cancel" or
// Escape).
export function askConfirm(dialog, onYes) {
  dialog.returnValue = '';
  dialog.showModal();
  dialog.addEventListener(
    'close',
    () => {
      if (dialog.returnValue === 'yes') onYes();
    },
    { once: true }
  );
}
