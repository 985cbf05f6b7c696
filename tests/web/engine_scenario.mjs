// Online play with the browser's engine: a player's page joins with `legal: false`, so the
// server's joined and patch frames carry no legal list, and the page still shows its targets
// (computed by the WebAssembly engine in a worker from the seat's own view). In each game an
// action the engine refuses (a TAIXU summon off the home edge, a Cyvasse set-up with one piece,
// a QU4DRI step its predictor cannot take) is explained with the rules' sentence, and no `act` frame
// leaves the page. A spectator's page is unchanged (no engine, no option).
import { check, steps, newPage, screenshots, noticeFor, waitVersion } from './steps.mjs';

// page with a record of the WebSocket frames it sends and receives (parsed).
async function recordedPage(browser, opts) {
  const page = await newPage(browser, opts);
  page.frames_sent = [];
  page.frames_received = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      try {
        page.frames_sent.push(JSON.parse(f.payload));
      } catch {
        /* binary */
      }
    });
    ws.on('framereceived', (f) => {
      try {
        page.frames_received.push(JSON.parse(f.payload));
      } catch {
        /* binary */
      }
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') page.console_errors = [...(page.console_errors || []), m.text()];
  });
  return page;
}

// Does click (an action the seat's engine refuses) and checks the refusal: the notice on the
// board says the rule code's sentence, and no act frame left the page.
async function refusedLocally(page, code, click) {
  const acts = page.frames_sent.filter((f) => f.type === 'act').length;
  await click();
  const text = await noticeFor(page, code);
  check(page.frames_sent.filter((f) => f.type === 'act').length === acts, `the refused action (${code}) was not sent`);
  return text;
}

// Creates a match of game on the home page of A, opens it, and seats B by its link.
async function startMatch(A, B, url, game) {
  await A.goto(url);
  await A.waitForSelector('#create-btn');
  await A.check(`input[name="game"][value="${game}"]`);
  await A.click('#create-btn');
  await A.waitForSelector('#share-code');
  const link = await A.inputValue('#share-link');
  await A.click('#go-match');
  await B.goto(link);
  await B.click('#join-player');
  return link;
}

// Checks what page sent and received: its join asked for no legal list, and the server's
// joined, patch and snapshot frames held none.
function checkFrames(page, who) {
  const join = page.frames_sent.find((f) => f.type === 'join');
  check(join && join.legal === false, `${who} joined with legal:false: ${JSON.stringify(join)}`);
  const turns = page.frames_received.filter((f) => ['joined', 'patch', 'snapshot'].includes(f.type));
  check(turns.length > 0, `${who} received the match`);
  check(
    turns.every((f) => !('legal' in f) && !('expects' in f)),
    `${who}: no legal list or expects came from the server`
  );
  check(
    turns.every((f) => Array.isArray(f.to_act)),
    `${who}: every frame still says whose turn it is`
  );
  check(!page.console_errors, `${who}: no console errors: ${page.console_errors}`);
}

