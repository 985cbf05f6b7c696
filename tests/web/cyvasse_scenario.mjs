// The Cyvasse browser scenario: A creates a Cyvasse match and places its army by hand (one
// piece dragged, the rest clicked), B joins by the link on a phone-sized screen and takes the
// standard preset, C watches; nothing of A's placement reaches B or C before B submits; then
// A's Trebuchet shoots (a ranged capture), B moves, A's light horse captures — on every page.
// Then K plays a match on one device with the keyboard alone: White's whole set-up piece by
// piece, Black's by the Standard preset, a shot and a move, the board an ARIA grid whose cells
// are named and keep the focus.
import { STEP_TIMEOUT_MS, check, steps, newPage, screenshots, waitVersion, noticeFor } from './steps.mjs';
import { watchedPage, checkCellFocus, waitCellFocus, cursorTo, tabTo, modeUntil } from './keys.mjs';

// Seat 1's army: the standard formation with the Trebuchet on f4 (4 squares below the
// spearman f8 of B's standard formation) and a light horse on j4 (diagonal to g7).
export const HAND = [
  ['king', 'e1'],
  ['light_horse', 'a1'],
  ['heavy_horse', 'b1'],
  ['elephant', 'c1'],
  ['trebuchet', 'f4'],
  ['tower', 'f1'],
  ['dragon', 'g1'],
  ['elephant', 'h1'],
  ['heavy_horse', 'i1'],
  ['light_horse', 'j4'],
  ['crossbow', 'b2'],
  ['spearman', 'c2'],
  ['militia', 'd2'],
  ['militia', 'e2'],
  ['militia', 'f2'],
  ['militia', 'g2'],
  ['spearman', 'h2'],
  ['crossbow', 'i2'],
  ['spearman', 'e3'],
];

