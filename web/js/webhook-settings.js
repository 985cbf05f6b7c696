// The account page's webhooks card: the member's HTTPS addresses that receive a signed JSON
// POST for the events they chose (protocol/PROTOCOL.md, "Webhooks"), each listed with its
// events and last delivery and buttons that send a test, change its events, give it a new secret
// (after a confirmation) and remove it; a form adds one. The secret that signs a webhook's
// deliveries is shown once, when it is made, with a button that copies it.
import { h, fill } from './dom.js';
import { t, errorText } from './i18n.js';
import { getWebhooks, addWebhook, removeWebhook, testWebhook, changeWebhookEvents, renewWebhookSecret } from './api.js';
import { copyText } from './share.js';
import { confirmer } from './admin/ui.js';

const EVENTS = ['turn', 'started', 'low_time', 'challenge', 'result'];
const DEFAULT_EVENTS = new Set(['turn', 'challenge', 'result']);
const MAX = 5;

// The time of an ISO 8601 text in the page's language.
const when = (iso) =>
  new Date(iso).toLocaleString(document.documentElement.lang, { dateStyle: 'short', timeStyle: 'short' });

// One webhook's last delivery, in words.
function lastDelivery(w) {
  const d = w.last_delivery;
  if (!d) return h('span', { class: 'webhook-last', 'data-i18n': 'webhooks.never' }, t('webhooks.never'));
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

// Checkboxes for the events, their ids prefixed by id, those of chosen checked: {fieldset, chosen()}.
function eventChoice(id, chosen, legendKey) {
  const boxes = EVENTS.map((event) =>
    h('input', { type: 'checkbox', id: `${id}-${event}`, name: event, checked: chosen.has(event) })
  );
  const fieldset = h(
    'fieldset',
    { class: 'push-kinds webhook-events' },
    h('legend', { 'data-i18n': legendKey }, t(legendKey)),
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

// The card, drawn once the list is read; its element.
export function webhookCard() {
  const msg = h('p', { class: 'field-error', id: 'webhook-error', role: 'alert' });
  const note = h('p', { class: 'hint form-ok', id: 'webhook-note', role: 'status' });
  const secretBox = h('div', { class: 'webhook-secret', id: 'webhook-secret', hidden: true });
  const list = h('div', { class: 'webhook-list' }, h('p', { class: 'hint' }, t('connecting')));
  const fail = (e) => {
    msg.textContent = e.code === 'network' ? t('network_error') : errorText(e, 'webhooks');
  };
  let hooks = [];

  // A text field with the URL keyboard: it takes the site's input style, and the server checks the address.
  const url = h('input', {
    type: 'text',
    id: 'webhook-url',
    name: 'url',
    required: true,
    maxLength: 1024,
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: false,
    placeholder: 'https://example.com/tabuleiro',
    inputMode: 'url',
  });
  const choice = eventChoice('webhook-event', DEFAULT_EVENTS, 'webhooks.events');
  const confirm = confirmer('webhook-confirm');
  const add = h(
    'button',
    { type: 'submit', class: 'btn primary', id: 'webhook-add', 'data-i18n': 'webhooks.add' },
    t('webhooks.add')
  );
  const form = h(
    'form',
    { class: 'account-form webhook-form', id: 'webhook-form', novalidate: true },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'webhook-url', 'data-i18n': 'webhooks.url' }, t('webhooks.url')),
      url
    ),
    choice.fieldset,
    add
  );

  // Reads the list again and draws it.
  const reload = async () => {
    draw((await getWebhooks()).webhooks);
  };

  // Shows the secret of the webhook just made, once: in a read-only field, with a copy button.
  function showSecret(secret) {
    const input = h('input', {
      type: 'text',
      id: 'webhook-secret-value',
      class: 'link-input',
      readOnly: true,
      value: secret,
      'aria-label': t('webhooks.secret'),
      'data-i18n-aria': 'webhooks.secret',
      onfocus: (e) => e.target.select(),
    });
    const copy = h(
      'button',
      { type: 'button', class: 'btn small', id: 'webhook-copy', 'data-i18n': 'webhooks.copy' },
      t('webhooks.copy')
    );
    const done = h(
      'button',
      { type: 'button', class: 'btn small ghost', id: 'webhook-secret-done', 'data-i18n': 'webhooks.secret_done' },
      t('webhooks.secret_done')
    );
    copy.addEventListener('click', async () => {
      copy.textContent = (await copyText(secret, input)) ? t('copied') : t('copy_failed');
    });
    done.addEventListener('click', () => {
      fill(secretBox);
      secretBox.hidden = true;
    });
    fill(
      secretBox,
      h('p', { class: 'webhook-secret-text', 'data-i18n': 'webhooks.secret_once' }, t('webhooks.secret_once')),
      h('div', { class: 'link-row' }, input),
      h('div', { class: 'webhook-actions' }, copy, done)
    );
    secretBox.hidden = false;
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    note.textContent = '';
    const events = choice.chosen();
    if (!/^https:\/\/\S+$/.test(url.value.trim())) {
      msg.textContent = t('err.webhooks.bad_url');
      url.focus();
      return;
    }
    if (!events.length) {
      msg.textContent = t('err.webhooks.bad_events');
      return;
    }
    add.disabled = true;
    try {
      const made = await addWebhook(url.value.trim(), events);
      url.value = '';
      showSecret(made.secret);
      await reload();
    } catch (err) {
      fail(err);
    }
    add.disabled = false;
  });

  // Runs a change started by button (disabled meanwhile); a refusal is shown.
  async function act(button, work) {
    msg.textContent = '';
    note.textContent = '';
    button.disabled = true;
    try {
      await work();
    } catch (err) {
      fail(err);
    }
    button.disabled = false;
  }

  // Sends a test delivery, then reads the list until its outcome shows (at most 15 s).
  async function sendTest(button, w) {
    msg.textContent = '';
    button.disabled = true;
    try {
      await testWebhook(w.id);
      note.textContent = t('webhooks.test_sent');
      const before = w.last_delivery?.at ?? null;
      for (let i = 0; i < 15; ++i) {
        await new Promise((r) => setTimeout(r, 1000));
        const now = (await getWebhooks()).webhooks;
        const mine = now.find((x) => x.id === w.id);
        if (!mine || (mine.last_delivery && (mine.last_delivery.at !== before || i >= 2))) {
          draw(now);
          break;
        }
      }
    } catch (err) {
      fail(err);
    }
    button.disabled = false;
  }

  function draw(all) {
    hooks = all;
    add.disabled = hooks.length >= MAX;
    const items = hooks.map((w) => {
      const button = (key, cls = 'btn small ghost') =>
        h('button', { type: 'button', class: cls, 'data-i18n': key, 'data-id': w.id }, t(key));
      const test = button('webhooks.test', 'btn small');
      const edit = button('webhooks.edit_events');
      const renew = button('webhooks.new_secret');
      const remove = button('webhooks.remove');
      test.addEventListener('click', () => sendTest(test, w));
      remove.addEventListener('click', () =>
        act(remove, async () => {
          await removeWebhook(w.id);
          await reload();
        })
      );
      // The events, changed in place: the webhook's own checkboxes and a Save button.
      const editor = h('div', { class: 'webhook-editor', hidden: true });
      edit.setAttribute('aria-expanded', 'false');
      edit.addEventListener('click', () => {
        const open = editor.hidden;
        editor.hidden = !open;
        edit.setAttribute('aria-expanded', String(open));
        if (!open) return;
        const own = eventChoice(`webhook-${w.id}-event`, new Set(w.events), 'webhooks.events');
        const save = h(
          'button',
          { type: 'button', class: 'btn small primary', 'data-i18n': 'webhooks.save_events' },
          t('webhooks.save_events')
        );
        save.addEventListener('click', () => {
          if (!own.chosen().length) {
            msg.textContent = t('err.webhooks.bad_events');
            return;
          }
          act(save, async () => {
            await changeWebhookEvents(w.id, own.chosen());
            note.textContent = t('webhooks.events_saved');
            await reload();
          });
        });
        fill(editor, own.fieldset, save);
      });
      // A new secret, after a confirmation: the old one stops verifying at once.
      renew.addEventListener('click', async () => {
        if (!(await confirm.ask(t('webhooks.confirm_secret', { url: w.url }), t('webhooks.new_secret')))) return;
        act(renew, async () => {
          const made = await renewWebhookSecret(w.id);
          showSecret(made.secret);
          await reload();
        });
      });
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
    });
    fill(
      list,
      items.length
        ? h('ul', { class: 'webhook-items', id: 'webhook-items' }, items)
        : h('p', { class: 'hint', id: 'webhook-items', 'data-i18n': 'webhooks.none' }, t('webhooks.none')),
      hooks.length >= MAX ? h('p', { class: 'hint', 'data-i18n': 'webhooks.full' }, t('webhooks.full')) : null
    );
  }

  getWebhooks().then(
    (r) => draw(r.webhooks),
    (e) => {
      fill(list);
      fail(e);
    }
  );
  return h(
    'section',
    { class: 'card settings-card webhook-card', id: 'webhook-card', 'aria-labelledby': 'webhook-title' },
    h('h2', { id: 'webhook-title', 'data-i18n': 'webhooks.title' }, t('webhooks.title')),
    h('p', { class: 'hint', 'data-i18n': 'webhooks.text' }, t('webhooks.text')),
    list,
    secretBox,
    form,
    note,
    msg,
    confirm.dialog
  );
}
