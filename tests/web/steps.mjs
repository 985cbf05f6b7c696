// What a browser scenario shares: a runner of named steps (the first failure skips the rest),
// pages on fresh browser contexts with the scenario's step timeout, and screenshots that never
// fail a step.
import { join } from 'node:path';
import net from 'node:net';
import { chromium } from 'playwright-core';

// The browser: Debian's chromium-headless-shell (scripts/setup.sh browser), Chromium built for
// headless use only; the full browser's headless mode took a third more time on the same
// scenarios (the games' group alone: 253 s against 193 s). CHROMIUM_PATH names another.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
// The full browser (Debian's chromium), for what the headless shell lacks: Web Push and
// notifications (the push scenarios). CHROMIUM_FULL_PATH names another.
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH || '/usr/bin/chromium';

// The step timeout of every scenario that does not choose its own.
export const STEP_TIMEOUT_MS = 10_000;

// A failed check inside a step.
export class Failure extends Error {}
// Throws a Failure with msg unless cond holds.
export const check = (cond, msg) => {
  if (!cond) throw new Failure(msg);
};

// {results, step(name, fn)}: runs fn as the step prefix + name, printing ok / FAIL / SKIP (the
// error's first line, or all of it with WEB_TEST_VERBOSE set; a failure's result keeps the whole
// error); after a failure, onFail() runs and every later step is skipped ({ok: false, skipped: true}).
export function steps({ prefix = '', onFail = () => {} } = {}) {
  const results = [];
  let stop = false;
  const step = async (name, fn) => {
    name = `${prefix}${name}`;
    if (stop) {
      results.push({ name, ok: false, skipped: true });
      console.log(`SKIP ${name}`);
      return;
    }
    const t0 = Date.now();
    try {
      await fn();
      results.push({ name, ok: true });
      console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      results.push({ name, ok: false, error: e.message });
      console.log(`FAIL ${name}: ${process.env.WEB_TEST_VERBOSE ? e.message : e.message.split('\n')[0]}`);
      await onFail();
      stop = true;
    }
  };
  return { results, step };
}

// How long a navigation may take: it may start a renderer process and load the page's module
// graph, which a machine busy with other tests (CI runs them beside these) can hold up for
// seconds that say nothing about the page; every other wait keeps the step timeout.
export const NAVIGATION_TIMEOUT_MS = 30_000;

// Gives page timeout as its default timeout, and navigations at least NAVIGATION_TIMEOUT_MS.
export function setTimeouts(page, timeout = STEP_TIMEOUT_MS) {
  page.setDefaultTimeout(timeout);
  page.setDefaultNavigationTimeout(Math.max(timeout, NAVIGATION_TIMEOUT_MS));
}

// A page on a new context of browser made with the context options opts (English unless they
// say otherwise), timeout as its default timeout (navigations at least NAVIGATION_TIMEOUT_MS)
// and page errors logged; prepare(ctx) runs on the context before the page opens.
export async function newPage(browser, opts = {}, { timeout = STEP_TIMEOUT_MS, prepare = async () => {} } = {}) {
  const ctx = await browser.newContext({ locale: 'en-US', ...opts });
  await prepare(ctx);
  const page = await ctx.newPage();
  setTimeouts(page, timeout);
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

// shot(page, name, opts): saves out/<prefix><name>.png, the full page with animations disabled
// unless the screenshot options opts say otherwise; a failure is logged, never thrown.
// Screenshots are for people to look at; CI (CI=true), where nobody does, skips them unless
// WEB_SCREENSHOTS=on, and WEB_SCREENSHOTS=off skips them anywhere. A full-page PNG costs the
// renderer and the encoder a few hundred milliseconds on a 2-core machine, hundreds of times a run.
export const SCREENSHOTS = process.env.WEB_SCREENSHOTS
  ? process.env.WEB_SCREENSHOTS !== 'off'
  : process.env.CI !== 'true';
export function screenshots(out, { prefix = '', timeout = STEP_TIMEOUT_MS } = {}) {
  if (!SCREENSHOTS) return async () => {};
  return (page, name, opts = {}) =>
    page
      .screenshot({ path: join(out, `${prefix}${name}.png`), fullPage: true, timeout, animations: 'disabled', ...opts })
      .catch((e) => console.error(`screenshot ${name}: ${e.message}`));
}

// Resolves once the board element matching selector board on page draws version v (within the
// default step timeout).
export const waitVersion = (page, v, board = '.board') =>
  page.waitForFunction(([b, v]) => Number(document.querySelector(b)?.dataset.version) === v, [board, v], {
    timeout: STEP_TIMEOUT_MS,
  });

// Starts chromium (the executable at path), allowing a slow first start (cold page cache on a
// busy machine): up to three attempts of 60 s each.
export async function launchBrowser(path = CHROMIUM) {
  for (let attempt = 1; ; ++attempt) {
    try {
      // launch() runs chromium on a fresh temporary profile (user-data dir) that it deletes on close.
      return await chromium.launch({
        executablePath: path,
        headless: true,
        timeout: 60_000,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-dev-shm-usage',
        ],
      });
    } catch (e) {
      if (attempt === 3) throw e;
      console.error(`chromium did not start (attempt ${attempt}): ${e.message.split('\n')[0]}; trying again`);
    }
  }
}

