// The clock browser scenario, against a server run with `--clock manual` (time moves only by
// POST /api/test/clock): A (Ana) creates a TAIXU match with a 1 + 0 clock from the form, B
// (Bruno) joins; both end their first (untimed) turn; A's clock then counts down on both pages
// from the server's reading; the home page's live list names both players, whose turn and
// both times (Ana's counting down), in both languages at 1280 × 800 and 390 × 844; the move
// list names the players and the exported log carries their names; A's time goes low, and
// A's page goes away and comes back (B sees for how long, the move list when), then away again:
// when the server's time passes the deadline the flag shows on both pages with the result
// "on time" and how long A was offline, which the exported log records too.
import { readFile } from 'node:fs/promises';
import { check, steps, newPage, screenshots } from './steps.mjs';

// The seconds a clock display shows ("0:58" → 58, "9.4" → 9.4).
const seconds = (text) => {
  const parts = text.trim().split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0);
};

export async function clockScenario({ browser, url, out }) {
  const { results, step } = steps();
  // A page at 1200 × 860 in locale.
  const open = (locale) => newPage(browser, { locale, viewport: { width: 1200, height: 860 } });
  const shot = screenshots(out, { prefix: 'clock-' });
  const advance = async (ms) => {
    const r = await fetch(`${url}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_ms: ms }),
    });
    check(r.ok, `the test clock answered ${r.status}`);
  };
  // A screenshot of page at a phone's size (390 × 844), then back to its own size.
  const phoneShot = async (page, name) => {
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, name);
    await page.setViewportSize(size);
  };
  const clockText = (page, seat) => page.textContent(`#players .clock.p${seat} .clock-time`);
  const A = await open('en-US');
  const B = await open('pt-BR');
  let code = '';

  await step(
    'clock: A creates a TAIXU match with a 1 + 0 clock from the form; B joins; both clocks show 1:00',
    async () => {
      await A.goto(url);
      await A.click('.game-card.g-taixu');
      await A.selectOption('#opt-clock', '1+0');
      await A.fill('#opt-name', 'Ana');
      await A.click('#create-btn');
      await A.waitForSelector('#share-code');
      const link = await A.inputValue('#share-link');
      code = new URL(link).pathname.split('/').pop();
      await A.click('#go-match');
      await A.waitForSelector('#players .clock.p1');
      await B.goto(link);
      await B.fill('#join-name', 'Bruno');
      await B.click('#join-player'); // the link's join step
      await B.waitForSelector('#players .clock.p2');
      check((await clockText(A, 1)).trim() === '1:00', `A's clock shows ${await clockText(A, 1)}`);
      check((await clockText(B, 2)).trim() === '1:00', `B's clock shows ${await clockText(B, 2)}`);
      check(
        (await A.$$eval('#players .clock.running', (els) => els.length)) === 0,
        'no clock runs before the first turns'
      );
    }
  );

  await step("clock: after both first turns A's clock runs and counts down locally on both pages", async () => {
    await A.click('#act-end_turn');
    await B.waitForSelector('#act-end_turn:not([disabled])');
    await B.click('#act-end_turn');
    await A.waitForSelector('#players .clock.p1.running');
    await B.waitForSelector('#players .clock.p1.running');
    // The server's time stands still (manual clock); the page counts down from receipt anyway.
    const before = seconds(await clockText(B, 1));
    await B.waitForFunction(
      (b) => {
        const t = document.querySelector('#players .clock.p1 .clock-time')?.textContent || '';
        const s = t
          .split(':')
          .map(Number)
          .reduce((a, p) => a * 60 + p, 0);
        return s < b;
      },
      before,
      { timeout: 4000 }
    );
    check(seconds(await clockText(B, 2)) === 60, "B's own clock does not run");
    await shot(A, '01-running');
  });

  await step(
    "clock: the home page's live list names both players, whose turn by name and both times, Ana's counting down",
    async () => {
      const problems = [];
      const home = async (locale, viewport) => {
        const H = await newPage(browser, { locale, viewport });
        H.on('console', (m) => {
          if (m.type() === 'error') problems.push(`${locale} console: ${m.text().slice(0, 200)}`);
        });
        H.on('pageerror', (e) => problems.push(`${locale} exception: ${e.message}`));
        await H.goto(url);
        await H.waitForSelector(`#live-list li[data-code="${code}"] .li-time.running`);
        return H;
      };
      const item = `#live-list li[data-code="${code}"]`;
      const read = (H) =>
        H.$eval(item, (li) => ({
          names: [...li.querySelectorAll('.li-player .li-name')].map((e) => e.textContent),
          times: [...li.querySelectorAll('.li-player')].map((e) => e.querySelector('.li-time')?.textContent ?? ''),
          running: li.querySelector('.li-time.running')?.closest('.li-player')?.dataset.seat,
          toAct: li.querySelector('.li-player.to-act')?.dataset.seat,
          facts: li.querySelector('.li-facts')?.textContent ?? '',
        }));
      const H = await home('en-US', { width: 1280, height: 800 });
      const first = await read(H);
      check(first.names.join() === 'Ana,Bruno', `the list names the players: ${first.names}`);
      check(first.facts.includes('Ana to move'), `whose turn by name: ${first.facts}`);
      check(
        first.running === '1' && first.toAct === '1',
        `Ana's line is marked and her time runs: ${JSON.stringify(first)}`
      );
      check(seconds(first.times[1]) === 60 && seconds(first.times[0]) <= 60, `both times: ${first.times}`);
      await H.waitForFunction(
        ([sel, before]) => {
          const text = document.querySelector(`${sel} .li-time.running`)?.textContent || '';
          return (
            text
              .split(':')
              .map(Number)
              .reduce((a, p) => a * 60 + p, 0) < before
          );
        },
        [item, seconds(first.times[0])],
        { timeout: 4000 }
      );
      check(seconds((await read(H)).times[1]) === 60, "Bruno's time stands still");
      await shot(H, '04-list-en-1280');
      await H.setViewportSize({ width: 390, height: 844 });
      check(
        await H.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no horizontal scroll at 390 px (en)'
      );
      await shot(H, '05-list-en-390');
      const P = await home('pt-BR', { width: 390, height: 844 });
      const pt = await read(P);
      check(
        pt.names.join() === 'Ana,Bruno' && pt.facts.includes('vez de Ana'),
        `the list in Portuguese: ${JSON.stringify(pt)}`
      );
      check(
        await P.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no horizontal scroll at 390 px (pt-BR)'
      );
      await shot(P, '06-list-pt-390');
      await P.setViewportSize({ width: 1280, height: 800 });
      await shot(P, '07-list-pt-1280');
      // Leaving the home page stops the list's ticker: no error after it.
      await H.goto('about:blank');
      for (const p of [H, P])
        await p
          .context()
          .close()
          .catch(() => {});
      check(!problems.length, problems.join('; '));
    }
  );

  await step('clock: the player cards beside the board name both players', async () => {
    const cards = await A.$$eval('.player-card .pname', (els) => els.map((e) => e.textContent));
    check(
      cards.some((c) => c.includes('Player 1 (you) · Ana')) && cards.some((c) => c.includes('Player 2 · Bruno')),
      `A's cards: ${cards}`
    );
  });

  await step('clock: the move list names the players; the exported log carries both names', async () => {
    const lines = (page) => page.$$eval('#move-list .turn-group', (gs) => gs.map((g) => g.textContent));
    const a = await lines(A);
    check(
      a.length >= 2 &&
        a[0].includes('Ana (you)') &&
        a[0].includes('Ana (you) ended the turn') &&
        a[1].includes('Bruno ended the turn'),
      `A's move list: ${a}`
    );
    const b = await lines(B);
    check(b[0].includes('Ana finalizou o turno') && b[1].includes('Bruno (você)'), `B's move list: ${b}`);
    check(!(await A.textContent('#move-list')).includes('Player 1'), 'no seat label where a name is known');
    const [download] = await Promise.all([A.waitForEvent('download'), A.click('#hist-export')]);
    const log = JSON.parse(await readFile(await download.path(), 'utf8'));
    check(
      (log.players || []).map((x) => `${x.seat}:${x.name}`).join() === '1:Ana,2:Bruno',
      `the exported log's players: ${JSON.stringify(log.players)}`
    );
    check(
      log.code === code && log.changes.length >= 2,
      `the exported log: ${log.code}, ${log.changes?.length} changes`
    );
  });

  await step("clock: the server moves 50 s on; B's reloaded page shows A's time low", async () => {
    await advance(50_000);
    // Presence carries the clock too: B reloads its page to get a fresh reading.
    await B.reload();
    await B.waitForSelector('#players .clock.p1.low');
    const left = seconds(await clockText(B, 1));
    check(left <= 10 && left > 0, `B sees A's clock at ${left} s`);
    await shot(B, '02-low');
  });

  // A's page goes away for 2 s of the server's time, comes back, and goes away again until its
  // time runs out: B sees for how long A has been offline, and the move list says when A left
  // and came back.
  await step('clock: A goes offline and comes back; B sees for how long, and the move list says when', async () => {
    const aUrl = A.url();
    await A.goto('about:blank');
    await B.waitForSelector('#seats [data-seat="1"] .offline-for');
    check(
      /^desconectado há \d+ s$/.test(await B.textContent('#seats [data-seat="1"] .offline-for')),
      `B's panel: ${await B.textContent('#seats [data-seat="1"] .offline-for')}`
    );
    await advance(2_000);
    await A.goto(aUrl);
    await A.waitForSelector('#players .clock.p1');
    await B.waitForSelector('#seats [data-seat="1"] .offline-for', { state: 'detached' });
    // (B's reload before counts too: Bruno's lines come first.)
    const anaLines = (page) => page.$$eval('#move-list .conn-change.s1', (els) => els.map((e) => e.textContent));
    await B.waitForFunction(() => document.querySelectorAll('#move-list .conn-change.s1').length === 2);
    const lines = await anaLines(B);
    check(lines[0].startsWith('Ana desconectou · ') && lines[1].startsWith('Ana voltou · '), `B's move list: ${lines}`);
    check(
      (await B.$$eval('#move-list .conn-change.s2', (els) => els.length)) === 2,
      "B's own reload is in the record too"
    );
    await A.waitForFunction(() => document.querySelectorAll('#move-list .conn-change.s1').length === 2);
    check((await anaLines(A))[0].startsWith('Ana (you) went offline'), `A's move list: ${await anaLines(A)}`);
    await A.goto('about:blank');
    await B.waitForSelector('#seats [data-seat="1"] .offline-for');
    await shot(B, '03-offline-for');
    await phoneShot(B, '03-offline-for-390');
  });

  await step('clock: past the deadline the server flags A; both pages show the flag and "on time"', async () => {
    await advance(12_000);
    await B.waitForSelector('#players .clock.p1.flagged');
    // B's result says that A was away when the time ran out; A, back, sees the same.
    await B.waitForSelector('#banner[data-reason="timeout"]');
    // The exported log's record, whose totals the results show.
    const log = await (await fetch(`${url}/api/matches/${code}/log`)).json();
    const ana = log.connections?.seats?.[0];
    check(
      ana?.disconnections === 2 &&
        ana.offline_ms >= 2_000 &&
        log.connections.changes.filter((x) => x.seat === 1).length === 3,
      `the exported log's connections: ${JSON.stringify(log.connections)}`
    );
    const s = Math.floor((ana?.offline_ms ?? 0) / 1000);
    const away = await B.textContent('#banner-away');
    check(away === `Ana (Jogador 1) ficou desconectado 2 vezes (${s} s no total)`, `B's banner: ${away}`);
    check(
      (await B.textContent('#result')).includes('ficou desconectado 2 vezes'),
      `B's result line: ${await B.textContent('#result')}`
    );
    await shot(B, '04-away-result');
    await phoneShot(B, '04-away-result-390');
    await A.goto(`${url}/m/${code}`);
    await A.waitForSelector('#players .clock.p1.flagged');
    await A.waitForSelector('#banner[data-reason="timeout"]');
    check((await A.textContent('#banner')).includes('on time'), 'A\'s banner says "on time"');
    check((await B.textContent('#banner')).includes('por tempo'), 'B\'s banner says "por tempo"');
    check((await clockText(A, 1)).trim() === '0.0', `A's clock shows ${await clockText(A, 1)}`);
    check(
      (await B.textContent('#players .clock.p1 .clock-flag')).includes('Tempo esgotado'),
      'B sees the flag in Portuguese'
    );
    check((await B.textContent('#log')).includes('Ana ficou sem tempo'), "B's log says who ran out of time");
    check(
      (await A.textContent('#banner-away')) === `Ana (Player 1) was offline 2 times (${s} s in all)`,
      `A's banner: ${await A.textContent('#banner-away')}`
    );
    // The flag is the server's change, nobody's turn: the live move list and the one read back
    // after a reload head it alike.
    const lastTitle = async (page) =>
      (await page.$$eval('#move-list .turn-title', (els) => els.map((e) => e.textContent))).pop();
    await A.waitForSelector('#move-list .turn-title');
    check(
      (await lastTitle(A)) === 'Turn 3 — Server' && (await lastTitle(B)) === 'Turno 3 — Servidor',
      `the flag's heading: ${await lastTitle(A)} / ${await lastTitle(B)}`
    );
    await shot(A, '05-flag');
    await phoneShot(A, '05-flag-390');
  });

  for (const p of [A, B])
    await p
      .context()
      .close()
      .catch(() => {});
  return results;
}
