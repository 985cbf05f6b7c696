// The README's quick start as a new user follows it, in Chromium: the server started the way
// `bash scripts/run.sh` starts it (no --bind, no --public-url, no --web), then, at each address
// a browser may use for it, the home page creates a match, its share link opens in a second
// browser context, and both seats play a move. No console error or CSP violation is allowed.
//   node tests/web/quickstart.mjs build/tabuleiro       start the server, try localhost and 127.0.0.1
//                                                       (there with browsers that call themselves
//                                                       offline, as with no network but loopback)
//   node tests/web/quickstart.mjs --url URL [--url URL]  try an already running server at each URL
// Screenshots go to test-output/web/quickstart-*.png. Prints "N passed, N failed"; exit code 1
// on any failure.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, steps, newPage, screenshots, waitVersion, launchBrowser, freePort, reportFailures } from './steps.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'test-output', 'web');
const TOTAL_TIMEOUT_MS = Number(process.env.WEB_TEST_TIMEOUT_MS) || 180_000;

// Starts `binary serve` from the project's root as scripts/run.sh does, on a free port and a
// temporary database; resolves with the process and the URL of its "serving on" line.
async function startServer(binary, dir) {
  const port = await freePort();
  const proc = spawn(resolve(binary), ['serve', '--port', String(port), '--db', join(dir, 'tabuleiro.db')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => proc.kill('SIGKILL'));
  const url = await new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`no "serving on" line within 15 s: ${out}`)), 15_000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/\S+?)\/?(\s|$)/);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`the server exited (${code}): ${out}`));
    });
  });
  return { proc, url };
}

// The steps of one address: create at base, join by the share link, a move by each seat.
// loopbackOnly: the browsers call themselves offline (navigator.onLine false), as on a machine
// whose only network is its loopback, which still reaches the server on it.
async function tryAddress(browser, base, step, errors, { loopbackOnly = false } = {}) {
  const label = new URL(base).hostname;
  const where = loopbackOnly ? `${base} (the browsers call themselves offline)` : base;
  const shot = screenshots(OUT, { prefix: `quickstart-${label}-` });
  // A page that records every console error, uncaught exception and CSP violation.
  const open = async (opts) => {
    const page = await newPage(
      browser,
      { viewport: { width: 1280, height: 800 }, ...opts },
      {
        prepare: async (ctx) => {
          await ctx.exposeBinding('reportCspViolation', (_src, v) => errors.push(`${label}: CSP ${v}`));
          await ctx.addInitScript(() =>
            document.addEventListener('securitypolicyviolation', (e) =>
              window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`)
            )
          );
          if (loopbackOnly)
            await ctx.addInitScript(() =>
              Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true })
            );
        },
      }
    );
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${label}: console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${label}: exception: ${e.message}`));
    return page;
  };
  const A = await open();
  const B = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  let link = '';
  try {
    await step(`${where}: the home page creates a match whose share link is on ${label}`, async () => {
      await A.goto(`${base}/`);
      await A.click('#create-btn');
      await A.waitForSelector('#share-code');
      const code = (await A.textContent('#share-code')).trim();
      link = await A.inputValue('#share-link');
      check(link === `${base}/m/${code}`, `the share link is on the address the creator used: ${link}`);
      await shot(A, 'created');
      await A.click('#go-match');
      await A.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 1'));
    });
    await step(`${where}: the share link opens in a second browser and takes seat 2`, async () => {
      await B.goto(link);
      await B.click('#join-player');
      await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 2'));
      await A.waitForSelector('.player-card.p2 .presence-dot.on');
    });
    await step(`${where}: both seats play a move`, async () => {
      const summon = async (page, version) => {
        await page.waitForSelector('#act-summon:not([disabled])');
        await page.click('#act-summon');
        await page.click('.sq.target');
        await Promise.all([waitVersion(A, version), waitVersion(B, version)]);
      };
      await summon(A, 1);
      await A.click('#act-end_turn');
      await Promise.all([waitVersion(A, 2), waitVersion(B, 2)]);
      await summon(B, 3);
      const pieces = await A.$$eval('.board .sq[data-piece]', (els) => els.map((e) => e.dataset.piece.split(':')[0]));
      check(pieces.includes('1') && pieces.includes('2'), `a piece of each seat is on the board: ${pieces}`);
      await shot(A, 'played');
      await shot(B, 'played-phone');
    });
  } finally {
    await A.context()
      .close()
      .catch(() => {});
    await B.context()
      .close()
      .catch(() => {});
  }
}

async function main() {
  const args = process.argv.slice(2);
  const bases = [];
  for (let i = 0; i < args.length; ++i) if (args[i] === '--url') bases.push(args[++i].replace(/\/$/, ''));
  mkdirSync(OUT, { recursive: true });
  const watchdog = setTimeout(() => {
    console.error(`quick start: timed out after ${TOTAL_TIMEOUT_MS} ms`);
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  let server = null;
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-quickstart-'));
  const { results, step } = steps();
  const errors = [];
  let browser = null;
  try {
    if (!bases.length) {
      server = await startServer(args[0] || 'build/tabuleiro', dir);
      const port = new URL(server.url).port;
      console.log(`server says: serving on ${server.url}/`);
      bases.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
    }
    browser = await launchBrowser();
    // Started here, the second address is tried by browsers that call themselves offline.
    for (const [i, base] of bases.entries())
      await tryAddress(browser, base, step, errors, { loopbackOnly: !!server && i === 1 });
    await step('no console error, exception or CSP violation on any page', async () => {
      check(errors.length === 0, errors.join('\n'));
    });
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server && server.proc.exitCode == null) {
      const exited = new Promise((r) => server.proc.once('exit', r));
      server.proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
  const failed = results.filter((r) => !r.ok).length;
  reportFailures(results);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