// Resolves with a TCP port that is free on 127.0.0.1 now (the system's pick).
export const freePort = () =>
  new Promise((res, rej) => {
    const s = net.createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

// Resolves with the text of the notice over the board (#illegal-msg) once it shows reason code
// (the server's refusal code or the client's reason for an idle click); checks that it is worded
// (not a bare key) and drawn on the board's frame.
export async function noticeFor(page, code) {
  await page.waitForFunction(
    (c) => {
      const m = document.querySelector('#illegal-msg');
      return m && !m.hidden && m.dataset.code === c;
    },
    code,
    { timeout: STEP_TIMEOUT_MS }
  );
  const { text, inside } = await page.evaluate(() => {
    const m = document.querySelector('#illegal-msg');
    const a = m.getBoundingClientRect();
    const b = m.closest('.board-wrap').getBoundingClientRect();
    return {
      text: m.textContent.trim(),
      inside: a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1,
    };
  });
  check(
    text.length > 8 && !/\b(err|click)\.[a-z_]/.test(text) && text !== code,
    `the notice for ${code} is a sentence: ${text}`
  );
  check(inside, `the notice for ${code} is drawn on the board`);
  return text;
}

// Prints each failed (not skipped) result of results again with the first lines of its error
// (a Playwright error's call log says what it was waiting for), so that the end of a long run's
// output, which is what a truncated log keeps, says what failed.
export function reportFailures(results) {
  for (const r of results.filter((r) => !r.ok && !r.skipped)) {
    const lines = (r.error || '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 8);
    console.log(`failed: ${r.name}${lines.length ? `\n    ${lines.join('\n    ')}` : ''}`);
  }
}

// The desktop and phone sizes the account page's cards are looked at in.
export const CARD_SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

// Opens url on page in English and Portuguese at each size of CARD_SIZES, waiting for
// selector, scrolls card into view and calls look(lang, size) there; then checks the page with
// axe-core (no serious or critical violation), and ends in English at the desktop size.
export async function cardInEachLanguage(page, { url, selector, card, look, axeProblems }) {
  for (const lang of ['en', 'pt-BR']) {
    await page.evaluate((l) => localStorage.setItem('tabuleiro.lang', l), lang);
    for (const [size, viewport] of Object.entries(CARD_SIZES)) {
      await page.setViewportSize(viewport);
      await page.goto(url);
      await page.waitForSelector(selector, { timeout: STEP_TIMEOUT_MS });
      await page.locator(card).scrollIntoViewIfNeeded();
      await look(lang, size);
      const axe = await axeProblems(page);
      check(!axe.length, `${lang} ${size}: ${axe.join(' | ')}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('tabuleiro.lang', 'en'));
  await page.setViewportSize(CARD_SIZES.desktop);
}
