// The QU4DRI browser scenario: A creates a QU4DRI match from a position (Green), B joins from
// the link on a phone (Red), C watches. They play a shift, a drop, a multi-capture chosen step
// by step (only legal continuations offered; mandatory capture explained) and a flip; every
// page draws the same grid and the spectator's page never shows an unrevealed value.
// Then K plays a match on one device with the keyboard alone — a flip, a shift, a drop, a move
// and a capture — on a board that is an ARIA grid whose cells are named and keep the focus.
import { check, steps, newPage, screenshots, waitVersion, noticeFor } from './steps.mjs';
import { watchedPage, checkCellFocus, waitCellFocus, cursorTo, tabTo, modeUntil } from './keys.mjs';

const MOONS = ['new', 'waxing', 'full', 'waning'];
const DIRS = ['N', 'S', 'E', 'W'];
const FILES = 'abcdefghij';

// The standard 32-talisman grid (dark cells of b2–i9, green on even ranks), values 1..4.
function grid() {
  const tiles = [];
  const used = { green: 0, red: 0 };
  for (let r = 2; r <= 9; r++)
    for (let f = 2; f <= 9; f++) {
      if ((f + r) % 2) continue;
      const aura = r % 2 === 0 ? 'green' : 'red';
      const i = used[aura]++;
      tiles.push({
        at: `${FILES[f - 1]}${r}`,
        aura,
        moon: MOONS[Math.floor(i / 4)],
        dir: DIRS[i % 4],
        value: 1 + ((i * 3 + r) % 4),
        side: 'energy',
        revealed: false,
      });
    }
  return tiles;
}

// Green to move. b6 (green) already shows its location side, so it may be shifted. Red's drop
// on d4 opens the double capture c3 × d4 → e5 × d6 → c7 for Green.
export function quadriPosition() {
  const tiles = grid();
  const b6 = tiles.find((t) => t.at === 'b6');
  b6.side = 'location';
  b6.revealed = true;
  return {
    game: 'quadri',
    to_move: 1,
    energy: [32, 32],
    hand: [0, 1],
    quiet_actions: 0,
    options: { majority: false, quiet_limit: 80 },
    tiles,
    predictors: [
      { at: 'c3', owner: 1 },
      { at: 'h2', owner: 1 },
      { at: 'd6', owner: 2 },
      { at: 'i9', owner: 2 },
    ],
  };
}

// Green to move, with one predictor in hand; Red's i7 shows its location side (it may be
// shifted to j8). Green flips b4, Red shifts i7 to j8, Green drops on f4, Red steps d6–e5, and
// Green must capture f4 × e5 → d6.
export function keyboardPosition() {
  const tiles = grid();
  const i7 = tiles.find((t) => t.at === 'i7');
  i7.side = 'location';
  i7.revealed = true;
  return {
    game: 'quadri',
    to_move: 1,
    energy: [32, 32],
    hand: [1, 0],
    quiet_actions: 0,
    options: { majority: false, quiet_limit: 80 },
    tiles,
    predictors: [
      { at: 'c3', owner: 1 },
      { at: 'h2', owner: 1 },
      { at: 'd6', owner: 2 },
      { at: 'i9', owner: 2 },
    ],
  };
}

const gridOf = (page) =>
  page.evaluate(() => {
    const board = document.querySelector('.q-board');
    if (!board) return null;
    const cells = {};
    for (const c of board.querySelectorAll('.q-cell'))
      if (c.dataset.tile || c.dataset.pred) cells[c.dataset.cell] = `${c.dataset.tile}|${c.dataset.pred}`;
    return {
      version: Number(board.dataset.version),
      cells: Object.keys(cells)
        .sort()
        .map((k) => `${k}=${cells[k]}`)
        .join(' '),
    };
  });
// Tiles drawn with a value although not revealed (must be none while the game runs).
const hiddenShown = (page) => page.$$eval('.q-tile:not(.revealed) .q-value', (els) => els.length);

