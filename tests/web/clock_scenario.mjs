// The clock browser scenario, against a server run with `--clock manual` (time moves only by
// POST /api/test/clock): A creates a TAIXU match with a 1 + 0 clock from the form, B joins;
// both end their first (untimed) turn; A's clock then counts down on both pages from the
// server's reading, goes low, and when the server's time passes the deadline the flag shows
// on both pages with the result "on time".
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
    const r = await fetch(`${url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advance_ms: ms }) });
    check(r.ok, `the test clock answered ${r.status}`);
  };
  const clockText = (page, seat) => page.textContent(`#players .clock.p${seat} .clock-time`);
  const A = await open('en-US');
  const B = await open('pt-BR');

  await step('clock: A creates a TAIXU match with a 1 + 0 clock from the form; B joins; both clocks show 1:00', async () => {
    await A.goto(url);
    await A.click('.game-card.g-taixu');
    await A.selectOption('#opt-clock', '1+0');
    await A.click('#create-btn');
    await A.waitForSelector('#share-code');
    const link = await A.inputValue('#share-link');
    await A.click('#go-match');
    await A.waitForSelector('#players .clock.p1');
    await B.goto(link);
    await B.click('#join-player');  // the link's join step
    await B.waitForSelector('#players .clock.p2');
    check((await clockText(A, 1)).trim() === '1:00', `A's clock shows ${await clockText(A, 1)}`);
    check((await clockText(B, 2)).trim() === '1:00', `B's clock shows ${await clockText(B, 2)}`);
    check(await A.$$eval('#players .clock.running', (els) => els.length) === 0, 'no clock runs before the first turns');
  });

  await step('clock: after both first turns A\'s clock runs and counts down locally on both pages', async () => {
    await A.click('#act-end_turn');
    await B.waitForSelector('#act-end_turn:not([disabled])');
    await B.click('#act-end_turn');
    await A.waitForSelector('#players .clock.p1.running');
    await B.waitForSelector('#players .clock.p1.running');
    // The server's time stands still (manual clock); the page counts down from receipt anyway.
    const before = seconds(await clockText(B, 1));
    await B.waitForFunction((b) => {
      const t = document.querySelector('#players .clock.p1 .clock-time')?.textContent || '';
      const s = t.split(':').map(Number).reduce((a, p) => a * 60 + p, 0);
      return s < b;
    }, before, { timeout: 4000 });
    check(seconds(await clockText(B, 2)) === 60, 'B\'s own clock does not run');
    await shot(A, '01-running');
  });

  await step('clock: the server moves 50 s on; B\'s reloaded page shows A\'s time low', async () => {
    await advance(50_000);
    // Presence carries the clock too: B reloads its page to get a fresh reading.
    await B.reload();
    await B.waitForSelector('#players .clock.p1.low');
    const left = seconds(await clockText(B, 1));
    check(left <= 10 && left > 0, `B sees A's clock at ${left} s`);
    await shot(B, '02-low');
  });

  await step('clock: past the deadline the server flags A; both pages show the flag and "on time"', async () => {
    await advance(12_000);
    await A.waitForSelector('#players .clock.p1.flagged');
    await B.waitForSelector('#players .clock.p1.flagged');
    await A.waitForSelector('#banner[data-reason="timeout"]');
    check((await A.textContent('#banner')).includes('on time'), 'A\'s banner says "on time"');
    check((await B.textContent('#banner')).includes('por tempo'), 'B\'s banner says "por tempo"');
    check((await clockText(A, 1)).trim() === '0.0', `A's clock shows ${await clockText(A, 1)}`);
    check((await B.textContent('#players .clock.p1 .clock-flag')).includes('Tempo esgotado'), 'B sees the flag in Portuguese');
    check((await A.textContent('#log')).includes('ran out of time'), 'A\'s log says who ran out of time');
    await shot(A, '03-flag');
  });

  for (const p of [A, B]) await p.context().close().catch(() => {});
  return results;
}
