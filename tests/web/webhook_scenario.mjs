// The account page's webhooks card, against a server that may reach loopback and trusts a test
// CA (run.mjs starts it with webhookReceiver()'s CA), and a receiver on loopback (node:https)
// that checks each delivery's signature. A member adds a webhook in the card: the secret is
// shown once (a reload no longer shows it, the list never holds it) and the copy button puts it
// on the clipboard; a bad address is refused in the card; "Send test" reaches the receiver,
// signed with that secret, and the card shows the delivery; its events are changed in place, and
// a new secret (after a confirmation) signs the next delivery. The card is drawn in both
// languages at both sizes (screenshots; no serious or critical accessibility violation; no
// sideways scrolling on a 390 px phone); removing the webhook empties the list; an
// administrator sees a member's webhook on /admin by its host alone and removes it. No console
// error, exception or CSP violation on the way.
import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCa } from '../server/notify/push_tools.mjs';
import {
  check,
  steps,
  newPage,
  screenshots,
  cardInEachLanguage,
  CARD_SIZES,
  SCREENSHOTS,
  STEP_TIMEOUT_MS,
} from './steps.mjs';
import { axeProblems } from './axe.mjs';

// A receiver on loopback with a certificate of a test CA: {caFile, origin, received, close}.
export async function webhookReceiver() {
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-webhook-web-'));
  const { ca, cert } = testCa(dir);
  ca('ca');
  const received = [];
  const server = createServer(cert('localhost', 'ca', 'DNS:localhost,IP:127.0.0.1'), (req, res) => {
    const chunks = [];
    req.on('data', (d) => chunks.push(d));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, raw: Buffer.concat(chunks).toString() });
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    caFile: join(dir, 'ca.pem'),
    origin: `https://localhost:${server.address().port}`,
    received,
    close: () => {
      server.closeAllConnections?.();
      server.close();
    },
  };
}