export async function quadriScenario({ browser, url, out }) {
  const { results, step } = steps();
  const shot = screenshots(out, { prefix: 'quadri-' });
  const A = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const B = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const C = await newPage(browser, { viewport: { width: 1180, height: 860 } });
  const pages = [A, B, C];
  const click = (page, cell) => page.click(`.q-cell[data-cell="${cell}"]`);
  const same = async (version) => {
    await Promise.all(pages.map((p) => waitVersion(p, version, '.q-board')));
    const [a, b, c] = await Promise.all(pages.map(gridOf));
    check(a.cells === b.cells, `A and B differ at v${version}`);
    check(a.cells === c.cells, `A and C differ at v${version}`);
    check((await hiddenShown(C)) === 0, `the spectator sees an unrevealed value at v${version}`);
    check((await hiddenShown(B)) === 0, `B sees an unrevealed value at v${version}`);
    return a;
  };
  // The cells highlighted as the last turn, sorted.
  const lastOf = (page) => page.$$eval('.q-cell.last', (els) => els.map((e) => e.dataset.cell).sort());
  let link = '';

  await step('quadri: A creates a QU4DRI match from a position; B joins as Red on a phone; C watches', async () => {
    await A.goto(url);
    await A.click('.game-card.g-quadri');
    await A.click('.advanced summary');
    await A.fill('#opt-position', JSON.stringify(quadriPosition()));
    await A.click('#create-btn');
    await A.waitForSelector('#share-code');
    link = await A.inputValue('#share-link');
    await A.click('#go-match');
    await A.waitForSelector('.q-cell[data-cell="c3"][data-pred="1"]');
    await A.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Green'));
    await B.goto(link);
    await B.click('#join-player');
    await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Red'));
    await C.goto(link);
    await C.click('#join-watch');
    await C.waitForFunction(() => document.querySelector('#role .spectator'));
    const g = await same(0);
    check(g.cells.includes('b6=green:location:'), 'b6 shows its location side');
    check((await A.textContent('.q-player.p1 .q-energy-n')).trim() === '32', 'Green energy 32');
    check((await C.$$eval('.q-cell.ring', (els) => els.length)) > 0, 'the empty ring is drawn');
    await shot(A, '01-start');
  });

  await step('quadri: every click that can do nothing says why, on the board', async () => {
    await click(B, 'd6');
    check((await noticeFor(B, 'not_your_turn')).includes('not your turn'), "Red's click on Green's turn");
    await click(C, 'c3');
    check((await noticeFor(C, 'spectator')).includes('Spectators'), "a spectator's click");
    await click(A, 'a1');
    check((await noticeFor(A, 'empty')).includes('No predictor of yours'), 'an empty cell with nothing selected');
    await click(A, 'd6');
    check((await noticeFor(A, 'not_your_piece')).includes('not yours'), "Red's predictor");
    await A.click('#act-shift');
    await click(A, 'a1');
    check((await noticeFor(A, 'shift_from')).includes('location side'), 'a shift needs its talisman first');
    await click(A, 'b6');
    await click(A, 'e5'); // not next to b6: the server says why
    check((await noticeFor(A, 'illegal_path')).includes('not a legal move'), 'a shift the server refuses');
    await A.click('#act-shift');
    await same(0);
  });

  await step('quadri: Green shifts the location-side talisman b6 to a7', async () => {
    await A.click('#act-shift');
    await click(A, 'b6');
    const targets = await A.$$eval('.q-cell.target', (els) => els.map((e) => e.dataset.cell).sort());
    check(targets.includes('a7') && targets.includes('a5'), `b6 may go to a5 or a7: ${targets}`);
    await click(A, 'a7');
    const g = await same(1);
    check(g.cells.includes('a7=green:location:') && !g.cells.includes('b6='), 'the talisman moved to a7');
  });

  await step('quadri: Red drops a predictor on d4', async () => {
    await B.click('#act-drop');
    await click(B, 'd4');
    const g = await same(2);
    check(g.cells.includes('d4=green:energy:?|2'), `Red predictor on d4: ${g.cells}`);
    check((await B.textContent('.q-player.p2 [data-hand="2"]')).trim() === '0', 'Red hand now 0');
    check((await lastOf(A)).join() === 'd4', `Green sees Red's drop highlighted: ${await lastOf(A)}`);
    const fits = await B.evaluate(
      () => document.querySelector('.q-board').getBoundingClientRect().right <= window.innerWidth
    );
    check(fits, 'the grid fits the phone width');
    await shot(B, '02-phone');
  });

  await step('quadri: mandatory capture is explained; the double capture is chosen step by step', async () => {
    await B.evaluate(() => window.scrollTo(0, 0));
    await click(A, 'h2');
    check(
      (await A.textContent('#q-hint')).includes('capture elsewhere is mandatory'),
      'a blocked predictor explains the mandatory capture'
    );
    check((await noticeFor(A, 'capture_required')).includes('must capture'), 'and so does the notice on the board');
    check(await A.isDisabled('#act-flip'), 'flips are blocked by the capture');
    await click(A, 'c3');
    let targets = await A.$$eval('.q-cell.target', (els) => els.map((e) => e.dataset.cell));
    check(targets.join() === 'e5', `first landing e5 only: ${targets}`);
    await click(A, 'e5');
    targets = await A.$$eval('.q-cell.target', (els) => els.map((e) => e.dataset.cell));
    check(targets.join() === 'c7', `only the legal continuation c7: ${targets}`);
    check(
      (await A.getByRole('gridcell', {
        name: /^e5, .*, a landing of the move so far, can capture$|^e5, .*, a landing of the move so far$/,
      }).count()) === 1,
      'e5 is named as a landing of the move so far'
    );
    check(
      (await A.getByRole('gridcell', { name: /^c7, .*, next landing of the move$/ }).count()) === 1,
      'c7 is named as the next landing'
    );
    await shot(A, '02-path');
    await click(A, 'c7');
    const g = await same(3);
    check(g.cells.includes('c7=red:energy:?|1'), 'c7 holds Green');
    check(!/d4=[^ ]*\|2/.test(g.cells) && !/d6=[^ ]*\|2/.test(g.cells), 'd4 and d6 captured');
    check(
      /d4=green:location:\d/.test(g.cells) && /d6=green:location:\d/.test(g.cells),
      'both talismans flipped and revealed'
    );
    const v4 = Number(/d4=green:location:(\d)/.exec(g.cells)[1]);
    const v6 = Number(/d6=green:location:(\d)/.exec(g.cells)[1]);
    for (const p of pages)
      check(
        (await p.textContent('.q-player.p1 .q-energy-n')).trim() === String(32 + v4 + v6),
        'Green gained both values'
      );
    const last = await lastOf(B);
    check(
      ['c3', 'e5', 'c7', 'd4', 'd6'].every((c) => last.includes(c)),
      `Red sees Green's whole capture highlighted: ${last}`
    );
    check((await B.evaluate(() => window.scrollY)) === 0, 'the phone page did not scroll by itself');
  });

  await step('quadri: Red flips its talisman c5; a spectator never saw a hidden value', async () => {
    await click(B, 'c5'); // not a predictor: selects nothing, and says why
    await noticeFor(B, 'empty');
    await B.click('#act-flip');
    await click(B, 'c5');
    const g = await same(4);
    check(/c5=red:location:\d/.test(g.cells), 'c5 shows its location side and value');
    check(
      (await lastOf(A)).join() === 'c5' && (await lastOf(C)).join() === 'c5',
      `Red's flip is highlighted: ${await lastOf(C)}`
    );
    check((await C.textContent('#log')).includes('c5 flips to its location side'), 'the spectator log names the flip');
    await shot(C, '03-spectator');
  });
  for (const p of pages)
    await p
      .context()
      .close()
      .catch(() => {});
  await keyboardSteps({ browser, url, step, shot });
  return results;
}

