// Offline play, with the network emulated off in a context whose service worker holds the
// client: each game against the computer (easy, medium, hard) and by two players on this
// device, started from the home page, reloaded midway (the stored game is replayed by the
// engine to the same position), stepped back through its history, and played to its end: the
// quiet-move limits of Cyvasse and QU4DRI draw a game that makes no capture, and TAIXU's end by
// resignation. The home page lists the games (continue, delete); back online a finished game
// offers Publish. Screenshots at 1280 × 800 and 390 × 844 in both languages.
import { check, steps, screenshots, setTimeouts } from './steps.mjs';
import { axeProblems } from './axe.mjs';

const STEP_TIMEOUT_MS = 30_000;
const BOARD = { taixu: '.board', cyvasse: '.cy-board', quadri: '.q-board' };
const CELL = { taixu: '.sq', cyvasse: '.cy-sq', quadri: '.q-cell' };
// A cell holding a piece.
const PIECE = {
  taixu: '.sq:not([data-piece=""])',
  cyvasse: '.cy-sq:has(.cy-piece)',
  quadri: '.q-cell:not([data-pred=""])',
};

export async function offlinePlay({ ctx, url, out, watch }) {
  const shot = screenshots(out, { prefix: 'offline-', timeout: STEP_TIMEOUT_MS });
  const page = watch(await ctx.newPage(), 'play');
  const { results, step } = steps({ prefix: 'offline play: ', onFail: () => shot(page, 'failed') });
  // axe-core's serious and critical WCAG A/AA violations, by the page state they were found on.
  const a11y = [];
  const audit = async (label) => {
    for (const p of await axeProblems(page)) a11y.push(`${label}: ${p}`);
  };
  setTimeouts(page, STEP_TIMEOUT_MS);

  // The table shown now (on one device the seat whose turn it is, else the only one), a
  // locator of sel in it, the version it draws, and whether the game is over.
  const shown = () =>
    page.locator('#table .local-seat:not([hidden])').or(page.locator('#table:not(:has(.local-seat))'));
  const S = (sel) => shown().locator(sel);
  const versionOf = (game) =>
    S(BOARD[game])
      .evaluate((b) => Number(b.dataset.version))
      .catch(() => -1);
  const boardOf = (game) => S(BOARD[game]).evaluate((b) => ({ v: b.dataset.version, cells: b.textContent }));
  const over = () => page.isVisible('#result');
  // Waits until the shown table draws a version past v, or the game is over.
  const after = (game, v) =>
    page.waitForFunction(
      ([sel, v]) => {
        const shown = document.querySelector('#table .local-seat:not([hidden])') || document.querySelector('#table');
        return Number(shown?.querySelector(sel)?.dataset.version) > v || !document.querySelector('#result')?.hidden;
      },
      [BOARD[game], v]
    );

  // Starts game from the home page (offline, so played in this browser) against opponent
  // ('bot.<level>' or 'local') with the game's options opts ({name: value}); resolves once its
  // page shows a board.
  async function start(game, opponent, opts = {}) {
    await page.goto(url);
    await page.waitForSelector('#create-btn').catch(async (e) => {
      // What the page showed instead, for a failure that only load has caused so far.
      const shown = await page
        .evaluate(() => {
          const btn = document.querySelector('#create-btn');
          const hidden = [];
          for (let el = btn; el; el = el.parentElement)
            if (el.hidden || getComputedStyle(el).display === 'none') hidden.push(el.id || el.className || el.tagName);
          return {
            url: location.href,
            ready: document.readyState,
            title: document.title,
            button: !!btn,
            hidden,
            app: document.querySelector('#app')?.children.length ?? -1,
            worker: navigator.serviceWorker?.controller?.scriptURL ?? null,
            // Whether the shell's files were asked for and loaded (a page whose modules never ran).
            started: window.tabuleiroStarted === true,
            retried: sessionStorage.getItem('tabuleiro.boot-retry'),
            sheets: document.styleSheets.length,
            navigation: performance.getEntriesByType('navigation')[0]?.type ?? null,
            files: performance
              .getEntriesByType('resource')
              .filter((r) => /\.(m?js|css)$/.test(new URL(r.name).pathname))
              .map((r) => new URL(r.name).pathname)
              .join(' '),
          };
        })
        .catch((err) => `unreadable: ${err.message}`);
      throw new Error(`${e.message.split('\n')[0]}; the page: ${JSON.stringify(shown)}`);
    });
    await page.evaluate(() => window.scrollTo(0, 0)); // no card under the sticky top bar
    await page.check(`input[name="game"][value="${game}"]`);
    await page.selectOption('#opt-opponent', opponent);
    check(await page.isChecked('#opt-here'), 'offline, the game is played in this browser');
    for (const [name, value] of Object.entries(opts)) await page.fill(`#opt-${name}`, String(value));
    await page.click('#create-btn');
    await page.waitForURL(/\/\?offline=[A-Z0-9]{10}$/);
    await page.waitForSelector(`${BOARD[game]}:visible, #pass-screen:not([hidden])`);
    check(await page.isVisible('#code-chip.offline-chip'), 'the page says the game is on this device');
  }

  // Plays one action on the shown table that captures nothing: a pass screen is answered; a
  // Cyvasse set-up takes the standard preset; TAIXU summons (or ends the turn); QU4DRI drops
  // a talisman (or moves); Cyvasse moves a piece to a square that holds no enemy.
  async function quiet(game) {
    if (await page.isVisible('#pass-ready')) {
      await page.click('#pass-ready');
      return;
    }
    const v = await versionOf(game);
    if (game === 'cyvasse' && (await S('#cy-standard').isVisible())) {
      await S('#cy-standard').click();
    } else if (game === 'taixu') {
      if (await S('#act-summon').isEnabled()) {
        await S('#act-summon').click();
        await S('.sq.target').first().click();
      } else {
        await S('#act-end_turn').click();
      }
    } else if (game === 'quadri' && (await S('#act-drop').isEnabled())) {
      await S('#act-drop').click();
      await S('.q-cell.target').first().click();
    } else {
      const own = await S(PIECE[game]).all();
      let moved = false;
      for (const cell of own) {
        await cell.click();
        const targets = S(`${CELL[game]}.target`);
        if (await targets.count()) {
          await targets.first().click();
          moved = true;
          break;
        }
      }
      check(moved, `a ${game} piece can move`);
    }
    await after(game, v);
  }

  // Plays quiet actions (the computer answering) until the game is over or `limit` actions were
  // played; reloads once, after `reloadAt` actions, and checks the same position comes back.
  async function playOn(game, { limit = 60, reloadAt = -1 } = {}) {
    for (let n = 0; n < limit && !(await over()); n++) {
      // The person's turn (on one device, always someone's), or the end.
      await page.waitForFunction(
        () =>
          document.title.startsWith('●') ||
          !!document.querySelector('#table .local-seat') ||
          !document.querySelector('#result')?.hidden
      );
      if (await over()) break;
      if (n === reloadAt) await reloadSame(game);
      await quiet(game);
    }
  }

  // Reloads the page: the engine replays the stored game to the same version and board.
  async function reloadSame(game) {
    const before = await boardOf(game);
    await page.reload();
    await page.waitForSelector(`${BOARD[game]}:visible, #pass-screen:not([hidden])`);
    if (await page.isVisible('#pass-ready')) await page.click('#pass-ready');
    await page.waitForFunction(
      ([sel, v]) =>
        [...document.querySelectorAll(`#table ${sel}`)].some((b) => b.checkVisibility() && b.dataset.version === v),
      [BOARD[game], before.v]
    );
    const now = await boardOf(game);
    check(
      now.v === before.v && now.cells === before.cells,
      `the same position after a reload: v${before.v} → v${now.v}`
    );
  }

  // Steps to the first version and back through the move list.
  async function history() {
    await page.click('#hist-first');
    await page.waitForSelector('#past-bar:not([hidden])');
    await page.click('#hist-next');
    await page.click('#hist-last');
    await page.waitForSelector('#past-bar', { state: 'hidden' });
  }

  // Resigns for the side to act; the result says so.
  async function resign() {
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForSelector('#result:not([hidden])');
    check((await page.getAttribute('#result', 'data-reason')) === 'resign', 'ended by resignation');
  }

  await ctx.setOffline(true);

  await step(
    'TAIXU against the computer (easy): summon, end the turn, the computer answers; reload; history; resign',
    async () => {
      await start('taixu', 'bot.easy');
      check((await page.textContent('#bot-seat')).includes('easy'), 'the computer holds the other seat');
      await playOn('taixu', { limit: 5, reloadAt: 3 });
      check(
        (await page.$eval('.board', (b) => [...b.querySelectorAll('.sq[data-piece^="2:"]')].length)) > 0,
        "the computer's pieces are on the board"
      );
      await history();
      await shot(page, 'taixu-bot-1280-en');
      await resign();
      check(await page.isHidden('#publish'), 'nothing to publish while offline');
    }
  );

  await step('TAIXU on this device: each side acts in turn; reload; resign', async () => {
    await start('taixu', 'local');
    await playOn('taixu', { limit: 6, reloadAt: 4 });
    await resign();
    await shot(page, 'taixu-local-1280-en');
    await audit('taixu-local-1280-en');
  });

  await step(
    'Cyvasse against the computer (medium): set up, move without capturing; reload; resign unless the quiet-turns draw came first',
    async () => {
      await start('cyvasse', 'bot.medium', { quiet_limit: 10 });
      await playOn('cyvasse', { limit: 8, reloadAt: 3 });
      if (!(await over())) await resign();
      await page.waitForSelector('#banner:not([hidden]), #result:not([hidden])');
      await history();
      await shot(page, 'cyvasse-bot-1280-en');
      await audit('cyvasse-bot-1280-en');
    }
  );

  await step(
    'Cyvasse on this device: both set-ups behind the pass screen, then moves to the quiet-turns draw',
    async () => {
      await start('cyvasse', 'local', { quiet_limit: 10 });
      await playOn('cyvasse', { limit: 40, reloadAt: 6 });
      check(await over(), 'the game ended');
      check(
        (await page.getAttribute('#result', 'data-reason')) === 'quiet_turns',
        `a draw by quiet turns: ${await page.getAttribute('#result', 'data-reason')}`
      );
      check(
        (await page.textContent('#role')).includes('Both players play on this device'),
        `over, nobody is to move: ${await page.textContent('#role')}`
      );
    }
  );

  await step('QU4DRI against the computer (hard): to the end by the quiet-action limit', async () => {
    await start('quadri', 'bot.hard', { quiet_limit: 3 });
    await playOn('quadri', { limit: 40, reloadAt: 1 });
    check(await over(), 'the game ended');
    await history();
    await shot(page, 'quadri-bot-1280-en');
  });

  await step('QU4DRI on this device: to the end by the quiet-action limit', async () => {
    await start('quadri', 'local', { quiet_limit: 4 });
    await playOn('quadri', { limit: 40, reloadAt: 2 });
    check(await over(), 'the game ended');
  });

  await step('the home page lists the six games with their results; one is deleted; another continues', async () => {
    await page.goto(url);
    await page.waitForSelector('#offline-list .offline-game');
    check((await page.$$('#offline-list .offline-game')).length === 6, 'six games on this device');
    check((await page.$$('#offline-list .offline-game[data-over="true"]')).length === 6, 'all six are over');
    await shot(page, 'home-list-1280-en');
    await audit('home-list-1280-en');
    await page.click('#offline-list .offline-game:last-child .offline-delete');
    await page.click('#offline-delete-yes');
    await page.waitForFunction(() => document.querySelectorAll('#offline-list .offline-game').length === 5);
    await page.click('#offline-list .offline-game:first-child a.btn');
    await page.waitForURL(/\?offline=/);
    await page.waitForSelector('#result:not([hidden])');
  });

  await step('back online, a finished game offers Publish', async () => {
    await ctx.setOffline(false);
    await page.waitForSelector('#publish:not([hidden])');
    await shot(page, 'publish-1280-en');
    await audit('publish-1280-en');
  });

  let offlineUrl = ''; // the published game's page on this device
  await step(
    'Publish puts the game on the server: its page there ends the same way after the same moves, and the home list links to it',
    async () => {
      const reason = await page.getAttribute('#result', 'data-reason');
      const moves = await page.locator('#move-list li').count();
      offlineUrl = page.url();
      await page.click('#publish');
      await page.waitForURL(/\/m\/[A-Z0-9]+\?watch$/);
      const code = new URL(page.url()).pathname.split('/m/')[1];
      await page.waitForSelector('#result:not([hidden])');
      check(
        (await page.getAttribute('#result', 'data-reason')) === reason,
        `the same end: ${reason} → ${await page.getAttribute('#result', 'data-reason')}`
      );
      await page.waitForFunction((n) => document.querySelectorAll('#move-list li').length === n, moves).catch(() => {});
      check(
        (await page.locator('#move-list li').count()) === moves,
        `the same ${moves} moves: ${await page.locator('#move-list li').count()}`
      );
      const summary = await (await page.request.get(`${url}/api/matches/${code}`)).json();
      check(
        summary.offline === true && summary.status === 'finished',
        `the server keeps it as a finished offline game: ${JSON.stringify(summary).slice(0, 300)}`
      );
      await shot(page, 'published-1280-en');
      // The game on this device now links to its page there, and is not offered again.
      await page.goto(offlineUrl);
      await page.waitForSelector(`#published-link[href="/m/${code}?watch"]`);
      check(await page.isHidden('#publish'), 'published once, not offered again');
      check((await page.textContent('#published-link')) === `Published as ${code}`, 'the link names the code');
      await shot(page, 'published-link-1280-en');
      await page.goto(url);
      await page.waitForSelector(`#offline-list a.li-published[href="/m/${code}?watch"]`);
    }
  );

  await step('a phone in Portuguese (then English): the home list and a game against the computer', async () => {
    await ctx.setOffline(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await page.click('.lang-switch [data-lang="pt-BR"]');
    await page.waitForSelector('#offline-list .offline-game');
    check((await page.textContent('#offline-title')).includes('Partidas neste aparelho'), 'the card in Portuguese');
    await shot(page, 'home-list-390-pt');
    await audit('home-list-390-pt');
    await page.goto(offlineUrl);
    await page.waitForSelector('#published-link:not([hidden])');
    check(
      /^Publicada como [A-Z0-9]+$/.test(await page.textContent('#published-link')),
      'the published link in Portuguese'
    );
    await shot(page, 'published-link-390-pt');
    await audit('published-link-390-pt');
    await start('quadri', 'bot.easy', { quiet_limit: 80 });
    check((await page.textContent('#code-chip')).includes('Neste aparelho'), 'the page in Portuguese');
    await quiet('quadri');
    await shot(page, 'quadri-bot-390-pt');
    await audit('quadri-bot-390-pt');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'quadri-bot-1280-pt');
    await page.click('.lang-switch [data-lang="en"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'quadri-bot-390-en');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ctx.setOffline(false);
  });

  await step('no serious or critical accessibility violation (axe-core, WCAG 2 A/AA) on the pages shown', async () => {
    check(a11y.length === 0, a11y.join('\n'));
  });
  await page.close();
  return results;
}