export async function cyvasseScenario({ browser, url, out }) {
  const { results, step } = steps({ prefix: 'cyvasse: ' });
  const shot = screenshots(out, { prefix: 'cyvasse-' });
  const frames = { B: [], C: [] };
  // A page that records, if asked, the WebSocket frames it receives into frames[record].
  const open = async (opts, record) => {
    const page = await newPage(browser, opts);
    if (record) page.on('websocket', (ws) => ws.on('framereceived', (f) => frames[record].push(String(f.payload))));
    return page;
  };
  const A = await open({ viewport: { width: 1280, height: 900 } });
  const B = await open(
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    'B'
  );
  const C = await open({ viewport: { width: 1180, height: 860 } }, 'C');
  const pages = [A, B, C];
  const sq = (s) => `.cy-sq[data-sq="${s}"]`;
  const allAt = (v) => Promise.all(pages.map((p) => waitVersion(p, v, '.cy-board')));
  const pieceOn = (page, s) =>
    page.$eval(sq(s), (c) => {
      const p = c.querySelector('.cy-piece');
      return p ? `${p.dataset.owner}:${p.dataset.kind}` : '';
    });
  // The squares highlighted as the last turn, sorted.
  const lastOf = (page) => page.$$eval('.cy-sq.last', (els) => els.map((e) => e.dataset.sq).sort());
  let link = '';

  await step('A creates a Cyvasse match', async () => {
    await A.goto(url, { timeout: STEP_TIMEOUT_MS });
    await A.waitForSelector('#create-btn');
    check(await A.isEnabled('input[name="game"][value="cyvasse"]'), 'Cyvasse selectable');
    await A.check('input[name="game"][value="cyvasse"]');
    await A.click('#create-btn');
    await A.waitForSelector('#share-code');
    link = await A.inputValue('#share-link');
    await A.click('#go-match');
    await A.waitForSelector('.cy-board');
    await A.waitForSelector('.cy-kind[data-kind="king"]');
  });

  await step('B joins by the link on a phone, C watches; everyone sees the set-up screen', async () => {
    await B.goto(link);
    await B.click('#join-player');
    await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Black'));
    await B.waitForSelector('.cy-kind[data-kind="king"]');
    await C.goto(link);
    await C.click('#join-watch');
    await C.waitForSelector('#cy-wait');
    check(
      (await C.textContent('#cy-wait')).includes('Both players are setting up'),
      'the spectator is told both are setting up'
    );
    const width = await B.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `the phone page fits 390 px (${width})`);
    await shot(B, 'setup-phone');
  });

  await step('A places the army by hand (drag and click), with counters; mountains are refused', async () => {
    await A.dragAndDrop('.cy-kind[data-kind="king"]', sq('e1'));
    check((await pieceOn(A, 'e1')) === '1:king', 'the King was dragged onto e1');
    check((await A.textContent('.cy-kind[data-kind="king"] small')).includes('0'), 'no King left to place');
    for (const [kind, at] of HAND.slice(1)) {
      await A.click(`.cy-kind[data-kind="${kind}"]`);
      await A.click(sq(at));
    }
    check(await A.isDisabled('.cy-kind[data-kind="militia"]'), 'the militia button is spent');
    check((await A.textContent('.cy-kind[data-kind="militia"] small')).includes('0'), 'every militia placed');
    check((await A.$$eval('.cy-board .cy-piece', (e) => e.length)) === 19, '19 pieces placed');
    await A.click(sq('e5')); // a mountain outside the zone: refused, and why
    check((await pieceOn(A, 'e5')) === '', 'nothing on the mountain');
    check((await noticeFor(A, 'setup_zone')).includes('four ranks'), 'a square outside the zone is explained');
    await shot(A, 'setup-hand');
    await A.click('#cy-confirm');
    await A.waitForSelector('#cy-wait');
    check((await A.textContent('#cy-wait')).includes('Waiting for your opponent'), 'A waits for the opponent');
    await A.click(sq('c3'));
    check((await noticeFor(A, 'setup_waiting')).includes('wait for your opponent'), 'a click after the set-up is in');
  });

  await step("nothing of A's placement reaches B or C before B submits", async () => {
    await Promise.all([waitVersion(B, 1, '.cy-board'), waitVersion(C, 1, '.cy-board')]);
    await new Promise((r) => setTimeout(r, 300));
    for (const who of ['B', 'C']) {
      check(frames[who].length > 0, `${who} received frames`);
      for (const f of frames[who]) {
        check(!f.includes('"owner":1'), `${who} got a piece of A: ${f.slice(0, 200)}`);
        check(!f.includes('"at":"f4"') && !f.includes('"at":"j4"'), `${who} got A's placement: ${f.slice(0, 200)}`);
      }
    }
    check((await C.$$eval('.cy-board .cy-piece', (e) => e.length)) === 0, 'C sees no piece');
    check((await B.$$eval('.cy-board .cy-piece', (e) => e.length)) === 0, 'B sees no piece of A');
  });

  await step('B takes the standard preset; both armies appear on every page', async () => {
    await B.click('#cy-standard');
    await allAt(2);
    for (const p of pages) check((await p.$$eval('.cy-board .cy-piece', (e) => e.length)) === 38, '38 pieces');
    check((await pieceOn(C, 'f4')) === '1:trebuchet' && (await pieceOn(C, 'f10')) === '2:king', 'C sees both armies');
  });

  await step('every click that can do nothing says why, on the board', async () => {
    await B.click(sq('e9'));
    check((await noticeFor(B, 'not_your_turn')).includes('not your turn'), "B's click on A's turn");
    await C.click(sq('e1'));
    check((await noticeFor(C, 'spectator')).includes('Spectators'), "a spectator's click");
    await A.click(sq('a5'));
    check((await noticeFor(A, 'empty')).includes('Empty square'), 'an empty square with nothing selected');
    await A.click(sq('f10'));
    check((await noticeFor(A, 'not_your_piece')).includes('not yours'), "the opponent's King");
    await A.click(sq('f1'));
    check((await noticeFor(A, 'immobile')).includes('Tower never moves'), 'the Tower');
    await A.click(sq('a1')); // the light horse; a8 is beyond its reach: the server says why
    await A.click(sq('a8'));
    check((await noticeFor(A, 'out_of_range')).includes('Too far'), 'a move the server refuses');
    await A.click(sq('a1'));
    await allAt(2);
  });

  await step("A selects the Trebuchet: the server's targets; the ranged shot takes f8 on every page", async () => {
    await A.click(sq('f4'));
    await A.waitForSelector(`${sq('f8')}.capture`);
    const targets = await A.$$eval('.cy-sq.target', (els) => els.map((e) => e.dataset.sq).sort());
    check(targets.includes('f5') && targets.includes('e4'), `the Trebuchet steps: ${targets}`);
    await A.hover(sq('f8'));
    check((await A.textContent('#cy-hint')).includes('Trebuchet f4'), 'hovering f8 names its attacker');
    await A.click(sq('f8'));
    await C.waitForSelector(`${sq('f8')}.fx-shot`, { timeout: 3000 });
    await allAt(3);
    for (const p of pages)
      check(
        (await pieceOn(p, 'f8')) === '' && (await pieceOn(p, 'f4')) === '1:trebuchet',
        'f8 shot, the Trebuchet stayed'
      );
  });

  await step("B moves its crossbow i9-g7; A's light horse captures it", async () => {
    await B.click(sq('i9'));
    await B.click(sq('g7'));
    await allAt(4);
    check((await lastOf(A)).join() === 'g7,i9', `A sees B's move highlighted: ${await lastOf(A)}`);
    await B.evaluate(() => window.scrollTo(0, 0));
    await A.click(sq('j4'));
    await A.waitForSelector(`${sq('g7')}.capture`);
    await A.click(sq('g7'));
    await C.waitForSelector(`${sq('g7')}.fx-capture`, { timeout: 3000 });
    await allAt(5);
    for (const p of pages) check((await pieceOn(p, 'g7')) === '1:light_horse', 'g7 taken by the light horse');
    check((await lastOf(B)).join() === 'g7,j4', `B sees A's capture highlighted: ${await lastOf(B)}`);
    check((await B.evaluate(() => window.scrollY)) === 0, 'the phone page did not scroll by itself');
    check((await lastOf(C)).join() === 'g7,j4', `the spectator sees the last turn highlighted: ${await lastOf(C)}`);
    await shot(C, 'spectator');
    await shot(B, 'play-phone');
  });

  await step("the opponent's last turn stays highlighted after a reload and follows history stepping", async () => {
    await A.reload();
    await waitVersion(A, 5, '.cy-board');
    await A.waitForFunction(
      () =>
        [...document.querySelectorAll('.cy-sq.last')]
          .map((e) => e.dataset.sq)
          .sort()
          .join() === 'g7,i9'
    );
    await C.click('#hist-prev');
    await waitVersion(C, 4, '.cy-board');
    check((await lastOf(C)).join() === 'g7,i9', `the change shown is highlighted: ${await lastOf(C)}`);
    await C.click('#hist-live');
    await waitVersion(C, 5, '.cy-board');
    check((await lastOf(C)).join() === 'g7,j4', `back live: ${await lastOf(C)}`);
  });

  await step('the Portuguese switch translates the Cyvasse screen', async () => {
    await C.evaluate(() => {
      localStorage.setItem('tabuleiro.lang', 'pt-BR');
    });
    await C.reload();
    await C.waitForSelector('.cy-board');
    const legend = await C.textContent('.cy-legend');
    check(legend.includes('Montanha') && legend.includes('Besta'), `legend shown: ${legend.slice(0, 80)}`);
    await C.click(sq('e1'));
    check((await noticeFor(C, 'spectator')).includes('Espectadores'), 'the spectator is told why in Portuguese');
  });

  await keyboardSteps({ browser, url, step, shot });
  for (const p of pages)
    await p
      .context()
      .close()
      .catch(() => {});
  return results;
}

