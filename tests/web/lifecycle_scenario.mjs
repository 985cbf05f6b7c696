// Browser tests of the match's life around the game: the join step of a shared link (join as
// player with a display name, watch, the spectator link that never sits, a full match), the
// waiting board and the creator told of the opponent's arrival, abort before anyone moved with
// the result kept after the banner closes, a rematch between two browser contexts (seats
// swapped, both moved to the new match, the spectator offered to follow), and the offline and
// opponent-away bars.
import { POSITION } from './scenario.mjs';
import { check, steps, newPage, screenshots } from './steps.mjs';

export async function lifecycleScenario({ browser, url, out, restart }) {
  const { results, step } = steps();
  // A page at 1200 × 900 unless the context options opts say otherwise.
  const open = (opts = {}) => newPage(browser, { viewport: { width: 1200, height: 900 }, ...opts });
  const shot = screenshots(out);
  const role = (page, text) =>
    page.waitForFunction((x) => document.querySelector('#role')?.textContent.includes(x), text);

  const A = await open();
  const B = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const C = await open();
  const E = await open();
  let code = '';
  let next = '';

  await step('lifecycle: the creator resumes without a join step and waits; the board says so', async () => {
    const res = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'taixu', position: POSITION, options: { reserve: 8 }, visibility: 'unlisted' }),
    });
    const created = await res.json();
    code = created.code;
    await A.goto(url);
    await A.evaluate(
      ([c, s, tok]) => {
        localStorage.setItem(`tabuleiro.seat.${c}`, JSON.stringify({ seat: s, token: tok }));
        localStorage.setItem('tabuleiro.name', 'Ana');
      },
      [code, created.seat, created.token]
    );
    await A.goto(`${url}/m/${code}`);
    await role(A, 'Player 1');
    check(!(await A.$('#join-step')), 'no join step for a stored seat');
    await A.waitForSelector('#waiting-board:not([hidden])');
    check(
      (await A.textContent('#waiting-board')).includes('Waiting for your opponent'),
      'the board waits for the opponent'
    );
    check(await A.$eval('#table', (e) => e.classList.contains('waiting')), 'the board is disabled while waiting');
    check((await A.getAttribute('#watch-link', 'href')).endsWith(`/m/${code}?watch`), 'a spectator link is offered');
    check(await A.isVisible('#abort'), 'abort is offered before anyone moved');
    await A.waitForFunction(() => document.querySelector('#seats [data-seat="1"] .name')?.textContent === 'Ana');
  });

  await step('lifecycle: a shared link asks first; B joins as player with a name; A is told', async () => {
    await B.goto(`${url}/m/${code}`);
    // The join step says "connecting" first, then lists the seats once the match is read.
    await B.waitForSelector('#join-seats li');
    check(!(await B.$('.board')), 'nobody is seated without asking');
    const seats = await B.$$eval('#join-seats li', (els) =>
      els.map((e) => `${e.dataset.seat}:${e.dataset.taken}:${e.textContent}`)
    );
    check(
      seats.length === 2 && seats[0].startsWith('1:true') && seats[0].includes('Ana') && seats[1].startsWith('2:false'),
      `who is seated: ${seats}`
    );
    check((await B.textContent('#join-game')).includes('TAIXU'), 'the game is named');
    check(
      /how-to-play[=/]taixu$/.test((await B.getAttribute('#join-howto', 'href')) || ''),
      "the join step links to the game's How to play page"
    );
    check((await B.textContent('#join-options')).includes('8'), 'the options are shown');
    check((await B.isVisible('#join-player')) && (await B.isVisible('#join-watch')), 'join as player and watch');
    await shot(B, '30-join-step');
    await B.fill('#join-name', 'Bea\u0007 Bee');
    await B.click('#join-player');
    await role(B, 'Player 2');
    await A.waitForFunction(() => document.querySelector('#seats [data-seat="2"] .name')?.textContent === 'Bea Bee');
    await A.waitForSelector('#waiting-board[hidden]', { state: 'attached' });
    check(
      !(await A.$eval('#table', (e) => e.classList.contains('waiting'))),
      'the board is enabled once both are seated'
    );
    check((await A.title()).startsWith('★ Opponent arrived'), `the tab title tells the creator: ${await A.title()}`);
    check((await A.textContent('#toasts')).includes('has arrived'), 'a notice tells the creator');
    await B.waitForFunction(() => document.querySelector('#seats [data-seat="1"] .name')?.textContent === 'Ana');
  });

  await step('lifecycle: the spectator link only watches; a full match offers only watching', async () => {
    await C.goto(`${url}/m/${code}?watch`);
    await C.waitForSelector('#role .spectator');
    check(!(await C.$('#join-step')), 'the spectator link has no join step');
    await E.goto(`${url}/m/${code}`);
    await E.waitForSelector('#join-seats li');
    check(!(await E.$('#join-player')), 'no join-as-player when both seats are taken');
    check((await E.textContent('#join-why')).includes('Both seats are taken'), 'says why');
    await E.click('#join-watch');
    await E.waitForSelector('#role .spectator');
    check(E.url().endsWith(`/m/${code}?watch`), `watching turns the address into the spectator link: ${E.url()}`);
    await E.context().close();
  });

  await step('lifecycle: B aborts before anyone moved; the result stays after the banner closes', async () => {
    await B.click('#abort');
    for (const p of [A, B, C]) await p.waitForSelector('#banner:not([hidden])');
    check((await A.textContent('#banner')).includes('Match aborted'), 'the banner says aborted');
    check((await A.getAttribute('#banner', 'data-reason')) === 'aborted', 'reason aborted');
    await A.click('#banner-close');
    check(await A.isVisible('#result'), 'the result stays visible');
    check((await A.textContent('#result')).includes('aborted'), `result line: ${await A.textContent('#result')}`);
    check(!(await A.isVisible('#abort')), 'no abort once over');
    const s = await (await fetch(`${url}/api/matches/${code}`)).json();
    check(
      s.status === 'finished' && s.outcome.reason === 'aborted' && s.outcome.winner === null,
      `stored as aborted: ${JSON.stringify(s.outcome)}`
    );
  });

  await step(
    'lifecycle: rematch between two contexts: seats swapped, both moved, the spectator may follow',
    async () => {
      await B.click('#banner-close');
      await C.click('#banner-close');
      await A.click('#rematch');
      await B.waitForSelector('#rematch-accept');
      check((await B.textContent('#rematch-bar')).includes('offers a rematch'), 'B is offered a rematch');
      await C.waitForFunction(() => document.querySelector('#rematch-bar')?.textContent.includes('offers a rematch'));
      await B.click('#rematch-accept');
      await A.waitForURL((u) => !u.pathname.endsWith(code) && /\/m\/[A-Z0-9]{6}$/.test(u.pathname));
      await B.waitForURL((u) => !u.pathname.endsWith(code) && /\/m\/[A-Z0-9]{6}$/.test(u.pathname));
      next = new URL(A.url()).pathname.slice(3);
      check(new URL(B.url()).pathname.slice(3) === next, 'both players moved to the same new match');
      await role(A, 'Player 2');
      await role(B, 'Player 1');
      check(
        !(await A.$('#join-step')) && !(await B.$('#join-step')),
        'no join step: the new seats came with their tokens'
      );
      await A.waitForFunction(() => document.querySelector('#seats [data-seat="1"] .name')?.textContent === 'Bea Bee');
      await C.waitForSelector('#rematch-follow');
      check(
        (await C.getAttribute('#rematch-follow', 'href')) === `/m/${next}?watch`,
        'the spectator is offered to follow, watching'
      );
      await C.click('#rematch-follow');
      await C.waitForSelector('#role .spectator');
      await B.waitForFunction(
        () => !!document.querySelector('#act-end_turn') && !document.querySelector('#act-end_turn').disabled
      );
      await shot(A, '31-rematch');
    }
  );

  await step('lifecycle: the opponent away shows the abandonment countdown', async () => {
    await B.context().close();
    await A.waitForSelector('#away-bar:not([hidden])');
    const first = await A.textContent('#away-bar');
    check(
      /Player 1 disconnected — \d+ s until the match is recorded as abandoned/.test(first),
      `the away bar: ${first}`
    );
    const n0 = Number(await A.getAttribute('#away-bar', 'data-seconds'));
    await A.waitForFunction((n) => Number(document.querySelector('#away-bar')?.dataset.seconds) < n, n0, {
      timeout: 4000,
    });
    check(await C.isVisible('#away-bar'), 'spectators see it too');
  });

  await step('lifecycle: while this client is offline the board is disabled with a reconnecting banner', async () => {
    if (!restart) return;
    const restarting = restart();
    await A.waitForSelector('#offline-bar:not([hidden])');
    check((await A.textContent('#offline-bar')).includes('reconnecting'), 'a translated reconnecting banner');
    check(!(await A.textContent('#offline-bar')).includes('Illegal'), 'never an illegal-move message');
    check(await A.$eval('#table', (e) => e.classList.contains('offline') && e.inert), 'the board is disabled');
    await restarting;
    await A.waitForSelector('#offline-bar[hidden]', { state: 'attached', timeout: 20_000 });
    check(!(await A.$eval('#table', (e) => e.inert)), 'enabled again once reconnected');
  });

  await step('lifecycle: a newer tab taking over the seat is shown honestly', async () => {
    const seat = await A.evaluate((c) => localStorage.getItem(`tabuleiro.seat.${c}`), next);
    const A2 = await A.context().newPage();
    await A2.goto(`${url}/m/${next}`);
    await role(A2, 'Player 2');
    await A.waitForSelector('#offline-bar:not([hidden])');
    check(
      (await A.textContent('#offline-bar')).includes('another window'),
      `replaced: ${await A.textContent('#offline-bar')}`
    );
    check(seat != null, 'the seat was stored');
  });

  // A finished match: the result names the winner and the reason, beside the board (never over
  // it), closed for good in the browser that closed it, and its history never "goes on".
  await step('lifecycle: the game-over banner names the winner, leaves the board free and stays closed', async () => {
    const P = await open();
    const Q = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const res = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'taixu', position: POSITION, visibility: 'unlisted' }),
    });
    const made = await res.json();
    await P.goto(url);
    await P.evaluate(
      ([c, s, tok]) => {
        localStorage.setItem(`tabuleiro.seat.${c}`, JSON.stringify({ seat: s, token: tok }));
        localStorage.setItem('tabuleiro.name', 'Ana');
      },
      [made.code, made.seat, made.token]
    );
    await P.goto(`${url}/m/${made.code}`);
    await Q.goto(`${url}/m/${made.code}`);
    await Q.fill('#join-name', 'Bea');
    await Q.click('#join-player');
    await role(Q, 'Player 2');
    await Q.click('#resign');
    await Q.click('#resign-yes');
    for (const p of [P, Q]) await p.waitForSelector('#banner:not([hidden])');
    const q = await Q.textContent('#banner');
    check(
      q.includes('You lost') && q.includes('Ana (Player 1) wins') && q.includes('by resignation'),
      `the loser's banner: ${q}`
    );
    check((await P.textContent('#banner')).includes('You win!'), "the winner's banner");
    const clear = (page) =>
      page.evaluate(() => {
        const a = document.querySelector('#banner').getBoundingClientRect();
        const b = document.querySelector('.board-wrap').getBoundingClientRect();
        return a.width > 0 && (a.right <= b.left || a.left >= b.right || a.bottom <= b.top || a.top >= b.bottom);
      });
    check((await clear(P)) && (await clear(Q)), 'the banner is beside the board, not over it');
    await shot(Q, '32-phone-gameover');
    await Q.click('#banner-close');
    check(await Q.evaluate(() => document.activeElement?.id === 'result'), 'the focus goes to the result line');
    await Q.reload();
    await Q.waitForSelector('#result:not([hidden])');
    await Q.waitForSelector('#moves:not([hidden])');
    check(!(await Q.isVisible('#banner')), 'a closed banner stays closed after a reload');
    check(
      (await Q.textContent('#result')).includes('Ana (Player 1) wins'),
      `the result line names the winner: ${await Q.textContent('#result')}`
    );
    await P.reload();
    await P.waitForSelector('#banner:not([hidden])'); // P never closed it
    await P.click('#hist-first');
    await P.waitForSelector('#past-bar:not([hidden])');
    const bar = await P.textContent('#past-bar');
    check(!/goes on/.test(bar) && /finished/.test(bar), `the history of a finished match: ${bar}`);
    await P.context().close();
    await Q.context().close();
  });

  await Promise.all(
    [A, C].map((p) =>
      p
        .context()
        .close()
        .catch(() => {})
    )
  );
  return results;
}
