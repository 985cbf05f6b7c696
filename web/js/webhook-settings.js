// The account page's webhooks card: the member's HTTPS addresses that receive a signed JSON
// POST for the events they chose (protocol/PROTOCOL.md, "Webhooks"), each listed with its
// events and last delivery and buttons that send a test, change its events, give it a new secret
// (after a confirmation) and remove it; a form adds one. The secret that signs a webhook's
// deliveries is shown once, when it is made, with a button that copies it.
import { h, fill } from './dom.js';
import { t, errorText, translated } from './i18n.js';
import { getWebhooks, addWebhook, removeWebhook, testWebhook, changeWebhookEvents, renewWebhookSecret } from './api.js';
import { copyText } from './share.js';
import { confirmer } from './admin/ui.js';
import { eventChoice, webhookItem } from './webhook-list.js';

const DEFAULT_EVENTS = new Set(['turn', 'challenge', 'result']);
const MAX = 5;

// The form that adds a webhook: its address and events; {form, url, choice, add}.
function webhookForm() {
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
  const add = translated('button', { type: 'submit', class: 'btn primary', id: 'webhook-add' }, 'webhooks.add');
  const form = h(
    'form',
    { class: 'account-form webhook-form', id: 'webhook-form', novalidate: true },
    h('div', { class: 'field' }, translated('label', { for: 'webhook-url' }, 'webhooks.url'), url),
    choice.fieldset,
    add
  );
  return { form, url, choice, add };
}

// Shows in secretBox the secret of the webhook just made, once: in a read-only field, with a
// copy button and one that closes the box.
function showSecret(secretBox, secret) {
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
  const copy = translated('button', { type: 'button', class: 'btn small', id: 'webhook-copy' }, 'webhooks.copy');
  const done = translated(
    'button',
    { type: 'button', class: 'btn small ghost', id: 'webhook-secret-done' },
    'webhooks.secret_done'
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
    translated('p', { class: 'webhook-secret-text' }, 'webhooks.secret_once'),
    h('div', { class: 'link-row' }, input),
    h('div', { class: 'webhook-actions' }, copy, done)
  );
  secretBox.hidden = false;
}

// Reads the list each second until the outcome of webhook w's test delivery shows (a delivery
// newer than w's, or any after 3 s), or w is gone: that list, or null after 15 s.
async function listAfterTest(w) {
  const before = w.last_delivery?.at ?? null;
  for (let i = 0; i < 15; ++i) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = (await getWebhooks()).webhooks;
    const mine = now.find((x) => x.id === w.id);
    if (!mine || (mine.last_delivery && (mine.last_delivery.at !== before || i >= 2))) return now;
  }
  return null;
}

// Why the form's address (trimmed) and events cannot be sent, as a message key; null if they can.
function formProblem(address, events) {
  if (!/^https:\/\/\S+$/.test(address)) return 'err.webhooks.bad_url';
  if (!events.length) return 'err.webhooks.bad_events';
  return null;
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
  const { form, url, choice, add } = webhookForm();
  const confirm = confirmer('webhook-confirm');

  // Reads the list again and draws it.
  const reload = async () => {
    draw((await getWebhooks()).webhooks);
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    note.textContent = '';
    const events = choice.chosen();
    const problem = formProblem(url.value.trim(), events);
    if (problem) {
      msg.textContent = t(problem);
      if (problem === 'err.webhooks.bad_url') url.focus();
      return;
    }
    await act(add, async () => {
      const made = await addWebhook(url.value.trim(), events);
      url.value = '';
      showSecret(secretBox, made.secret);
      await reload();
    });
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
  function sendTest(button, w) {
    return act(button, async () => {
      await testWebhook(w.id);
      note.textContent = t('webhooks.test_sent');
      const now = await listAfterTest(w);
      if (now) draw(now);
    });
  }

  // What the buttons of a listed webhook do (webhookItem).
  const itemActions = {
    test: sendTest,
    remove: (button, w) =>
      act(button, async () => {
        await removeWebhook(w.id);
        await reload();
      }),
    refuse: (text) => {
      msg.textContent = text;
    },
    saveEvents: (button, w, events) =>
      act(button, async () => {
        await changeWebhookEvents(w.id, events);
        note.textContent = t('webhooks.events_saved');
        await reload();
      }),
    // A new secret, after a confirmation: the old one stops verifying at once.
    renew: async (button, w) => {
      if (!(await confirm.ask(t('webhooks.confirm_secret', { url: w.url }), t('webhooks.new_secret')))) return;
      act(button, async () => {
        const made = await renewWebhookSecret(w.id);
        showSecret(secretBox, made.secret);
        await reload();
      });
    },
  };

  function draw(all) {
    hooks = all;
    add.disabled = hooks.length >= MAX;
    const items = hooks.map((w) => webhookItem(w, itemActions));
    fill(
      list,
      items.length
        ? h('ul', { class: 'webhook-items', id: 'webhook-items' }, items)
        : translated('p', { class: 'hint', id: 'webhook-items' }, 'webhooks.none'),
      hooks.length >= MAX ? translated('p', { class: 'hint' }, 'webhooks.full') : null
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
    translated('h2', { id: 'webhook-title' }, 'webhooks.title'),
    translated('p', { class: 'hint' }, 'webhooks.text'),
    list,
    secretBox,
    form,
    note,
    msg,
    confirm.dialog
  );
}
