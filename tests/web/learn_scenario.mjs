// Learn to play: the home page links each game's lessons; the first lesson of each game is solved
// by clicks on its real board (the rules engine in the page's worker checks every move), which
// the list then marks as solved, and one with the keyboard alone; a refused move is explained on
// the board before anything changes; the hint is one click away; a wrong try fails the lesson
// and Start again sets it up anew; the lesson's texts follow the language switch. Puzzles: a
// right answer counts in the streak, a wrong one ends the puzzle and its solution is played on
// the board. axe-core's checks of the pages, and no console error, uncaught exception or CSP
// violation on any of them. Screenshots at 1280 × 800 and 390 × 844 in both languages.
// solveFirstLesson is also the offline scenario's (with the network off).
import { check, steps, newPage, screenshots, noticeFor, NAVIGATION_TIMEOUT_MS } from './steps.mjs';
import { axeProblems } from './axe.mjs';
import { cursorTo, tabTo } from './keys.mjs';

const GAMES = ['taixu', 'cyvasse', 'quadri'];
// The clicks that solve each game's first lesson (web/js/games/<game>/lessons.json).
const FIRST_LESSON_CLICKS = {
  taixu: ['#act-summon', '.sq[data-sq="c8"]', '#act-summon', '.sq[data-sq="f8"]'],
  cyvasse: ['.cy-sq[data-sq="c3"]', '.cy-sq[data-sq="f4"]'],
  quadri: ['.q-cell[data-cell="d4"]', '.q-cell[data-cell="c5"]'],
};
// A board of each game, drawn at some version.
const BOARD = { taixu: '.board[data-version]', cyvasse: '.cy-board[data-version]', quadri: '.q-board[data-version]' };

// Waits until the lesson page says status (its data-status), with a navigation's time: the page
// loads the engine's worker and module first.
const statusIs = (page, status) =>
  page.waitForSelector(`#lesson-status[data-status="${status}"]`, { timeout: NAVIGATION_TIMEOUT_MS });

// Opens game's lessons at url, starts the first one and solves it by clicks; resolves once the
// page says it is solved.
export async function solveFirstLesson(page, url, game) {
  await page.goto(`${url}/?learn=${game}`);
  await page.waitForSelector('#lesson-list li', { timeout: NAVIGATION_TIMEOUT_MS });
  await page.click('#learn-go');
  await statusIs(page, 'playing');
  await page.waitForSelector(BOARD[game], { timeout: NAVIGATION_TIMEOUT_MS });
  for (const sel of FIRST_LESSON_CLICKS[game]) {
    await page.waitForSelector(`${sel}:not([disabled])`);
    await page.click(sel);
  }
  await statusIs(page, 'solved');
}

