// The account page's notifications card and the service worker's notifications. A member signs
// up and opens /account: the browser's permission prompt is asked only once "Turn on" is
// clicked (Notification.requestPermission is watched; the permission is granted through the
// DevTools protocol). Headless Chromium cannot reach its vendor's push service, so the
// browser's pushManager.subscribe answers a test subscription (a real P-256 key made in the
// page, an endpoint of push.example.net); the server lists it as this browser. A switch turned
// off is saved; the card is drawn in both languages at both sizes with no serious or critical
// accessibility violation. A push delivered to the service worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage) is shown as a notification with its title, body
// and match link; removing the browser empties the list. No console error, exception or CSP
// violation on the way.
import { check, steps, newPage, screenshots, cardInEachLanguage, CARD_SIZES, STEP_TIMEOUT_MS } from './steps.mjs';
import { axeProblems } from './axe.mjs';

export async function pushScenario({ browser, url, out }) {
  const shot = screenshots(out, { prefix: 'push-', timeout: STEP_TIMEOUT_MS });
  let page = null;
  const { results, step } = steps({ prefix: 'push: ', onFail: () => page && shot(page, 'failed') });
  const problems = [];
  page = await newPage(
    browser,
    { viewport: CARD_SIZES.desktop },
    {
      prepare: async (ctx) => {
        await ctx.exposeBinding('reportCspViolation', (_src, v) => problems.push(`CSP: ${v}`));
        await ctx.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) =>
            window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`)
          );
          // When the page asked for the permission (null: never).
          window.permissionAskedAt = null;
          const ask = Notification.requestPermission.bind(Notification);
          Notification.requestPermission = (...a) => {
            window.permissionAskedAt = performance.now();
            return ask(...a);
          };
          // A test subscription in place of the vendor's push service: a real P-256 public key.
          PushManager.prototype.subscribe = async function subscribe(options) {
            window.subscribedWith = options;
            const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
            const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
            const b64 = (bytes) =>
              btoa(String.fromCharCode(...bytes))
                .replace(/\+/g, '-')
                .replace(/\//g, '_')
                .replace(/=+$/, '');
            const json = {
              endpoint: 'https://push.example.net/send/test-subscription',
              expirationTime: null,
              keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
            };
            return { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true };
          };
        });
      },
    }
  );
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  const settings = () => page.evaluate(() => fetch('/api/push').then((r) => r.json()));

  await step('a member opens the notifications card: nothing is asked of the browser before the click', async () => {
    await page.goto(`${url}/signup`);
    await page.fill('#username', 'pia');
    await page.fill('#password', 'pia password 1');
    await page.click('#account-submit');
    // Signed up, the page goes home (its own navigation, not to be raced).
    await page.waitForURL((u) => u.pathname === '/', { timeout: STEP_TIMEOUT_MS });
    await page.waitForSelector('#account-name', { timeout: STEP_TIMEOUT_MS });
    await page.goto(`${url}/account`);
    await page.waitForSelector('#push-enable', { timeout: STEP_TIMEOUT_MS });
    check(await page.evaluate(() => window.permissionAskedAt === null), 'the permission was asked before any click');
    check((await page.evaluate(() => Notification.permission)) === 'default', 'the permission is not decided yet');
    check(
      (await page.$$('#push-kinds input:checked')).length === 5,
      'every kind of notice is on until the member chooses'
    );
    check((await page.textContent('#push-browsers')).includes('None yet'), 'no browser is listed yet');
  });

  await step(
    '"Turn on": the permission prompt (granted), the subscription sent and listed as this browser',
    async () => {
      await page.context().grantPermissions(['notifications'], { origin: url });
      const before = await page.evaluate(() => performance.now());
      await page.click('#push-enable');
      await page.waitForSelector('#push-state.form-ok', { timeout: STEP_TIMEOUT_MS });
      const asked = await page.evaluate(() => window.permissionAskedAt);
      check(asked !== null && asked >= before, 'the permission was asked by the click');
      const key = await page.evaluate(() => fetch('/api/push/key').then((r) => r.json()));
      const sent = await page.evaluate(() =>
        btoa(String.fromCharCode(...new Uint8Array(window.subscribedWith.applicationServerKey)))
      );
      check(
        Buffer.from(sent, 'base64').toString('base64url') === key.public_key,
        "the browser subscribed with the server's VAPID key"
      );
      const s = await settings();
      check(
        s.subscriptions.length === 1 && s.subscriptions[0].origin === 'https://push.example.net',
        `the server lists ${JSON.stringify(s.subscriptions)}`
      );
      check((await page.textContent('#push-browsers')).includes('(this browser)'), 'the list marks this browser');
    }
  );

  await step('a switch turned off is saved', async () => {
    await page.uncheck('#push-low_time');
    await page.waitForFunction(
      () =>
        fetch('/api/push')
          .then((r) => r.json())
          .then((s) => s.notify.low_time === false),
      null,
      { timeout: STEP_TIMEOUT_MS }
    );
    const s = await settings();
    check(s.notify.turn && s.notify.result && !s.notify.low_time, `the choice: ${JSON.stringify(s.notify)}`);
  });

  await step(
    'the card in both languages at both sizes, with no serious or critical accessibility violation',
    async () => {
      await cardInEachLanguage(page, {
        url: `${url}/account`,
        selector: '#push-state',
        card: '#push-card',
        axeProblems,
        look: async (lang, size) => {
          const title = await page.textContent('#push-title');
          check(title === (lang === 'en' ? 'Notifications' : 'Notificações'), `the card's title in ${lang}: ${title}`);
          await shot(page, `account-${lang}-${size}`);
        },
      });
    }
  );

  await step('a push delivered to the service worker is shown as a notification of its match', async () => {
    await page.goto(`${url}/account`);
    await page.waitForSelector('#push-state', { timeout: STEP_TIMEOUT_MS });
    const cdp = await page.context().newCDPSession(page);
    const registration = new Promise((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const r = registrations.find((x) => x.scopeURL.startsWith(url) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      })
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await Promise.race([
      registration,
      new Promise((_, j) => setTimeout(() => j(new Error('no service worker registration')), STEP_TIMEOUT_MS)),
    ]);
    const notice = { kind: 'turn', title: 'Your turn', body: 'TAIXU against ana', url: '/m/K7M2QX', tag: 'K7M2QX' };
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The notifications the service worker shows, asked until there is one (bounded). A push
    // that reaches a worker being started again may be dropped by the browser, as a push service
    // may drop one: it is delivered again every 2 s.
    let shown = [];
    let sentAt = 0;
    for (const deadline = Date.now() + STEP_TIMEOUT_MS; !shown.length && Date.now() < deadline;) {
      if (Date.now() - sentAt > 2000) {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: url,
          registrationId,
          data: JSON.stringify(notice),
        });
        sentAt = Date.now();
      }
      shown = await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        }))
      );
      if (!shown.length) await page.waitForTimeout(100);
    }
    check(
      shown.length === 1 &&
        shown[0].title === 'Your turn' &&
        shown[0].body === 'TAIXU against ana' &&
        shown[0].tag === 'K7M2QX' &&
        shown[0].url === '/m/K7M2QX',
      `the notifications shown: ${JSON.stringify(shown)}`
    );
    await cdp.detach();
  });

  await step('removing the browser empties the list', async () => {
    await page.click('#push-browsers button');
    await page.waitForSelector('#push-enable', { timeout: STEP_TIMEOUT_MS });
    check((await settings()).subscriptions.length === 0, 'the server still lists a subscription');
    check(
      (await page.evaluate(() => localStorage.getItem('tabuleiro.push.id'))) === null,
      'the browser still thinks it is subscribed'
    );
  });

  await step('no console error, exception or CSP violation', async () => {
    check(!problems.length, problems.slice(0, 5).join(' | '));
  });
  await page.context().close();
  return results;
}
