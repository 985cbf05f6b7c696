// The account page's webhooks card: the member's HTTPS addresses that receive a signed JSON
// POST for the events they chose (protocol/PROTOCOL.md, "Webhooks"), each listed with its
// events and last delivery, a button that sends a test and one that removes it; a form adds one,
// and the secret that signs its deliveries is shown once, with a button that copies it.
import { h, fill } from './dom.js';
import { t, errorText } from './i18n.js';
import { getWebhooks, addWebhook, removeWebhook, testWebhook } from './api.js';
import { copyText } from './share.js';

const EVENTS = ['turn', 'started', 'low_time', 'challenge', 'result'];
const DEFAULT_EVENTS = new Set(['turn', 'challenge', 'result']);
const MAX = 5;

// The time of an ISO 8601 text in the page's language.
const when = (iso) => new Date(iso).toLocaleString(document.documentElement.lang, { dateStyle: 'short', timeStyle: 'short' });

// One webhook's last delivery, in words.
function lastDelivery(w) {
  const d = w.last_delivery;
  if (!d) return h('span', { class: 'webhook-last', 'data-i18n': 'webhooks.never' }, t('webhooks.never'));
  const args = { date: when(d.at), status: d.status, error: d.error };
  const key = d.ok ? 'webhooks.last_ok' : 'webhooks.last_failed';
  return h('span', { class: `webhook-last ${d.ok ? 'form-ok' : 'webhook-failed'}`, 'data-i18n': key, 'data-i18n-args': JSON.stringify(args) },
    t(key, args));
}

// The card, drawn once the list is read; its element.
export function webhookCard() {
  const msg = h('p', { class: 'field-error', id: 'webhook-error', role: 'alert' });
  const note = h('p', { class: 'hint form-ok', id: 'webhook-note', role: 'status' });
  const secretBox = h('div', { class: 'webhook-secret', id: 'webhook-secret', hidden: true });
  const list = h('div', { class: 'webhook-list' }, h('p', { class: 'hint' }, t('connecting')));
  const fail = (e) => { msg.textContent = e.code === 'network' ? t('network_error') : errorText(e, 'webhooks'); };
  let hooks = [];

  // A text field with the URL keyboard: it takes the site's input style, and the server checks the address.
  const url = h('input', { type: 'text', id: 'webhook-url', name: 'url', required: true, maxLength: 1024, autocomplete: 'off',
    autocapitalize: 'off', spellcheck: false, placeholder: 'https://example.com/tabuleiro', inputMode: 'url' });
  const boxes = EVENTS.map((event) => h('input', { type: 'checkbox', id: `webhook-event-${event}`, name: event, checked: DEFAULT_EVENTS.has(event) }));
  const add = h('button', { type: 'submit', class: 'btn primary', id: 'webhook-add', 'data-i18n': 'webhooks.add' }, t('webhooks.add'));
  const form = h('form', { class: 'account-form webhook-form', id: 'webhook-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'webhook-url', 'data-i18n': 'webhooks.url' }, t('webhooks.url')), url),
    h('fieldset', { class: 'push-kinds webhook-events' },
      h('legend', { 'data-i18n': 'webhooks.events' }, t('webhooks.events')),
      EVENTS.map((event, i) => h('label', { class: 'check', for: `webhook-event-${event}` }, boxes[i],
        h('span', { 'data-i18n': `push.kind.${event}` }, t(`push.kind.${event}`))))),
    add);

  // Reads the list again and draws it.
  const reload = async () => { draw((await getWebhooks()).webhooks); };

  // Shows the secret of the webhook just made, once: in a read-only field, with a copy button.
  function showSecret(secret) {
    const input = h('input', { type: 'text', id: 'webhook-secret-value', class: 'link-input', readOnly: true, value: secret,
      'aria-label': t('webhooks.secret'), 'data-i18n-aria': 'webhooks.secret', onfocus: (e) => e.target.select() });
    const copy = h('button', { type: 'button', class: 'btn small', id: 'webhook-copy', 'data-i18n': 'webhooks.copy' }, t('webhooks.copy'));
    const done = h('button', { type: 'button', class: 'btn small ghost', id: 'webhook-secret-done', 'data-i18n': 'webhooks.secret_done' }, t('webhooks.secret_done'));
    copy.addEventListener('click', async () => { copy.textContent = (await copyText(secret, input)) ? t('copied') : t('copy_failed'); });
    done.addEventListener('click', () => { fill(secretBox); secretBox.hidden = true; });
    fill(secretBox, h('p', { class: 'webhook-secret-text', 'data-i18n': 'webhooks.secret_once' }, t('webhooks.secret_once')),
      h('div', { class: 'link-row' }, input), h('div', { class: 'webhook-actions' }, copy, done));
    secretBox.hidden = false;
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    note.textContent = '';
    const events = EVENTS.filter((_, i) => boxes[i].checked);
    if (!/^https:\/\/\S+$/.test(url.value.trim())) { msg.textContent = t('err.webhooks.bad_url'); url.focus(); return; }
    if (!events.length) { msg.textContent = t('err.webhooks.bad_events'); return; }
    add.disabled = true;
    try {
      const made = await addWebhook(url.value.trim(), events);
      url.value = '';
      showSecret(made.secret);
      await reload();
    } catch (err) { fail(err); }
    add.disabled = false;
  });

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
        if (!mine || (mine.last_delivery && (mine.last_delivery.at !== before || i >= 2))) { draw(now); break; }
      }
    } catch (err) { fail(err); }
    button.disabled = false;
  }

  function draw(all) {
    hooks = all;
    add.disabled = hooks.length >= MAX;
    const items = hooks.map((w) => {
      const test = h('button', { type: 'button', class: 'btn small', 'data-i18n': 'webhooks.test', 'data-id': w.id }, t('webhooks.test'));
      const remove = h('button', { type: 'button', class: 'btn small ghost', 'data-i18n': 'webhooks.remove', 'data-id': w.id }, t('webhooks.remove'));
      test.addEventListener('click', () => sendTest(test, w));
      remove.addEventListener('click', async () => {
        msg.textContent = '';
        remove.disabled = true;
        try { await removeWebhook(w.id); await reload(); } catch (err) { fail(err); remove.disabled = false; }
      });
      const names = w.events.map((e) => t(`webhooks.event.${e}`)).join(', ');
      return h('li', { class: 'webhook', 'data-id': w.id },
        h('span', { class: 'webhook-url' }, w.url),
        h('span', { class: 'webhook-events-list', 'data-i18n': 'webhooks.sends', 'data-i18n-args': JSON.stringify({ events: names }) },
          t('webhooks.sends', { events: names })),
        lastDelivery(w),
        h('div', { class: 'webhook-actions' }, test, remove));
    });
    fill(list, items.length ? h('ul', { class: 'webhook-items', id: 'webhook-items' }, items)
      : h('p', { class: 'hint', id: 'webhook-items', 'data-i18n': 'webhooks.none' }, t('webhooks.none')),
    hooks.length >= MAX ? h('p', { class: 'hint', 'data-i18n': 'webhooks.full' }, t('webhooks.full')) : null);
  }

  getWebhooks().then((r) => draw(r.webhooks), (e) => { fill(list); fail(e); });
  return h('section', { class: 'card settings-card webhook-card', id: 'webhook-card', 'aria-labelledby': 'webhook-title' },
    h('h2', { id: 'webhook-title', 'data-i18n': 'webhooks.title' }, t('webhooks.title')),
    h('p', { class: 'hint', 'data-i18n': 'webhooks.text' }, t('webhooks.text')),
    list, secretBox, form, note, msg);
}