export async function learnScenario({ browser, url, out }) {
  const { results, step } = steps({ prefix: 'learn: ' });
  const shot = screenshots(out, { prefix: 'learn-' });
  const problems = [];
  const watched = (page, label) => {
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${label}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${label}: ${e.message}`));
    return page;
  };
  const page = watched(await newPage(browser, { viewport: { width: 1280, height: 800 } }), 'desktop');

  await step('the home page links the lessons of each game', async () => {
    await page.goto(url);
    for (const game of GAMES) {
      const href = await page.getAttribute(`.game-card.g-${game} .card-learn`, 'href');
      check(href === `/?learn=${game}`, `the ${game} card links its lessons: ${href}`);
    }
  });

  for (const game of GAMES) {
    await step(`${game}: the first lesson is solved by clicks, and the list marks it solved`, async () => {
      await page.goto(`${url}/?learn=${game}`);
      await page.waitForSelector('#lesson-list li', { timeout: NAVIGATION_TIMEOUT_MS });
      const count = await page.$$eval('#lesson-list li', (li) => li.length);
      check(count >= 8, `${game} has at least 8 lessons: ${count}`);
      check((await page.textContent('#learn-go')) === 'Start the first lesson', 'nothing solved yet');
      await shot(page, `${game}-list-en`);
      await solveFirstLesson(page, url, game);
      check(
        (await page.getAttribute('#lesson-next', 'class')) === 'btn primary',
        'once solved, the next lesson is the way on'
      );
      await shot(page, `${game}-solved-en`);
      await page.click('#learn-back');
      await page.waitForSelector('#lesson-list li.done', { timeout: NAVIGATION_TIMEOUT_MS });
      check((await page.$$eval('#lesson-list li.done', (li) => li.length)) === 1, 'one lesson solved');
      check((await page.textContent('#learn-go')) === 'Continue', 'the list offers to continue');
      check((await page.getAttribute('#learn-go', 'href')).includes('&lesson='), 'continue opens the next lesson');
    });
  }

  await step('a lesson is played with the keyboard alone, as a match is', async () => {
    await page.goto(`${url}/?learn=cyvasse&lesson=moving`);
    await statusIs(page, 'playing');
    await page.waitForSelector(BOARD.cyvasse);
    await tabTo(page, '.cy-sq');
    await cursorTo(page, 'c3');
    await page.keyboard.press('Enter');
    await cursorTo(page, 'f4');
    await page.keyboard.press('Enter');
    await statusIs(page, 'solved');
  });

  await step('a refused move is explained on the board and changes nothing; the hint is one click away', async () => {
    await page.goto(`${url}/?learn=taixu&lesson=shift`);
    await statusIs(page, 'playing');
    await page.waitForSelector('.sq[data-sq="d8"]:not([data-piece=""])');
    const before = await page.getAttribute('.board', 'data-version');
    await page.click('.sq[data-sq="d8"]');
    await page.click('.sq[data-sq="d6"]');
    await noticeFor(page, 'out_of_range');
    check((await page.getAttribute('.board', 'data-version')) === before, 'the board did not change');
    check((await page.getAttribute('#lesson-status', 'data-status')) === 'playing', 'the lesson goes on');
    check(await page.isHidden('#lesson-hint'), 'the hint starts hidden');
    await page.click('#lesson-hint-btn');
    await page.waitForSelector('#lesson-hint:not([hidden])');
    check((await page.getAttribute('#lesson-hint-btn', 'aria-expanded')) === 'true', 'the hint button says it is open');
    check((await page.textContent('#lesson-hint')).includes('e8'), 'the hint names the piece to try');
    await shot(page, 'refused-hint-en');
  });

  await step('a wrong try fails the lesson; Start again sets it up anew', async () => {
    await page.goto(`${url}/?learn=taixu&lesson=inactivity`);
    await statusIs(page, 'playing');
    await page.waitForSelector('#act-end_turn:not([disabled])');
    await page.click('#act-end_turn');
    await statusIs(page, 'failed');
    check((await page.textContent('#lesson-status')).includes('Start again'), 'the page says to start again');
    await page.click('#lesson-restart');
    await statusIs(page, 'playing');
    await page.waitForSelector('.board[data-version="0"]');
  });

  await step('the lesson follows the language switch; on a phone the panel comes first', async () => {
    const phone = watched(
      await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
      'phone'
    );
    await phone.goto(`${url}/?learn=quadri&lesson=flip`);
    await statusIs(phone, 'playing');
    await phone.waitForSelector(BOARD.quadri);
    await shot(phone, 'quadri-phone-en');
    await phone.click('.lang-switch [data-lang="pt-BR"]');
    await phone.waitForFunction(() => document.querySelector('#lesson-title')?.textContent === 'Virando um talismã');
    check((await phone.textContent('#lesson-status')) === 'Sua vez.', 'the status in Portuguese');
    const [panel, board] = await phone.$$eval('.lesson-panel, .lesson-board', (els) =>
      els.map((e) => e.getBoundingClientRect().top)
    );
    check(panel < board, 'the panel is above the board on a phone');
    await shot(phone, 'quadri-phone-pt');
    await phone.goto(`${url}/?learn=cyvasse`);
    await phone.waitForSelector('#lesson-list li', { timeout: NAVIGATION_TIMEOUT_MS });
    check((await phone.textContent('#learn-title')) === 'Aprenda Cyvasse', 'the list in Portuguese');
    await shot(phone, 'cyvasse-list-phone-pt');
    await phone.context().close();
  });

  await step(
    'puzzles: a right answer counts in the streak; a wrong one is refused with the solution played on the board',
    async () => {
      await page.goto(`${url}/?puzzles=cyvasse`);
      await statusIs(page, 'playing');
      await page.waitForSelector(BOARD.cyvasse);
      const set = await page.evaluate(() => fetch('/js/games/cyvasse/puzzles.json').then((r) => r.json()));
      const lowest = Math.min(...set.puzzles.map((p) => p.difficulty));
      const easy = set.puzzles.filter((p) => p.difficulty === lowest);
      check(
        easy.length >= 2 && set.puzzles.length >= 50,
        `50 puzzles, two of the easiest at least: ${set.puzzles.length}, ${easy.length}`
      );
      check((await page.inputValue('#puzzle-level')) === String(lowest), 'the page opens at the easiest difficulty');
      check(
        (await page.textContent('#puzzle-title')) === `Puzzle ${easy[0].id.split('-').pop()}`,
        'the first of the easiest puzzles is shown'
      );
      check((await page.textContent('#lesson-goal')).includes('win the game with one move'), 'the goal is said');
      const [right] = easy[0].solutions[0];
      await page.click(`.cy-sq[data-sq="${right.from}"]`);
      await page.click(`.cy-sq[data-sq="${right.to}"]`);
      await statusIs(page, 'solved');
      check((await page.textContent('#puzzle-streak')).startsWith('Solved in a row: 1'), 'the streak counts it');
      check(!(await page.isVisible('#puzzle-show')), 'no solution to show once solved');
      await shot(page, 'puzzle-solved-en');
      await page.click('#puzzle-next');
      await statusIs(page, 'playing');
      check(
        (await page.textContent('#puzzle-title')) === `Puzzle ${easy[1].id.split('-').pop()}`,
        'the next easy puzzle'
      );
      await page.waitForSelector('.cy-board[data-version="0"]');
      const [wrong] = easy[1].wrong;
      await page.click(`.cy-sq[data-sq="${wrong.from}"]`);
      await page.click(`.cy-sq[data-sq="${wrong.to}"]`);
      await statusIs(page, 'shown');
      check((await page.textContent('#lesson-status')).includes('solution'), 'the page says the solution is shown');
      check((await page.textContent('#puzzle-streak')).startsWith('Solved in a row: 0'), 'the streak starts again');
      await page.waitForSelector('.cy-board[data-version="1"]');
      await page.waitForSelector('#banner-title');
      check(
        (await page.textContent('#banner-title')).includes('win'),
        `the solution played wins: ${await page.textContent('#banner-title')}`
      );
      await shot(page, 'puzzle-shown-en');
    }
  );

  await step('an unknown game or lesson says so and links the games that have lessons', async () => {
    await page.goto(`${url}/?learn=chess`);
    await page.waitForSelector('#learn-notice');
    check((await page.$$eval('.howto-nav a', (a) => a.length)) === 3, 'the three games are linked');
    await page.goto(`${url}/?learn=taixu&lesson=nope`);
    await page.waitForSelector('#learn-notice');
  });

  await step(
    'no serious or critical accessibility violation (axe-core) on the lessons, a lesson and the puzzles',
    async () => {
      const found = [];
      for (const [label, path, ready] of [
        ['list', '/?learn=taixu', '#lesson-list li'],
        ['lesson', '/?learn=cyvasse&lesson=armor', BOARD.cyvasse],
        ['puzzles', '/?puzzles=quadri', BOARD.quadri],
      ]) {
        await page.goto(`${url}${path}`);
        await page.waitForSelector(ready, { timeout: NAVIGATION_TIMEOUT_MS });
        for (const p of await axeProblems(page)) found.push(`${label}: ${p}`);
      }
      check(!found.length, found.join('; '));
    }
  );

  await step('no console error, exception or CSP violation on the lesson pages', async () => {
    check(!problems.length, problems.join('; '));
  });
  await page
    .context()
    .close()
    .catch(() => {});
  return results;
}
