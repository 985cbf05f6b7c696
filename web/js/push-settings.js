// The account page's notifications card: this browser's Web Push subscription (the browser's
// permission prompt comes only after the member's click on "Turn on"), the notices the member
// wants (your turn, a match started, low time, a challenge, a result: one switch each, for every
// browser), and every browser subscribed, each with a button that removes it. The server's
// answers (protocol/PROTOCOL.md, "Notifications") redraw the card.
import { h, fill } from './dom.js';
import { t, errorText, translated } from './i18n.js';
import { getPushKey, getPushSettings, addPushSubscription, removePushSubscription, choosePushNotices } from './api.js';

const KINDS = ['turn', 'started', 'low_time', 'challenge', 'result'];
// Which listed subscription is this browser's (the id the server gave it).
const OWN = 'tabuleiro.push.id';

// Whether this browser can receive Web Push at all (a service worker and the Push API).
const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

// The bytes of base64url text (the VAPID key, as applicationServerKey).
function bytes(text) {
  const s = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '=')
  );
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

// How the member will recognise this browser in the list: its browser and system.
function browserLabel() {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chromium'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? t('push.label', { browser, system }) : browser;
}

// One switch per kind of notice, checked as notify says; a change calls choose(kind, checked).
function noticeChoices(notify, choose) {
  return h(
    'fieldset',
    { class: 'push-kinds', id: 'push-kinds' },
    translated('legend', {}, 'push.tell_me'),
    KINDS.map((kind) => {
      const box = h('input', { type: 'checkbox', id: `push-${kind}`, name: kind, checked: !!notify[kind] });
      box.addEventListener('change', () => choose(kind, box.checked));
      return h(
        'label',
        { class: 'check', for: `push-${kind}` },
        box,
        h('span', { 'data-i18n': `push.kind.${kind}` }, t(`push.kind.${kind}`))
      );
    })
  );
}

// One subscribed browser s of the list (marked if its id is own, this browser's), with a button
// whose click calls remove(button, s.id).
function browserItem(s, own, remove) {
  const x = translated('button', { type: 'button', class: 'btn small ghost', 'data-id': s.id }, 'push.remove');
  x.addEventListener('click', () => remove(x, s.id));
  const when = new Date(s.created).toLocaleDateString(document.documentElement.lang);
  return h(
    'li',
    { class: 'push-browser' },
    h(
      'span',
      { class: 'push-browser-name' },
      s.label || new URL(s.origin).host,
      ' ',
      String(s.id) === own ? translated('span', {}, 'push.this_browser') : null
    ),
    h(
      'span',
      {
        class: 'push-browser-since',
        'data-i18n': 'push.since',
        'data-i18n-args': JSON.stringify({ date: when }),
      },
      t('push.since', { date: when })
    ),
    x
  );
}

// The card, drawn once the settings are read; its element.
export function pushCard() {
  const msg = h('p', { class: 'field-error', id: 'push-error', role: 'alert' });
  const body = h('div', { class: 'push-body' }, h('p', { class: 'hint' }, t('connecting')));
  const card = h(
    'section',
    { class: 'card settings-card push-card', id: 'push-card', 'aria-labelledby': 'push-title' },
    translated('h2', { id: 'push-title' }, 'push.title'),
    translated('p', { class: 'hint' }, 'push.text'),
    body,
    msg
  );
  const fail = (e) => {
    msg.textContent = e.code === 'network' ? t('network_error') : errorText(e, 'push');
  };
  // Runs a change, then draws the settings it answered.
  const change = async (button, work) => {
    msg.textContent = '';
    if (button) button.disabled = true;
    try {
      draw(await work());
    } catch (e) {
      fail(e);
      if (button) button.disabled = false;
    }
  };

  // Turns notifications on for this browser: the permission prompt, then the subscription.
  const turnOn = (button) =>
    change(button, async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw { code: permission === 'denied' ? 'push_denied' : 'push_dismissed' };
      const [{ public_key: key }, registration] = await Promise.all([getPushKey(), navigator.serviceWorker.ready]);
      let sub;
      try {
        sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
      } catch (e) {
        throw { code: 'push_unavailable', message: String(e) };
      }
      const settings = await addPushSubscription(sub.toJSON(), browserLabel());
      if (settings.subscriptions[0]) localStorage.setItem(OWN, String(settings.subscriptions[0].id));
      return settings;
    });

  // Removes a subscription; this browser's own is also ended in the browser.
  const remove = (button, id) =>
    change(button, async () => {
      const settings = await removePushSubscription(id);
      if (localStorage.getItem(OWN) === String(id)) {
        localStorage.removeItem(OWN);
        const registration = await navigator.serviceWorker.getRegistration();
        await (await registration?.pushManager.getSubscription())?.unsubscribe();
      }
      return settings;
    });

  function draw(settings) {
    const own = localStorage.getItem(OWN);
    const subscribed = settings.subscriptions.some((s) => String(s.id) === own);
    let state;
    if (!supported()) state = translated('p', { class: 'hint', id: 'push-state' }, 'push.unsupported');
    else if (Notification.permission === 'denied')
      state = translated('p', { class: 'hint', id: 'push-state' }, 'push.blocked');
    else if (subscribed) state = translated('p', { class: 'hint form-ok', id: 'push-state' }, 'push.on_here');
    else {
      const on = translated('button', { type: 'button', class: 'btn primary', id: 'push-enable' }, 'push.enable');
      on.addEventListener('click', () => turnOn(on));
      state = on;
    }
    const choices = noticeChoices(settings.notify, (kind, on) => change(null, () => choosePushNotices({ [kind]: on })));
    const list = settings.subscriptions.length
      ? h(
          'ul',
          { class: 'push-browsers', id: 'push-browsers' },
          settings.subscriptions.map((s) => browserItem(s, own, remove))
        )
      : translated('p', { class: 'hint', id: 'push-browsers' }, 'push.none');
    fill(body, state, choices, translated('h3', {}, 'push.browsers'), list);
  }

  getPushSettings().then(
    (s) => {
      // A subscription this browser no longer lists (removed elsewhere) is not its own any more.
      if (!s.subscriptions.some((x) => String(x.id) === localStorage.getItem(OWN))) localStorage.removeItem(OWN);
      draw(s);
    },
    (e) => {
      fill(body);
      fail(e);
    }
  );
  return card;
}