// A QU4DRI match on one device played with the keyboard only (page.keyboard; no click on the board).
async function keyboardSteps({ browser, url, step, shot }) {
  const { page: K, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const host = (seat) => `.local-seat[data-seat="${seat}"]`;
  const named = (seat, name) =>
    K.locator(host(seat))
      .getByRole('gridcell', { name, exact: typeof name === 'string' })
      .count();
  const announced = (text) =>
    K.waitForFunction((x) => document.querySelector('#announce')?.textContent.includes(x), text);
  // Presses M until the mode's button of seat's table is pressed ('idle': none is).
  const mode = (seat, m) =>
    modeUntil(
      K,
      ([h, m]) => {
        const on = [...document.querySelectorAll(`${h} .actions .act[aria-pressed="true"]`)].map((b) =>
          b.id.replace('act-', '')
        );
        return m === 'idle' ? on.length === 0 : on.join() === m;
      },
      [host(seat), m]
    );
  // After seat's action: version v on its board, the turn passed and the focus on the other table's board.
  const played = async (seat, v) => {
    await waitVersion(K, v, `${host(seat)} .q-board`);
    await K.waitForFunction((s) => document.querySelector('#table')?.dataset.active === String(3 - s), seat);
    await waitCellFocus(K, 3 - seat);
  };
  const cellOf = (seat, c) =>
    K.$eval(`${host(seat)} .q-cell[data-cell="${c}"]`, (e) => `${e.dataset.tile}|${e.dataset.pred}`);

  await step(
    'quadri keyboard: a match on this device from a position; Tab reaches the grid, which is named',
    async () => {
      await K.goto(url);
      await K.click('.game-card.g-quadri');
      await K.selectOption('#opt-opponent', 'local');
      await K.click('.advanced summary');
      await K.fill('#opt-position', JSON.stringify(keyboardPosition()));
      await K.click('#create-btn');
      await K.waitForSelector(`${host(1)}:not([hidden]) .q-cell[data-cell="c3"][data-pred="1"]`);
      await tabTo(K, `${host(1)} .q-cell`);
      const f = await checkCellFocus(K, 'Tab', 1);
      check(f.cell === 'a1', `the grid's tab stop is Green's near left corner: ${f.cell}`);
      check((await K.getAttribute(`${host(1)} .q-board`, 'role')) === 'grid', 'the board is a grid');
      check((await K.locator(host(1)).getByRole('row').count()) === 10, 'ten rows');
      check((await K.locator(host(1)).getByRole('gridcell').count()) === 100, 'a hundred cells');
      check((await K.$$eval(`${host(1)} .q-cell[tabindex="0"]`, (e) => e.length)) === 1, 'one cell in the tab order');
      check(
        (await named(1, 'c3, red talisman, new moon, N, energy side up, value hidden, your pawn')) === 1,
        'c3 is named with its talisman and pawn'
      );
      check((await named(1, /^d6, green talisman, .*, Red pawn$/)) === 1, "d6 is named with Red's pawn");
      check((await named(1, 'a1, empty cell')) === 1, 'a1 is an empty cell of the play area');
      check(
        (await K.textContent(`${host(1)} .q-keys`)).includes('M cycles Drop, Flip and Shift'),
        'the keys are told beside the board'
      );
    }
  );

  await step('quadri keyboard: Green flips b4 (M to Flip, the arrows, Enter)', async () => {
    await K.keyboard.press('m');
    check(
      (await K.getAttribute(`${host(1)} #act-drop`, 'aria-pressed')) === 'true',
      'M enters the first mode offered: Drop'
    );
    await K.keyboard.press('Escape');
    await mode(1, 'idle');
    await mode(1, 'flip');
    check((await K.textContent(`${host(1)} #q-hint`)).startsWith('Flip:'), 'the hint names the mode');
    await cursorTo(K, 'b4');
    check((await named(1, /^b4, green talisman, .*can be flipped$/)) === 1, 'b4 is named as a talisman to flip');
    await K.keyboard.press('Enter');
    await played(1, 1);
    await announced('b4 flips to its location side');
    check(/^green:location:\d/.test(await cellOf(2, 'b4')), 'b4 shows its location side');
  });

  await step('quadri keyboard: Red shifts i7 to j8', async () => {
    await mode(2, 'shift');
    await cursorTo(K, 'i7');
    await K.keyboard.press('Enter');
    check((await named(2, /^j8, empty cell, shift here$/)) === 1, 'j8 is named as a place to shift to');
    await cursorTo(K, 'j8');
    await K.keyboard.press('Enter');
    await played(2, 2);
    await announced('shifts the talisman i7 → j8');
    check(
      /^red:location:\d/.test(await cellOf(1, 'j8')) && (await cellOf(1, 'i7')) === '|',
      'the talisman moved to j8'
    );
  });

  await step('quadri keyboard: Green drops a predictor on f4', async () => {
    await mode(1, 'drop');
    await cursorTo(K, 'f4');
    await K.keyboard.press(' ');
    await played(1, 3);
    await announced('drops a predictor on f4');
    check((await cellOf(2, 'f4')).endsWith('|1'), 'Green on f4');
  });

  await step('quadri keyboard: Red steps d6–e5 (Enter on the pawn, then on its landing)', async () => {
    await cursorTo(K, 'd6');
    await K.keyboard.press('Enter');
    check((await named(2, /^d6, .*your pawn, selected$/)) === 1, 'd6 is named selected');
    check((await named(2, /^e5, .*next landing of the move$/)) === 1, 'e5 is named as a landing');
    await cursorTo(K, 'e5');
    await K.keyboard.press('Enter');
    await played(2, 4);
    await announced('Red: d6 → e5');
  });

  await step('quadri keyboard: Green must capture and does: f4 × e5 → d6', async () => {
    check(
      (await named(1, /^f4, .*your pawn, can capture, last turn$|^f4, .*your pawn, can capture$/)) === 1,
      'f4 is named as able to capture'
    );
    await cursorTo(K, 'f4');
    await K.keyboard.press('Enter');
    await K.keyboard.press('Escape');
    await K.waitForSelector(`${host(1)} .q-cell.selected`, { state: 'detached' });
    await K.keyboard.press('Enter');
    await cursorTo(K, 'd6');
    await K.keyboard.press('Enter');
    await played(1, 5);
    await announced('captures: f4 → d6');
    check((await cellOf(2, 'd6')).endsWith('|1') && (await cellOf(2, 'e5')).endsWith('|'), 'e5 captured, Green on d6');
    const red = Number((await K.textContent(`${host(2)} .q-player.p2 .q-energy-n`)).trim());
    check(red < 32, `Red lost the value of its own talisman: ${red}`);
    check(
      (await named(2, /^e5, red talisman, .*location side up, \d, last turn$/)) === 1,
      'e5 is named flipped, as the last turn'
    );
    await shot(K, 'keyboard');
    await K.setViewportSize({ width: 390, height: 844 });
    await checkCellFocus(K, 'on a phone-sized screen', 2);
    await shot(K, 'keyboard-phone');
    check(problems.length === 0, `no console error, exception or CSP violation: ${problems.join(' | ')}`);
  });
  await K.context()
    .close()
    .catch(() => {});
}
