// Browser tests of match history, replay and export (issue 14) against a server that answers
// `history` and GET /api/matches/{code}/log: the move list after a reload and for a late
// spectator (the same list as the players', redacted), the other side's whole last turn
// highlighted after a reload, stepping back and forward while the game goes on, the replay
// of a finished match from its link, and its exported log replayed through `tabuleiro engine`
// to the final position.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { POSITION } from './scenario.mjs';
import { STEP_TIMEOUT_MS, check, steps, newPage, screenshots, waitVersion } from './steps.mjs';

// The move list as a page draws it: turn headings and move lines, "(you)" left out.
const movesOf = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#move-list .turn-group')].map((g) => ({
      title: g.querySelector('.turn-title').textContent.replace(/ \((you|você)\)/g, ''),
      moves: [...g.querySelectorAll('.move')].map(
        (m) => `${m.dataset.version}:${m.textContent.replace(/ \((you|você)\)/g, '')}`
      ),
    }))
  );
const piecesOf = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.board .sq')]
        .filter((c) => c.dataset.piece)
        .map((c) => [c.dataset.sq, c.dataset.piece])
        .sort()
    )
  );
const shownVersion = (page) => page.evaluate(() => Number(document.querySelector('.board')?.dataset.version));
const waitMoves = (page, v) =>
  page.waitForSelector(`#move-list .move[data-version="${v}"]`, { timeout: STEP_TIMEOUT_MS });

