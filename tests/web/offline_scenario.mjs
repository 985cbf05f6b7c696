// The installed app: the manifest is read (in the page's language) and the app is installable
// in a browser profile of its own; the service worker controls the page and serves the start
// URL, the rules pages, the shell and the lessons (the first of each game solved) with the
// network off, and never the API; a new version
// deployed on a copy of the client is installed whole and serves the next page loaded, while
// the open page keeps its own version's files; the old version's cache then goes. Then offline play
// (offline_play.mjs). Every page stays free of console errors and uncaught exceptions.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { check, steps, screenshots, freePort, setTimeouts, CHROMIUM } from './steps.mjs';
import { offlinePlay } from './offline_play.mjs';
import { solveFirstLesson } from './learn_scenario.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STEP_TIMEOUT_MS = 20_000;

// Resolves once page is controlled by a service worker.
const controlled = (page) =>
  page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: STEP_TIMEOUT_MS });
// The names of the caches of the client's versions (not the service worker's pins).
const cacheNames = (page) => page.evaluate(async () => (await caches.keys()).filter((n) => n !== 'tabuleiro-pins'));
// The text of a file as the page's own fetch gets it (through the service worker).
const served = (page, path) => page.evaluate((p) => fetch(p).then((r) => r.text()), path);

// Starts `binary serve` on a free loopback port with the web client in web and a temporary
// database; resolves with {url, stop()}.
async function serveCopy(binary, web) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-offline-'));
  const proc = spawn(
    binary,
    [
      'serve',
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--db',
      join(dir, 't.db'),
      '--web',
      web,
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] }
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function offlineScenario({ browser, url, out, binary }) {
  const problems = [];
  const { results, step } = steps({
    prefix: 'offline: ',
    onFail: () => {
      if (problems.length) console.log(`     so far: ${problems.join('; ')}`);
    },
  });
  const shot = screenshots(out, { prefix: 'offline-', timeout: STEP_TIMEOUT_MS });
  // Records a page's console errors and uncaught exceptions (but the failed request a step
  // makes on purpose, whose address `expected` holds).
  const expected = new Set();
  const watch = (page, label) => {
    page.on('console', (m) => {
      if (m.type() === 'error' && !expected.has(m.location()?.url))
        problems.push(`${label} console: ${m.text().slice(0, 200)} (${m.location()?.url ?? '?'})`);
    });
    page.on('pageerror', (e) => problems.push(`${label} exception: ${e.message}`));
    return page;
  };

  await step('the app is installable: manifest read, service worker registered and controlling', async () => {
    // A profile of its own: a browser context made by newContext is off the record, where
    // nothing installs.
    const profile = mkdtempSync(join(tmpdir(), 'tabuleiro-profile-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    try {
      const page = watch(ctx.pages()[0] ?? (await ctx.newPage()), 'install');
      setTimeouts(page, STEP_TIMEOUT_MS);
      await page.goto(url);
      await page.waitForSelector('#create-btn');
      await controlled(page);
      const cdp = await ctx.newCDPSession(page);
      const m = await cdp.send('Page.getAppManifest');
      check(
        m.url.endsWith('/manifest.webmanifest') && m.errors.length === 0,
        `the manifest parsed: ${m.url} ${JSON.stringify(m.errors)}`
      );
      const data = JSON.parse(m.data);
      check(
        data.name === 'Tabuleiro' && data.lang === 'en' && data.start_url === '/' && data.display === 'standalone',
        `the manifest: ${m.data.slice(0, 200)}`
      );
      for (const icon of data.icons)
        check((await page.request.get(new URL(icon.src, url).href)).ok(), `icon ${icon.src} is served`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      check(installabilityErrors.length === 0, `installable: ${JSON.stringify(installabilityErrors)}`);
      await page.click('.lang-switch [data-lang="pt-BR"]');
      await page.waitForFunction(
        () => document.getElementById('manifest').getAttribute('href') === '/manifest.pt-BR.webmanifest'
      );
      const pt = await cdp.send('Page.getAppManifest');
      check(
        JSON.parse(pt.data).lang === 'pt-BR' && /também sem internet/.test(JSON.parse(pt.data).description),
        `the Portuguese manifest: ${pt.data.slice(0, 300)}`
      );
    } finally {
      await ctx.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = watch(await ctx.newPage(), 'offline');
  setTimeouts(page, STEP_TIMEOUT_MS);

  await step(
    'with the network off, the start URL, the rules pages, a reload and the lessons are served by the service worker',
    async () => {
      await page.goto(url);
      await page.waitForSelector('#create-btn');
      await controlled(page);
      check((await cacheNames(page)).filter((n) => n.startsWith('tabuleiro-')).length === 1, 'one cache of the client');
      await ctx.setOffline(true);
      await page.goto(`${url}/`);
      await page.waitForSelector('#create-btn');
      check(await page.isVisible('#offline-note'), 'the home page says it is offline');
      check(
        await page.$eval('#opt-opponent option[value="friend"]', (o) => o.disabled),
        'a friend cannot be invited offline'
      );
      check(
        (await page.isChecked('#opt-here')) && (await page.isDisabled('#opt-here')),
        'offline, games are played in this browser'
      );
      await shot(page, 'home-offline');
      for (const id of ['taixu', 'cyvasse', 'quadri']) {
        await page.goto(`${url}/?how-to-play=${id}`);
        await page.waitForSelector('.howto-section');
      }
      await page.reload();
      await page.waitForSelector('.howto-section');
      expected.add(`${url}/api/matches`);
      const api = await page.evaluate(() =>
        fetch('/api/matches').then(
          () => 'answered',
          () => 'failed'
        )
      );
      check(api === 'failed', `the API is never answered from a cache: ${api}`);
      // The lessons: their pages, data and the engine come from the service worker too.
      for (const id of ['taixu', 'cyvasse', 'quadri']) await solveFirstLesson(page, url, id);
      await shot(page, 'lesson-offline');
      await ctx.setOffline(false);
    }
  );

  if (binary) {
    const web = mkdtempSync(join(tmpdir(), 'tabuleiro-web-'));
    cpSync(join(ROOT, 'web'), web, { recursive: true });
    const copy = await serveCopy(binary, web);
    const U = watch(await ctx.newPage(), 'update');
    setTimeouts(U, STEP_TIMEOUT_MS);
    const tagline = () => U.textContent('.tagline');
    await step('a new version is installed and takes over, while the open page keeps running its own', async () => {
      await U.goto(copy.url);
      await controlled(U);
      const en = join(web, 'js', 'lang', 'en.js');
      writeFileSync(en, readFileSync(en, 'utf8').replace(/tagline: '([^']*)'/, "tagline: '$1 (new version)'"));
      const made = spawnSync('cmake', [`-DWEB=${web}`, '-P', join(ROOT, 'scripts', 'precache.cmake')], {
        encoding: 'utf8',
      });
      check(made.status === 0, `precache.cmake: ${made.stderr}`);
      // The new worker takes the open page over (controllerchange) once installed.
      await U.evaluate(async () => {
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => {
            window.tookOver = true;
          },
          { once: true }
        );
        await (await navigator.serviceWorker.getRegistration()).update();
      });
      await U.waitForFunction(() => window.tookOver === true);
      check((await cacheNames(U)).length === 2, 'both versions are cached meanwhile');
      check(!(await tagline()).includes('new version'), 'the open page shows the old version');
      check(
        !(await served(U, '/js/lang/en.js')).includes('new version'),
        'a file the open page asks the new worker for is still of its own version'
      );
    });
    await step(
      "the next page loaded runs the new version whole; the old version's cache goes once no page uses it",
      async () => {
        await U.goto(copy.url);
        await U.waitForFunction(() => document.querySelector('.tagline')?.textContent.includes('new version'));
        check((await served(U, '/js/lang/en.js')).includes('new version'), 'its files are of the new version');
        await U.reload();
        await U.waitForSelector('.tagline');
        await U.waitForFunction(async () => (await caches.keys()).filter((n) => n !== 'tabuleiro-pins').length === 1);
      }
    );
    await U.close();
    copy.stop();
    rmSync(web, { recursive: true, force: true });
  }

  results.push(...(await offlinePlay({ ctx, url, out, watch })));

  await step('no console errors or uncaught exceptions on any page', async () => {
    check(problems.length === 0, problems.join('\n'));
  });
  await ctx.close();
  return results;
}