export async function webhookScenario({ browser, url, out, receiver, binary, db }) {
  const shot = screenshots(out, { prefix: 'webhooks-', timeout: STEP_TIMEOUT_MS });
  let page = null;
  const { results, step } = steps({ prefix: 'webhooks: ', onFail: () => page && shot(page, 'failed') });
  const problems = [];
  page = await newPage(
    browser,
    { viewport: CARD_SIZES.desktop },
    {
      prepare: async (ctx) => {
        await ctx.exposeBinding('reportCspViolation', (_src, v) => problems.push(`CSP: ${v}`));
        await ctx.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`)
          )
        );
        await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      },
    }
  );
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  const listed = () => page.evaluate(() => fetch('/api/webhooks').then((r) => r.text()));
  const hookUrl = `${receiver.origin}/hook/wia`;
  let secret = '';

  await step('a member opens the webhooks card: none yet', async () => {
    await page.goto(`${url}/signup`);
    await page.fill('#username', 'wia');
    await page.fill('#password', 'wia password 1');
    await page.click('#account-submit');
    await page.waitForURL((u) => u.pathname === '/', { timeout: STEP_TIMEOUT_MS });
    await page.waitForSelector('#account-name', { timeout: STEP_TIMEOUT_MS });
    await page.goto(`${url}/account`);
    await page.waitForSelector('#webhook-items', { timeout: STEP_TIMEOUT_MS });
    check((await page.textContent('#webhook-items')).includes('No webhooks yet'), 'no webhook is listed yet');
    const checked = await page.$$eval('#webhook-form input[type=checkbox]:checked', (els) => els.map((e) => e.name));
    check(checked.join() === 'turn,challenge,result', `the events checked at first: ${checked}`);
  });

  await step('a bad address is refused in the card', async () => {
    await page.fill('#webhook-url', 'http://example.com/hook');
    await page.click('#webhook-add');
    await page.waitForFunction(() => document.querySelector('#webhook-error')?.textContent.includes('https://'), null, {
      timeout: STEP_TIMEOUT_MS,
    });
    check(JSON.parse(await listed()).webhooks.length === 0, 'nothing was added');
  });

  await step('adding one shows its secret once, and the copy button copies it', async () => {
    await page.fill('#webhook-url', hookUrl);
    await page.check('#webhook-event-started');
    await page.click('#webhook-add');
    await page.waitForSelector('#webhook-secret-value', { timeout: STEP_TIMEOUT_MS });
    secret = await page.inputValue('#webhook-secret-value');
    check(/^whsec_[A-Za-z0-9_-]{43}$/.test(secret), `the secret shown: ${secret.slice(0, 10)}…`);
    check((await page.textContent('#webhook-error')) === '', 'no error after adding');
    await page.waitForSelector('#webhook-items li', { timeout: STEP_TIMEOUT_MS });
    const item = await page.textContent('#webhook-items li');
    check(
      item.includes(hookUrl) &&
        item.includes('your turn, match started, challenge, result') &&
        item.includes('No delivery yet'),
      `the webhook listed: ${item}`
    );
    await page.click('#webhook-copy');
    await page.waitForFunction(() => document.querySelector('#webhook-copy')?.textContent === 'Copied!', null, {
      timeout: STEP_TIMEOUT_MS,
    });
    check((await page.evaluate(() => navigator.clipboard.readText())) === secret, 'the clipboard holds the secret');
    await shot(page, 'secret-shown');
    const text = await listed();
    check(!text.includes(secret) && !text.includes('whsec_'), 'the list the server gives never holds the secret');
    await page.reload();
    await page.waitForSelector('#webhook-items li', { timeout: STEP_TIMEOUT_MS });
    check(!(await page.$('#webhook-secret-value')), 'after a reload the secret is not shown again');
  });

  await step('"Send test": the receiver gets a signed ping, and the card shows the delivery', async () => {
    await page.click('#webhook-items li button[data-i18n="webhooks.test"]');
    await page.waitForFunction(
      () => /delivered \(200\)/.test(document.querySelector('#webhook-items li')?.textContent ?? ''),
      null,
      { timeout: STEP_TIMEOUT_MS }
    );
    const ping = receiver.received.find((r) => r.path === '/hook/wia');
    check(!!ping && JSON.parse(ping.raw).event === 'ping', `the receiver got ${ping?.raw}`);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(ping?.headers['tabuleiro-signature'] ?? '');
    check(
      !!m &&
        timingSafeEqual(createHmac('sha256', secret).update(`${m[1]}.${ping.raw}`).digest(), Buffer.from(m[2], 'hex')),
      'the ping is signed with the secret the card showed'
    );
  });

  await step('its events changed in place, then a new secret (confirmed) signs the next delivery', async () => {
    const item = '#webhook-items li';
    await page.click(`${item} button[data-i18n="webhooks.edit_events"]`);
    const id = await page.getAttribute(item, 'data-id');
    await page.uncheck(`#webhook-${id}-event-started`);
    if (SCREENSHOTS)
      await page
        .locator(item)
        .screenshot({ path: join(out, 'webhooks-events-editor.png') })
        .catch(() => {});
    await page.click(`${item} button[data-i18n="webhooks.save_events"]`);
    await page.waitForFunction(
      () =>
        /Sends: your turn, challenge, result$/.test(
          document.querySelector('#webhook-items .webhook-events-list')?.textContent ?? ''
        ),
      null,
      { timeout: STEP_TIMEOUT_MS }
    );
    check(
      JSON.parse(await listed()).webhooks[0].events.join() === 'turn,challenge,result',
      'the server has the events saved'
    );
    await page.click(`${item} button[data-i18n="webhooks.new_secret"]`);
    await page.waitForSelector('#webhook-confirm[open]', { timeout: STEP_TIMEOUT_MS });
    await shot(page, 'confirm-secret', { fullPage: false });
    await page.click('#webhook-confirm-yes');
    await page.waitForFunction(
      (old) => {
        const v = document.querySelector('#webhook-secret-value')?.value;
        return v && v !== old;
      },
      secret,
      { timeout: STEP_TIMEOUT_MS }
    );
    const renewed = await page.inputValue('#webhook-secret-value');
    check(/^whsec_[A-Za-z0-9_-]{43}$/.test(renewed), 'the new secret is shown');
    const before = receiver.received.length;
    await page.click(`${item} button[data-i18n="webhooks.test"]`);
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (receiver.received.length === before && Date.now() < deadline) await page.waitForTimeout(50);
    const ping = receiver.received[before];
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(ping?.headers['tabuleiro-signature'] ?? '');
    const sig = (key) => createHmac('sha256', key).update(`${m[1]}.${ping.raw}`).digest();
    check(
      !!m &&
        timingSafeEqual(sig(renewed), Buffer.from(m[2], 'hex')) &&
        !timingSafeEqual(sig(secret), Buffer.from(m[2], 'hex')),
      'the next delivery is signed with the new secret, not the old one'
    );
    await page.waitForFunction(
      () => /delivered \(200\)/.test(document.querySelector('#webhook-items li')?.textContent ?? ''),
      null,
      { timeout: STEP_TIMEOUT_MS }
    );
    secret = renewed;
  });

  await step(
    'the card in both languages at both sizes, with no serious or critical accessibility violation',
    async () => {
      await cardInEachLanguage(page, {
        url: `${url}/account`,
        selector: '#webhook-items li',
        card: '#webhook-card',
        axeProblems,
        look: async (lang, size) => {
          const title = await page.textContent('#webhook-title');
          check(title === 'Webhooks', `the card's title in ${lang}: ${title}`);
          const last = await page.textContent('#webhook-items .webhook-last');
          check(
            lang === 'en' ? /delivered \(200\)/.test(last) : /entregue \(200\)/.test(last),
            `${lang}: the last delivery reads ${last}`
          );
          const wide = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
          check(wide <= 0, `${lang} ${size}: the page scrolls sideways by ${wide} px`);
          await shot(page, `account-${lang}-${size}`);
          if (SCREENSHOTS)
            await page
              .locator('#webhook-card')
              .screenshot({ path: join(out, `webhooks-card-${lang}-${size}.png`) })
              .catch(() => {});
        },
      });
    }
  );

  await step('removing the webhook empties the list', async () => {
    await page.goto(`${url}/account`);
    await page.waitForSelector('#webhook-items li', { timeout: STEP_TIMEOUT_MS });
    await page.click('#webhook-items li button[data-i18n="webhooks.remove"]');
    await page.waitForFunction(
      () => document.querySelector('#webhook-items')?.textContent.includes('No webhooks yet'),
      null,
      { timeout: STEP_TIMEOUT_MS }
    );
    check(JSON.parse(await listed()).webhooks.length === 0, 'the server still lists a webhook');
  });

  await step("an administrator sees the member's webhook by its host on /admin and removes it", async () => {
    // wia adds one again in the card.
    await page.goto(`${url}/account`);
    await page.waitForSelector('#webhook-items', { timeout: STEP_TIMEOUT_MS });
    await page.fill('#webhook-url', `${receiver.origin}/hook/again?token=t0ps3cret`);
    await page.click('#webhook-add');
    await page.waitForSelector('#webhook-items li', { timeout: STEP_TIMEOUT_MS });
    execFileSync(binary, ['admin', 'create-user', 'hookboss', '--admin', '--db', db], {
      encoding: 'utf8',
      input: 'hookboss password 1\n',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const admin = await newPage(browser, { viewport: CARD_SIZES.phone });
    admin.on('console', (m) => {
      if (m.type() === 'error') problems.push(`admin console: ${m.text().slice(0, 200)}`);
    });
    admin.on('pageerror', (e) => problems.push(`admin exception: ${e.message}`));
    await admin.goto(`${url}/signin?next=${encodeURIComponent('/admin')}`);
    await admin.fill('#username', 'hookboss');
    await admin.fill('#password', 'hookboss password 1');
    await admin.click('#account-submit');
    await admin.waitForURL(`${url}/admin`, { timeout: STEP_TIMEOUT_MS });
    await admin.click('#tab-webhooks');
    await admin.waitForSelector('#webhooks-table tr[data-owner="wia"]', { timeout: STEP_TIMEOUT_MS });
    const text = await admin.textContent('#webhooks-table tr[data-owner="wia"]');
    check(
      text.includes('localhost') && !text.includes('t0ps3cret') && !text.includes('/hook/'),
      `the row names the host only: ${text}`
    );
    await shot(admin, 'admin-phone');
    const axe = await axeProblems(admin);
    check(!axe.length, `/admin#webhooks: ${axe.join(' | ')}`);
    await admin.click('#webhooks-table tr[data-owner="wia"] [data-action="remove"]');
    await admin.click('#webhooks-confirm-yes');
    await admin.waitForSelector('#webhooks-table-empty', { timeout: STEP_TIMEOUT_MS });
    check((await admin.textContent('#admin-webhooks-ok')).includes('wia'), 'the removal is confirmed in a sentence');
    check(JSON.parse(await listed()).webhooks.length === 0, 'wia no longer has the webhook');
    await admin.context().close();
  });

  await step('no console error, exception or CSP violation', async () => {
    check(!problems.length, problems.slice(0, 5).join(' | '));
  });
  await page.context().close();
  return results;
}
