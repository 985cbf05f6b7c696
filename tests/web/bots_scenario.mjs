// The computer-opponent and one-device browser scenario. A starts a Cyvasse match against the
// computer from the home page (taking seat 2): the bot sets up and opens, A takes the
// standard preset and moves, and the bot answers. L plays Cyvasse on one device: each set-up
// is entered behind a "pass the device" screen (the other player's placement is never on
// screen), the board follows the side to move, a reload resumes both seats, and the match can
// be watched like any other; TAIXU on one device hands the turn over without a pass screen.
// Last, A's address fills its share of matches against the computer and the home page says so.
import { Failure, check, steps, newPage, screenshots } from './steps.mjs';

const STEP_TIMEOUT_MS = 15_000;

export async function botsScenario({ browser, url, out }) {
  const { results, step } = steps({ prefix: 'bots: ' });
  const shot = screenshots(out, { prefix: 'bots-', timeout: STEP_TIMEOUT_MS });
  // A page at 1280 × 900 with this scenario's step timeout.
  const open = () => newPage(browser, { viewport: { width: 1280, height: 900 } }, { timeout: STEP_TIMEOUT_MS });
  const A = await open();
  const L = await open();
  const S = await open();
  const versionOf = (page, scope = '') => page.$eval(`${scope} .cy-board`, (b) => Number(b.dataset.version));
  const waitVersion = (page, v, scope = '') =>
    page.waitForFunction(
      ([s, v]) => Number(document.querySelector(`${s} .cy-board`)?.dataset.version) >= v,
      [scope, v]
    );
  // Moves one of seat's pieces that has a legal target, on the board under scope (a piece
  // drawn outside the squares, such as one still animating, is not a place to move from).
  const moveAny = async (page, seat, scope = '') => {
    const from = await page.$$eval(`${scope} .cy-piece[data-owner="${seat}"]`, (els) =>
      els.map((e) => e.closest('.cy-sq')?.dataset.sq).filter(Boolean)
    );
    for (const sq of from) {
      await page.click(`${scope} .cy-sq[data-sq="${sq}"]`);
      const targets = await page.$$(`${scope} .cy-sq.target`);
      if (targets.length) {
        await targets[0].click();
        return sq;
      }
    }
    throw new Failure(`no piece of seat ${seat} can move`);
  };
  // A's squares highlighted as the other side's last turn, each with whether a White piece stands there.
  const botLast = () =>
    A.$$eval('.cy-sq.last', (els) =>
      els.map((e) => ({ sq: e.dataset.sq, white: !!e.querySelector('.cy-piece[data-owner="1"]') }))
    );
  const createWith = async (page, game, opponent, seat) => {
    await page.goto(url);
    await page.waitForSelector('#create-btn');
    await page.check(`input[name="game"][value="${game}"]`);
    await page.selectOption('#opt-opponent', opponent);
    if (seat) await page.selectOption('#opt-seat', seat);
    await page.click('#create-btn');
    await page.waitForURL(/\/m\/[A-Z0-9]{6}$/);
    return page.url().match(/\/m\/([A-Z0-9]{6})$/)[1];
  };

  await step('the home page offers the computer at three levels and this device', async () => {
    await A.goto(url);
    const choices = await A.$$eval('#opt-opponent option', (os) => os.map((o) => o.value));
    for (const v of ['friend', 'bot.easy', 'bot.medium', 'bot.hard', 'local'])
      check(choices.includes(v), `opponent choice ${v}: ${choices}`);
    await A.check('input[name="game"][value="quadri"]');
    check((await A.$$eval('#opt-opponent option', (os) => os.length)) === 5, 'the choice stays for every game');
  });

  await step('A plays Cyvasse against the computer: the bot sets up and opens', async () => {
    const code = await createWith(A, 'cyvasse', 'bot.easy', '2');
    await A.waitForSelector('.cy-board');
    await A.waitForFunction(() => document.querySelector('#bot-seat')?.textContent.includes('the computer (easy)'));
    check((await A.textContent('#role')).includes('Black'), 'A holds Black');
    check(await A.isHidden('.invite'), 'no invitation: both seats are taken');
    await A.click('#cy-standard');
    await A.waitForFunction(() => document.querySelector('.cy-board')?.dataset.phase === 'play');
    await waitVersion(A, 3); // both set-ups, then the bot's (White's) first move
    const sum = await (await fetch(`${url}/api/matches/${code}`)).json();
    check(sum.seats[0].bot === 'easy' && sum.seats[0].taken, `the summary shows the bot: ${JSON.stringify(sum.seats)}`);
  });

  await step('A moves and the bot answers', async () => {
    const before = await versionOf(A);
    check((await botLast()).length > 0, "the bot's opening move is highlighted");
    await moveAny(A, 2);
    await waitVersion(A, before + 2);
    const last = await botLast();
    check(last.length > 0 && last.some((x) => x.white), `the bot's answer is highlighted: ${JSON.stringify(last)}`);
    await shot(A, 'against-computer');
  });

  let localCode = '';
  await step('L plays Cyvasse on this device: White sets up behind the pass screen', async () => {
    localCode = await createWith(L, 'cyvasse', 'local');
    await L.waitForSelector('#pass-screen:not([hidden])');
    check((await L.textContent('#pass-title')).includes('White'), 'pass the device to White');
    check(
      (await L.$$eval('.cy-piece', (els) => els.filter((e) => e.offsetParent !== null).length)) === 0,
      'no piece on screen behind the pass screen'
    );
    await L.click('#pass-ready');
    await L.waitForSelector('.local-seat[data-seat="1"]:not([hidden]) .cy-kind[data-kind="king"]');
    await L.click('.local-seat[data-seat="1"] #cy-standard');
  });

  await step("Black is asked for the device; White's placement is not on screen", async () => {
    await L.waitForFunction(
      () =>
        document.querySelector('#pass-title')?.textContent.includes('Black') &&
        !document.querySelector('#pass-screen').hidden
    );
    check(await L.isHidden('.local-seat[data-seat="1"]'), "White's board is hidden");
    check(
      (await L.$$eval('.cy-piece', (els) => els.filter((e) => e.offsetParent !== null).length)) === 0,
      'no piece on screen'
    );
    await shot(L, 'pass-screen');
    await L.click('#pass-ready');
    await L.waitForSelector('.local-seat[data-seat="2"]:not([hidden]) .cy-kind[data-kind="king"]');
    check(
      (await L.$$eval('.local-seat[data-seat="2"] .cy-board .cy-piece[data-owner="1"]', (e) => e.length)) === 0,
      "Black's board shows no piece of White"
    );
    await L.click('.local-seat[data-seat="2"] #cy-standard');
  });

  await step('play: the board follows the side to move, no pass screen', async () => {
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
    const host = '.local-seat[data-seat="1"]';
    await L.waitForFunction(
      () => document.querySelector('.local-seat[data-seat="1"] .cy-board')?.dataset.phase === 'play'
    );
    check(await L.isHidden('#pass-screen'), 'no pass screen in play');
    check((await L.textContent('#role')).includes('White to move'), 'White to move');
    check((await L.$$eval(`${host} .cy-board .cy-piece`, (e) => e.length)) === 38, "both armies on White's board");
    await moveAny(L, 1, host);
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '2');
    check(await L.isHidden('#pass-screen'), 'no pass screen for a move');
    check((await L.textContent('#role')).includes('Black to move'), 'Black to move');
    await moveAny(L, 2, '.local-seat[data-seat="2"]');
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
  });

  await step('a reload resumes both seats; the match can be watched', async () => {
    const v = await versionOf(L, '.local-seat[data-seat="1"]');
    await L.reload();
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
    await waitVersion(L, v, '.local-seat[data-seat="1"]');
    await waitVersion(L, v, '.local-seat[data-seat="2"]');
    check((await L.textContent('#role')).includes('White to move'), 'still White to move');
    await S.goto(`${url}/m/${localCode}?watch`); // the spectator link
    await S.waitForSelector('.cy-board');
    await S.waitForFunction(() => document.querySelector('#role')?.textContent.includes('watching'));
    const sum = await (await fetch(`${url}/api/matches/${localCode}`)).json();
    check(
      sum.seats.every((s) => s.taken && s.connected),
      `both seats held by L: ${JSON.stringify(sum.seats)}`
    );
    await moveAny(L, 1, '.local-seat[data-seat="1"]');
    await waitVersion(S, v + 1);
  });

  await step('TAIXU on this device: no pass screen, the turn passes to the other table', async () => {
    await createWith(L, 'taixu', 'local');
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
    check(await L.isHidden('#pass-screen'), 'nothing secret: no pass screen');
    check(await L.isVisible('.local-seat[data-seat="1"] #act-end_turn'), "seat 1's table is shown");
    await L.click('.local-seat[data-seat="1"] #act-end_turn');
    await L.waitForFunction(() => document.querySelector('#table')?.dataset.active === '2');
    check(await L.isHidden('.local-seat[data-seat="1"]'), "seat 1's table is put away");
    check(await L.isEnabled('.local-seat[data-seat="2"] #act-end_turn'), 'seat 2 may act');
    check(
      (await L.textContent('#role')).includes('2'),
      `the label names the side to move: ${await L.textContent('#role')}`
    );
  });

  await step(
    'when this address holds its share of matches against the computer, the home page says so, in both languages',
    async () => {
      // The address fills its share (A's match above holds one place) through the API: creations
      // until the first refusal (their statuses, the refusal's code last).
      const fill = () =>
        A.evaluate(async () => {
          const out = [];
          for (let i = 0; i < 20 && !out.includes(429); ++i) {
            const r = await fetch('/api/matches', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ game: 'taixu', opponent: { bot: 'easy' } }),
            });
            out.push(r.status);
            if (!r.ok) {
              out.push((await r.json()).error?.code);
              break;
            }
          }
          return out;
        });
      const statuses = await fill();
      check(
        statuses.at(-1) === 'too_many_bot_matches' &&
          statuses.at(-2) === 429 &&
          statuses.slice(0, -2).every((x) => x === 201),
        `creations: ${statuses}`
      );
      const expected = { en: 'finish one first', 'pt-BR': 'termine uma antes' };
      for (const lang of ['en', 'pt-BR']) {
        await A.evaluate((l) => localStorage.setItem('tabuleiro.lang', l), lang);
        await A.goto(url);
        await A.waitForSelector('#create-btn');
        // A match of the address that ended meanwhile (an earlier step's) freed a place: taken again.
        const again = await fill();
        check(again.at(-1) === 'too_many_bot_matches', `the address's share filled again: ${again}`);
        await A.selectOption('#opt-opponent', 'bot.easy');
        await A.click('#create-btn');
        await A.waitForFunction(
          (text) => document.querySelector('#create-error')?.textContent.includes(text),
          expected[lang]
        ).catch(async (e) => {
          const shown = await A.evaluate(() => ({
            at: location.pathname,
            error: document.querySelector('#create-error')?.textContent ?? null,
          })).catch(() => 'unreadable');
          throw new Error(`${e.message.split('\n')[0]}; the page: ${JSON.stringify(shown)}`);
        });
        check(/\/$/.test(A.url()), `no match page: ${A.url()}`);
        await shot(A, `bot-limit-${lang}`);
      }
      await A.evaluate(() => localStorage.setItem('tabuleiro.lang', 'en'));
    }
  );

  for (const p of [A, L, S])
    await p
      .context()
      .close()
      .catch(() => {});
  return results;
}
