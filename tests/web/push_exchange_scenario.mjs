// A correspondence match between two browsers, each told of its turn through a real Web Push
// exchange on loopback. The server runs with a test CA it trusts for outbound requests and
// internal addresses allowed; a fake push service (node:https, certificate from that CA) takes
// what the server posts. Headless Chromium cannot subscribe at its vendor's push service, so
// each browser's pushManager.subscribe answers a subscription at the fake service whose keys
// the test holds. Ana (English, 1280 × 800) and Bia (Portuguese, 390 × 844) sign up and turn
// notifications on in the account page; Ana creates the match from the home page's form and
// Bia joins by its link. Each message the push service receives is checked (VAPID token,
// encryption), decrypted with that browser's keys, and delivered to that browser's service
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage), which shows it as a
// notification: Ana's "started", Bia's "Sua vez" after Ana's turn, Ana's "Your turn" after
// Bia's. A click on a notification (the event dispatched in the service worker, whose
// openWindow and focus are watched: headless Chromium has no notification to click) opens the
// match, or focuses the window already showing it.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:https';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCa, readVapid, decryptPush } from '../server/notify/push_tools.mjs';
import { check, steps, newPage, screenshots, STEP_TIMEOUT_MS } from './steps.mjs';

// The fake push service on 127.0.0.1: every POST kept ({path, headers, body}) and answered 201.
// Answers {origin, received, close()}.
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-push-'));
  const { ca, cert } = testCa(dir);
  ca('ca');
  const received = [];
  const server = createServer(cert('push', 'ca', 'IP:127.0.0.1'), (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `https://127.0.0.1:${server.address().port}`,
    caFile: join(dir, 'ca.pem'),
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

export async function pushExchangeScenario({ browser, url, out, push }) {
  const shot = screenshots(out, { prefix: 'push-exchange-', timeout: STEP_TIMEOUT_MS });
  const { results, step } = steps({ prefix: 'push exchange: ' });
  const problems = [];
  const vapidKey = (await (await fetch(`${url}/api/push/key`)).json()).public_key;

  // A browser of one member: its page, and the keys of the subscription it hands the server.
  const member = async (name, locale, viewport) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const sub = {
      endpoint: `${push.origin}/send/${name}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    };
    const page = await newPage(
      browser,
      { locale, viewport },
      {
        prepare: (ctx) =>
          ctx.addInitScript((s) => {
            PushManager.prototype.subscribe = async () => {
              const json = { endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } };
              return { endpoint: s.endpoint, toJSON: () => json, unsubscribe: async () => true };
            };
          }, sub),
      }
    );
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${name}: console: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`${name}: exception: ${e.message}`));
    return { name, page, ecdh, auth, path: `/send/${name}`, seen: 0 };
  };
  const ana = await member('ana', 'en-US', { width: 1280, height: 800 });
  const bia = await member('bia', 'pt-BR', { width: 390, height: 844 });
  let code = '';

  // The next message the push service received for m: its VAPID token checked, decrypted.
  const nextMessage = async (m) => {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    let mine = [];
    while ((mine = push.received.filter((r) => r.path === m.path)).length <= m.seen && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    check(mine.length > m.seen, `no push message for ${m.name}`);
    const r = mine[m.seen++];
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(r.headers.authorization || '') || [];
    check(key === vapidKey && readVapid(token, vapidKey).verifies(), `${m.name}: the VAPID token does not verify`);
    return decryptPush(r.body, m.ecdh, m.auth).text;
  };

  // Delivers text to m's service worker and waits until it shows a notification titled title;
  // the notifications shown then. A push reaching a worker being started again may be dropped
  // by the browser: it is delivered again every 2 s (bounded by the step's time).
  const deliver = async (m, text, title) => {
    const cdp = await m.page.context().newCDPSession(m.page);
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
    await m.page.evaluate(() => navigator.serviceWorker.ready);
    let shown = [];
    let sentAt = 0;
    for (
      const deadline = Date.now() + STEP_TIMEOUT_MS;
      !shown.some((n) => n.title === title) && Date.now() < deadline;
    ) {
      if (Date.now() - sentAt > 2000) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: url, registrationId, data: text });
        sentAt = Date.now();
      }
      shown = await m.page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        }))
      );
      if (!shown.some((n) => n.title === title)) await m.page.waitForTimeout(100);
    }
    await cdp.detach();
    return shown;
  };

  await step('both members sign up and turn notifications on', async () => {
    for (const m of [ana, bia]) {
      await m.page.goto(`${url}/signup`);
      await m.page.fill('#username', m.name);
      await m.page.fill('#password', `${m.name} password 1`);
      await m.page.click('#account-submit');
      await m.page.waitForURL((u) => u.pathname === '/', { timeout: STEP_TIMEOUT_MS });
      await m.page.waitForSelector('#account-name', { timeout: STEP_TIMEOUT_MS });
      await m.page.goto(`${url}/account`);
      await m.page.waitForSelector('#push-enable', { timeout: STEP_TIMEOUT_MS });
      await m.page.context().grantPermissions(['notifications'], { origin: url });
      await m.page.click('#push-enable');
      await m.page.waitForSelector('#push-state.form-ok', { timeout: STEP_TIMEOUT_MS });
      const s = await m.page.evaluate(() => fetch('/api/push').then((r) => r.json()));
      check(
        s.subscriptions.length === 1 && s.subscriptions[0].origin === push.origin,
        `${m.name}'s browsers: ${JSON.stringify(s.subscriptions)}`
      );
    }
  });

  await step('Ana creates a correspondence match; Bia joins by its link; Ana is told it started', async () => {
    await ana.page.goto(url);
    await ana.page.click('.game-card.g-taixu');
    await ana.page.selectOption('#opt-clock', 'correspondence');
    await ana.page.click('#create-btn');
    await ana.page.waitForSelector('#share-code', { timeout: STEP_TIMEOUT_MS });
    const link = await ana.page.inputValue('#share-link');
    code = new URL(link).pathname.split('/').pop();
    await ana.page.click('#go-match');
    await ana.page.waitForSelector('#players .clock.p1', { timeout: STEP_TIMEOUT_MS });
    await bia.page.goto(link);
    await bia.page.click('#join-player');
    await bia.page.waitForSelector('#players .clock.p2', { timeout: STEP_TIMEOUT_MS });
    const started = JSON.parse(await nextMessage(ana));
    check(
      started.kind === 'started' &&
        started.title === 'Your match has started' &&
        started.body === 'TAIXU against bia' &&
        started.url === `/m/${code}`,
      `Ana's message: ${JSON.stringify(started)}`
    );
    const shown = await deliver(ana, JSON.stringify(started), 'Your match has started');
    check(
      shown.some((n) => n.title === 'Your match has started' && n.url === `/m/${code}`),
      `Ana's notifications: ${JSON.stringify(shown)}`
    );
  });

  await step('Ana ends her turn: Bia\'s browser shows "Sua vez" from the push service', async () => {
    await ana.page.waitForSelector('#act-end_turn:not([disabled])', { timeout: STEP_TIMEOUT_MS });
    await ana.page.click('#act-end_turn');
    const turn = JSON.parse(await nextMessage(bia));
    check(
      turn.kind === 'turn' && turn.title === 'Sua vez' && turn.body === 'TAIXU contra ana' && turn.url === `/m/${code}`,
      `Bia's message: ${JSON.stringify(turn)}`
    );
    const shown = await deliver(bia, JSON.stringify(turn), 'Sua vez');
    check(
      shown.some((n) => n.title === 'Sua vez' && n.body === 'TAIXU contra ana' && n.tag === turn.tag),
      `Bia's notifications: ${JSON.stringify(shown)}`
    );
  });

  await step('Bia ends hers: Ana\'s browser shows "Your turn"', async () => {
    await bia.page.waitForSelector('#act-end_turn:not([disabled])', { timeout: STEP_TIMEOUT_MS });
    await bia.page.click('#act-end_turn');
    const turn = JSON.parse(await nextMessage(ana));
    check(
      turn.kind === 'turn' && turn.title === 'Your turn' && turn.body === 'TAIXU against bia',
      `Ana's message: ${JSON.stringify(turn)}`
    );
    const shown = await deliver(ana, JSON.stringify(turn), 'Your turn');
    check(
      shown.some((n) => n.title === 'Your turn' && n.url === `/m/${code}`),
      `Ana's notifications: ${JSON.stringify(shown)}`
    );
    await shot(ana.page, 'ana-match');
    await shot(bia.page, 'bia-match');
  });

  // In the service worker: watches clients.openWindow and WindowClient.focus, dispatches a click
  // on the notification of match code, and answers what was opened or focused and whether the
  // notification was closed.
  const click = async (m) => {
    const worker = m.page
      .context()
      .serviceWorkers()
      .find((w) => w.url().startsWith(url));
    check(!!worker, `${m.name}: no service worker`);
    /* global WindowClient, NotificationEvent -- the service worker's, where this function runs */
    return worker.evaluate(async (c) => {
      const calls = [];
      self.clients.openWindow = async (u) => {
        calls.push(`open ${u}`);
        return null;
      };
      WindowClient.prototype.focus = async function focus() {
        calls.push(`focus ${this.url}`);
        return this;
      };
      const [n] = (await self.registration.getNotifications()).filter((x) => x.data?.url === `/m/${c}`);
      if (!n) return { calls, error: 'no notification of the match' };
      // A click dispatched here is not the browser's own: its waitUntil throws, and the
      // handler's work goes on regardless; it is waited for below.
      try {
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
      } catch {
        /* see above */
      }
      for (let i = 0; i < 50 && !calls.length; i++) await new Promise((r) => setTimeout(r, 20));
      const left = (await self.registration.getNotifications()).filter((x) => x.data?.url === `/m/${c}`).length;
      return { calls, left };
    }, code);
  };

  await step('a click on the notification opens the match, or focuses the window showing it', async () => {
    await bia.page.goto(`${url}/account`); // no window shows the match
    await bia.page.waitForSelector('#push-state', { timeout: STEP_TIMEOUT_MS });
    const opened = await click(bia);
    check(
      opened.calls.join() === `open ${url}/m/${code}` && opened.left === 0,
      `Bia's click: ${JSON.stringify(opened)}`
    );
    // Ana's page shows the match: her notification's click brings that window forward.
    const focused = await click(ana);
    check(
      focused.calls.join() === `focus ${url}/m/${code}` && focused.left === 0,
      `Ana's click: ${JSON.stringify(focused)}`
    );
  });

  await step('no console error, exception or CSP violation', async () => {
    check(!problems.length, problems.slice(0, 5).join(' | '));
  });
  for (const m of [ana, bia])
    await m.page
      .context()
      .close()
      .catch(() => {});
  return results;
}
