// The account page's webhooks card's list (webhook-settings.js): each webhook with its events
// and last delivery and its buttons, and the events' checkboxes the list and the form share.
// It only draws: what the buttons ask is done by the card's handlers.
import { h, fill } from './dom.js';
import { t, translated } from './i18n.js';

const EVENTS = ['turn', 'started', 'low_time', 'challenge', 'result'];

// The time of an ISO 8601 text in the page's language.
const when = (iso) =>
  new Date(iso).toLocaleString(document.documentElement.lang, { dateStyle: 'short', timeStyle: 'short' });

// One webhook's last delivery, in words.
function lastDelivery(w) {
  const d = w.last_delivery;
  if (!d) return translated('span', { class: 'webhook-last' }, 'webhooks.never');
  const args = { date: when(d.at), status: d.status, error: d.error };
  const key = d.ok ? 'webhooks.last_ok' : 'webhooks.last_failed';
  return h(
    'span',
    {
      class: `webhook-last ${d.ok ? 'form-ok' : 'webhook-failed'}`,
      'data-i18n': key,
      'data-i18n-args': JSON.stringify(args),
    },
    t(key, args)
  );
}

export // Checkboxes for the events, their ids prefixed by id, those of chosen checked: {fieldset, chosen()}.
function eventChoice(id, chosen, legendKey) {
  const boxes = EVENTS.map((event) =>
    h('input', { type: 'checkbox', id: `${id}-${event}`, name: event, checked: chosen.has(event) })
  );
  const fieldset = h(
    'fieldset',
    { class: 'push-kinds webhook-events' },
    translated('legend', {}, legendKey),
    EVENTS.map((event, i) =>
      h(
        'label',
        { class: 'check', for: `${id}-${event}` },
        boxes[i],
        h('span', { 'data-i18n': `push.kind.${event}` }, t(`push.kind.${event}`))
      )
    )
  );
  return { fieldset, chosen: () => EVENTS.filter((_, i) => boxes[i].checked) };
}

// The events of webhook w, changed in place under its button edit (which opens and closes it):
// the webhook's own checkboxes and a Save button, which calls on.saveEvents(save, w, events), or
// on.refuse(text) when none is chosen. Returns the editor's element.
function eventsEditor(w, edit, on) {
  const editor = h('div', { class: 'webhook-editor', hidden: true });
  edit.setAttribute('aria-expanded', 'false');
  edit.addEventListener('click', () => {
    const open = editor.hidden;
    editor.hidden = !open;
    edit.setAttribute('aria-expanded', String(open));
    if (!open) return;
    const own = eventChoice(`webhook-${w.id}-event`, new Set(w.events), 'webhooks.events');
    const save = translated('button', { type: 'button', class: 'btn small primary' }, 'webhooks.save_events');
    save.addEventListener('click', () => {
      if (!own.chosen().length) {
        on.refuse(t('err.webhooks.bad_events'));
        return;
      }
      on.saveEvents(save, w, own.chosen());
    });
    fill(editor, own.fieldset, save);
  });
  return editor;
}

// One webhook w of the list: its address, events and last delivery, and buttons whose clicks
// call on.test, on.remove, on.renew (button, w) and the events editor's (eventsEditor).
export function webhookItem(w, on) {
  const button = (key, cls = 'btn small ghost') =>
    translated('button', { type: 'button', class: cls, 'data-id': w.id }, key);
  const test = button('webhooks.test', 'btn small');
  const edit = button('webhooks.edit_events');
  const renew = button('webhooks.new_secret');
  const remove = button('webhooks.remove');
  test.addEventListener('click', () => on.test(test, w));
  remove.addEventListener('click', () => on.remove(remove, w));
  const editor = eventsEditor(w, edit, on);
  renew.addEventListener('click', () => on.renew(renew, w));
  const names = w.events.map((e) => t(`webhooks.event.${e}`)).join(', ');
  return h(
    'li',
    { class: 'webhook', 'data-id': w.id },
    h('span', { class: 'webhook-url' }, w.url),
    h(
      'span',
      {
        class: 'webhook-events-list',
        'data-i18n': 'webhooks.sends',
        'data-i18n-args': JSON.stringify({ events: names }),
      },
      t('webhooks.sends', { events: names })
    ),
    lastDelivery(w),
    h('div', { class: 'webhook-actions' }, test, edit, renew, remove),
    editor
  );
}