// Does the server keep match logs? (A server before issue 14 answers 404 for /log.)
export async function serverHasHistory(url) {
  const res = await fetch(`${url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'taixu', visibility: 'unlisted' }),
  });
  const { code } = await res.json();
  return (await fetch(`${url}/api/matches/${code}/log`)).ok;
}

export async function historyScenario({ browser, url, out, binary }) {
  const { results, step } = steps();
  const shot = screenshots(out);
  // A page at 1280 × 900 unless the context options opts say otherwise.
  const open = (opts = {}) => newPage(browser, { viewport: { width: 1280, height: 900 }, ...opts });
  const A = await open({ acceptDownloads: true });
  const B = await open();
  const click = (page, sq) => page.click(`.sq[data-sq="${sq}"]`);
  let code = '';
  let S = null;

  await step("history: a played turn is listed by turn on both players' pages", async () => {
    const res = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'taixu', position: POSITION, visibility: 'unlisted' }),
    });
    const created = await res.json();
    code = created.code;
    await A.goto(url);
    await A.evaluate(
      ([c, s, tok]) => localStorage.setItem(`tabuleiro.seat.${c}`, JSON.stringify({ seat: s, token: tok })),
      [code, created.seat, created.token]
    );
    await A.goto(`${url}/m/${code}`);
    await B.goto(`${url}/m/${code}`);
    await B.click('#join-player');
    await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 2'));
    await click(A, 'd7');
    await click(A, 'd5'); // v1: capture
    await waitVersion(A, 1);
    await click(A, 'd5');
    await A.click('#act-stabilize'); // v2
    await waitVersion(A, 2);
    await A.click('#act-end_turn'); // v3
    await waitVersion(B, 3);
    await waitMoves(B, 3);
    const moves = await movesOf(B);
    check(moves.length === 1 && moves[0].moves.length === 3, `one turn of three moves: ${JSON.stringify(moves)}`);
    check(/Round 1 · Player 1/.test(moves[0].title), `the turn heading: ${moves[0].title}`);
    check(
      /Player 1 moved d7 → d5/.test(moves[0].moves[0]) && /Player 1 stabilized d5/.test(moves[0].moves[1]),
      `move lines name the player: ${moves[0].moves}`
    );
  });

  await step("history after a reload, and the other player's whole last turn highlighted", async () => {
    const before = await movesOf(B);
    await B.reload();
    await waitMoves(B, 3);
    check(JSON.stringify(await movesOf(B)) === JSON.stringify(before), 'the same move list after the reload');
    const last = await B.$$eval('.sq.last', (els) => els.map((e) => e.dataset.sq).sort());
    check(
      last.includes('d7') && last.includes('d5'),
      `every square of A's turn is highlighted after the reload: ${last}`
    );
    await shot(B, '20-history-after-reload');
  });

  await step('a late spectator gets the same move list as the players', async () => {
    S = await open();
    await S.goto(`${url}/m/${code}?watch=1`);
    await waitMoves(S, 3);
    check(
      JSON.stringify(await movesOf(S)) === JSON.stringify(await movesOf(A)),
      'spectator and player lists are the same'
    );
  });

  await step('stepping back and forward while the game goes on', async () => {
    await A.click('#hist-first');
    await waitVersion(A, 0);
    check((await piecesOf(A)).d7 === '1:3:0', 'the start position is shown');
    check(
      (await A.isVisible('#past-bar')) && (await A.isVisible('#hist-live')),
      'the page says the match goes on, with back to live'
    );
    check(!(await A.isVisible('#act-end_turn')), 'no action buttons on a past position');
    await A.keyboard.press('ArrowRight');
    await waitVersion(A, 1);
    await B.click('#act-summon'); // v4, while A looks at v1
    await click(B, await B.$eval('.sq.target', (e) => e.dataset.sq));
    await waitVersion(B, 4);
    await waitMoves(A, 4);
    check((await shownVersion(A)) === 1, 'A still looks at move 1 while the match went on');
    await A.click('#move-list .move[data-version="2"]');
    await waitVersion(A, 2);
    check((await piecesOf(A)).d5 === '1:0:0', 'a click on a move shows the board after it');
    await A.keyboard.press('ArrowLeft');
    await waitVersion(A, 1);
    await shot(A, '21-history-stepping');
    await A.click('#hist-live');
    await waitVersion(A, 4);
    const [pa, pb] = [await piecesOf(A), await piecesOf(B)];
    check(
      JSON.stringify(pa) === JSON.stringify(pb),
      `back to live shows the live board: ${JSON.stringify(pa)} vs ${JSON.stringify(pb)}`
    );
    check(
      !(await A.isVisible('#past-bar')) && (await A.isVisible('#act-end_turn')),
      'no past bar and the actions back when live'
    );
  });

  await step('a finished match replays from its link', async () => {
    await B.click('#resign');
    await B.click('#resign-yes');
    await A.waitForSelector('#banner:not([hidden])');
    const R = await open();
    await R.goto(`${url}/m/${code}?replay`);
    await waitMoves(R, 5);
    await waitVersion(R, 0);
    check(!(await R.isVisible('#banner')), 'the replay starts at the first position, no banner over it');
    for (let v = 1; v <= 5; v++) {
      await R.click('#hist-next');
      if (v < 5) await waitVersion(R, v);
    }
    await waitVersion(R, 5);
    check(
      JSON.stringify(await piecesOf(R)) === JSON.stringify(await piecesOf(A)),
      'the replay ends on the final board'
    );
    check((await R.textContent('#hist-pos')).includes('End'), 'a finished match ends, it is not live');
    await shot(R, '22-replay');
    await R.context().close();
  });

  await step('the exported log replays through `tabuleiro engine` to the final position', async () => {
    await A.click('#banner-close');
    const [download] = await Promise.all([A.waitForEvent('download'), A.click('#hist-export')]);
    check(download.suggestedFilename() === `${code}.json`, download.suggestedFilename());
    const log = JSON.parse(await (await import('node:fs/promises')).readFile(await download.path(), 'utf8'));
    check(
      log.status === 'finished' && log.changes.length === 5 && log.next === null,
      `a finished match's whole log: ${log.changes.length}`
    );
    if (!binary) return;
    const start = { ...(log.start_position || POSITION), seed: log.seed };
    const lines = [];
    let pos = start;
    const final = await piecesOf(A);
    for (const c of log.changes.filter((x) => x.action)) {
      const r = spawnSync(resolve(binary), ['engine'], {
        input: `${JSON.stringify({ id: c.version, position: pos, action: c.action })}\n`,
        encoding: 'utf8',
      });
      const ans = JSON.parse(r.stdout.trim().split('\n')[0]);
      check(ans.ok, `change ${c.version} replays: ${r.stdout}`);
      pos = ans.position;
      lines.push(c.version);
    }
    const pieces = Array.isArray(pos.pieces)
      ? Object.fromEntries(pos.pieces.map((p) => [p.at, `${p.owner}:${p.charge}:${p.idle ?? 0}`]))
      : Object.fromEntries(Object.entries(pos.pieces).map(([sq, p]) => [sq, `${p.owner}:${p.charge}:${p.idle ?? 0}`]));
    check(
      JSON.stringify(
        Object.keys(pieces)
          .sort()
          .map((k) => [k, pieces[k]])
      ) ===
        JSON.stringify(
          Object.keys(final)
            .sort()
            .map((k) => [k, final[k]])
        ),
      `the engine reaches the final board: ${JSON.stringify(pieces)} vs ${JSON.stringify(final)}`
    );
  });

  await Promise.all(
    [A, B, S].filter(Boolean).map((p) =>
      p
        .context()
        .close()
        .catch(() => {})
    )
  );
  return results;
}