export async function engineScenario({ browser, url, out }) {
  const { results, step } = steps({ prefix: 'engine: ' });
  const shot = screenshots(out, { prefix: 'engine-' });

  await step(
    "TAIXU: the server sends no legal list; each seat's engine shows its summon squares and refuses one off the home edge with its sentence; a summon and an end of turn are played",
    async () => {
      const A = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
      const B = await recordedPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await startMatch(A, B, url, 'taixu');
      await A.waitForSelector('#act-summon:not([disabled])');
      await A.click('#act-summon');
      await A.waitForSelector('.sq.target');
      const targets = await A.$$eval('.sq.target', (els) => els.map((e) => e.dataset.sq));
      check(targets.length > 0 && targets.every((s) => s.endsWith('8')), `summon squares on rank 8: ${targets}`);
      // An empty square off the home edge: the engine refuses the summon, with its sentence.
      const off = await A.$$eval('.sq[data-piece=""]:not(.target)', (els) =>
        els.map((e) => e.dataset.sq).filter((q) => q.endsWith('7'))
      );
      check(off.length > 0, 'an empty square on rank 7');
      const said = await refusedLocally(A, 'not_home_edge', () => A.click(`.sq[data-sq="${off[0]}"]`));
      console.log(`  (refusal shown: "${said}")`);
      if (!(await A.$('.sq.target'))) await A.click('#act-summon');
      await A.click(`.sq[data-sq="${targets[0]}"]`);
      await waitVersion(B, 1);
      // Seat 1 ends its turn; seat 2's engine now shows its own summon squares, on rank 1.
      await A.click('#act-end_turn');
      await B.waitForSelector('#act-summon:not([disabled])');
      await B.click('#act-summon');
      await B.waitForSelector('.sq.target');
      const theirs = await B.$$eval('.sq.target', (els) => els.map((e) => e.dataset.sq));
      check(theirs.length > 0 && theirs.every((s) => s.endsWith('1')), `seat 2's summon squares on rank 1: ${theirs}`);
      checkFrames(A, 'seat 1');
      checkFrames(B, 'seat 2');
      await shot(A, 'taixu');
      await A.context().close();
      await B.context().close();
    }
  );

  await step(
    'Cyvasse: a set-up with one piece is refused by the engine, with the sentence and no act frame',
    async () => {
      const A = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
      const B = await recordedPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await startMatch(A, B, url, 'cyvasse');
      await A.waitForSelector('.cy-kind[data-kind="king"]');
      await A.click('.cy-kind[data-kind="king"]');
      await A.click('.cy-sq[data-sq="e1"]');
      const actsBefore = A.frames_sent.filter((f) => f.type === 'act').length;
      await A.click('#cy-confirm');
      const text = await noticeFor(A, 'bad_setup');
      check(A.frames_sent.filter((f) => f.type === 'act').length === actsBefore, 'the refused set-up was not sent');
      await shot(A, 'cyvasse-refused');
      // The standard set-up is accepted by the engine and the server alike.
      await A.click('#cy-standard');
      await A.waitForFunction(() => document.querySelector('.cy-ready'));
      check(A.frames_sent.filter((f) => f.type === 'act').length === actsBefore + 1, 'the standard set-up was sent');
      checkFrames(A, 'seat 1');
      console.log(`  (refusal shown: "${text}")`);
      await A.context().close();
      await B.context().close();
    }
  );

  await step(
    'QU4DRI: the engine shows the moves of a selected predictor and refuses a step it cannot take, with its sentence; a spectator joins as before',
    async () => {
      const A = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
      const B = await recordedPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const link = await startMatch(A, B, url, 'quadri');
      await A.waitForSelector('.q-cell[data-pred="1"]');
      const mine = await A.$$eval('.q-cell[data-pred="1"]', (els) => els.map((e) => e.dataset.cell));
      let shown = [];
      for (const cell of mine) {
        await A.click(`.q-cell[data-cell="${cell}"]`);
        shown = await A.$$eval('.q-cell.target', (els) => els.map((e) => e.dataset.cell));
        if (shown.length) break;
      }
      check(shown.length > 0, 'a predictor of seat 1 shows where it may go');
      // A step to an empty cell it does not show: the engine refuses the path, with its sentence.
      const away = await A.$$eval('.q-cell.tile[data-pred=""]:not(.target)', (els) => els.map((e) => e.dataset.cell));
      check(away.length > 0, 'an empty talisman the predictor cannot reach');
      const said = await refusedLocally(A, 'illegal_path', () =>
        A.click(`.q-cell[data-cell="${away[away.length - 1]}"]`)
      );
      console.log(`  (refusal shown: "${said}")`);
      const C = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
      await C.goto(link);
      await C.click('#join-watch');
      await C.waitForSelector('.q-board');
      const join = C.frames_sent.find((f) => f.type === 'join');
      check(join && !('legal' in join), 'a spectator joins without the option');
      checkFrames(A, 'seat 1');
      await shot(A, 'quadri');
      for (const p of [A, B, C]) await p.context().close();
    }
  );

  return results;
}