// A Cyvasse match on one device played with the keyboard only (page.keyboard; no click on the board).
async function keyboardSteps({ browser, url, step, shot }) {
  const { page: K, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const host = (seat) => `.local-seat[data-seat="${seat}"]`;
  const pieces = (seat) => K.$$eval(`${host(seat)} .cy-board .cy-piece`, (e) => e.length);
  const named = (seat, name) =>
    K.locator(host(seat))
      .getByRole('gridcell', { name, exact: typeof name === 'string' })
      .count();
  const announced = (text) =>
    K.waitForFunction((x) => document.querySelector('#announce')?.textContent.includes(x), text);

  await step(
    "keyboard: a match on this device; the pass screen's button has the focus, Enter shows White's board",
    async () => {
      await K.goto(url);
      await K.waitForSelector('#create-btn');
      await K.check('input[name="game"][value="cyvasse"]');
      await K.selectOption('#opt-opponent', 'local');
      await K.click('#create-btn');
      await K.waitForSelector('#pass-screen:not([hidden])');
      await K.waitForFunction(() => document.activeElement?.id === 'pass-ready');
      await K.keyboard.press('Enter');
      await K.waitForSelector(`${host(1)}:not([hidden]) .cy-kind[data-kind="king"]`);
      await checkCellFocus(K, 'after the pass screen', 1);
    }
  );

  await step('keyboard: the board is an ARIA grid of named cells with one tab stop', async () => {
    check((await K.getAttribute(`${host(1)} .cy-board`, 'role')) === 'grid', 'the board is a grid');
    check(
      (await K.getAttribute(`${host(1)} .cy-board`, 'aria-label')).includes('White'),
      'the grid says whose side it shows'
    );
    check((await K.locator(host(1)).getByRole('row').count()) === 10, 'ten rows');
    check((await K.locator(host(1)).getByRole('gridcell').count()) === 100, 'a hundred cells');
    check((await K.$$eval(`${host(1)} .cy-sq[tabindex="0"]`, (e) => e.length)) === 1, 'one cell in the tab order');
    check((await named(1, 'e1, your set-up zone')) === 1, 'e1 is named as a square of the set-up zone');
    check((await named(1, 'b5, Mountain')) === 1, 'b5 is named as a mountain');
    check(
      (await K.textContent(`${host(1)} .cy-keys`)).includes('M picks the next kind'),
      'the keys are told beside the board'
    );
  });

  await step('keyboard: White places all 19 pieces with M, the arrows and Enter; Delete takes one back', async () => {
    for (const [i, [kind, at]] of HAND.entries()) {
      await modeUntil(K, ([h, k]) => document.querySelector(`${h} .cy-kind.picked`)?.dataset.kind === k, [
        host(1),
        kind,
      ]);
      await cursorTo(K, at);
      await K.keyboard.press(i % 2 ? 'Enter' : ' ');
      check((await pieces(1)) === i + 1, `${kind} placed on ${at}`);
      await checkCellFocus(K, `after placing the ${kind}`, 1);
    }
    check((await named(1, 'e1, your King, your set-up zone')) === 1, 'e1 is named with its King');
    check(
      (await K.textContent(`${host(1)} #cy-hint`)).includes('All 19 pieces are placed'),
      'the hint says all are placed'
    );
    await cursorTo(K, 'e3');
    await K.keyboard.press('Delete');
    check(
      (await pieces(1)) === 18 && (await K.textContent(`${host(1)} #cy-hint`)).includes('Spearman taken back from e3'),
      'Delete takes the spearman back'
    );
    await K.keyboard.press('Enter');
    check((await pieces(1)) === 19, 'Enter puts it back');
    await shot(K, 'keyboard-setup');
    await tabTo(K, `${host(1)} #cy-confirm`);
    await K.keyboard.press('Enter');
  });

  await step('keyboard: the pass screen for Black has the focus; Black takes the Standard preset', async () => {
    await K.waitForFunction(
      () =>
        document.querySelector('#pass-title')?.textContent.includes('Black') &&
        !document.querySelector('#pass-screen').hidden
    );
    await K.waitForFunction(() => document.activeElement?.id === 'pass-ready');
    await K.keyboard.press('Enter');
    await K.waitForSelector(`${host(2)}:not([hidden]) .cy-kind[data-kind="king"]`);
    await checkCellFocus(K, "Black's board", 2);
    check((await named(2, 'j10, your set-up zone')) === 1, "Black's cursor corner is j10");
    await tabTo(K, `${host(2)} #cy-standard`);
    await K.keyboard.press('Enter');
    await K.waitForFunction(
      () => document.querySelector('.local-seat[data-seat="1"] .cy-board')?.dataset.phase === 'play'
    );
    await K.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
    await waitCellFocus(K, 1);
    check((await pieces(1)) === 38, "both armies on White's board");
    check((await named(1, /^e1, your King, armor \d/)) === 1, 'e1 is named with its King and armor');
    check((await named(1, /^f10, Black King, armor \d/)) === 1, "f10 is named with Black's King");
  });

  await step("keyboard: White's Trebuchet shoots f8; the shot is read out; the focus is on Black's board", async () => {
    await cursorTo(K, 'f4');
    await K.keyboard.press('Enter');
    await K.waitForSelector(`${host(1)} .cy-sq[data-sq="f8"].capture`);
    check((await named(1, /^f4, your Trebuchet, .*selected/)) === 1, 'f4 is named selected');
    check((await named(1, /^f8, Black Spearman, .*can capture here/)) === 1, 'f8 is named as a capture');
    await K.keyboard.press('Escape');
    await K.waitForSelector(`${host(1)} .cy-sq.selected`, { state: 'detached' });
    await K.keyboard.press('Enter');
    await cursorTo(K, 'f8');
    await K.keyboard.press('Enter');
    await waitVersion(K, 3, `${host(1)} .cy-board`);
    await announced('Trebuchet f4 shoots the Spearman on f8');
    check((await K.getAttribute('#announce', 'aria-live')) === 'polite', 'a polite live region');
    await K.waitForFunction(() => document.querySelector('#table')?.dataset.active === '2');
    await waitCellFocus(K, 2);
  });

  await step(
    "keyboard: Black moves its crossbow i9–g7; the move is read out; the focus is back on White's board",
    async () => {
      await cursorTo(K, 'i9');
      await K.keyboard.press('Enter');
      await cursorTo(K, 'g7');
      await K.keyboard.press(' ');
      await waitVersion(K, 4, `${host(2)} .cy-board`);
      await announced('Crossbow i9–g7');
      await K.waitForFunction(() => document.querySelector('#table')?.dataset.active === '1');
      await waitCellFocus(K, 1);
      check((await named(1, /^g7, Black Crossbow, .*last move/)) === 1, 'g7 is named as the last move');
      await shot(K, 'keyboard-play');
      await K.setViewportSize({ width: 390, height: 844 });
      await checkCellFocus(K, 'on a phone-sized screen', 1);
      await shot(K, 'keyboard-play-phone');
      check(problems.length === 0, `no console error, exception or CSP violation: ${problems.join(' | ')}`);
    }
  );
  await K.context()
    .close()
    .catch(() => {});
}
