// Accounts in the browser, on a server run with --access invite: a guest's home page says only
// members create matches and links to signing in; A signs up through an invitation link
// (/signup?invite=CODE from `tabuleiro admin invite`), is shown signed in, creates a match from
// the home page (the CSRF token goes with it); B, invited too, signs up and takes the other
// seat by the link; a wrong password is explained in English and Portuguese; signing out
// shows the sign-in link again. A's match is listed in "My games", and signing in on another
// device resumes A's seat by the link, without a token. Every page is free of console errors, exceptions and CSP
// violations; the sign-in, sign-up and "My games" pages are shot at 1280×800 and 390×844 in both
// languages, and checked there with axe-core (no serious or critical WCAG 2 A/AA violation).
import { execFileSync } from 'node:child_process';
import { Failure, check, steps, newPage, screenshots } from './steps.mjs';
import { axeProblems } from './axe.mjs';

const STEP_TIMEOUT_MS = 15_000;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

// An invitation code for the server's database, from the owner's command.
function invitation(binary, db) {
  const code = execFileSync(binary, ['admin', 'invite', '--db', db], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  if (!/^[A-Za-z0-9_-]{24}$/.test(code)) throw new Failure(`tabuleiro admin invite printed ${JSON.stringify(code)}`);
  return code;
}

export async function accountsScenario({ browser, url, out, binary, db }) {
  const shot = screenshots(out, { prefix: 'accounts-', timeout: STEP_TIMEOUT_MS });
  let A = null,
    B = null;
  const { results, step } = steps({
    prefix: 'accounts: ',
    onFail: () => Promise.all([A && shot(A, 'failed-A'), B && shot(B, 'failed-B')]),
  });
  const problems = [];
  // A page of its own browser context that records every console error, exception and CSP violation.
  const open = async (name, size = SIZES.desktop) => {
    const page = await newPage(
      browser,
      { viewport: size },
      {
        timeout: STEP_TIMEOUT_MS,
        prepare: async (ctx) => {
          await ctx.exposeBinding('reportCspViolation', (_src, v) => problems.push(`${name} CSP: ${v}`));
          await ctx.addInitScript(() =>
            document.addEventListener('securitypolicyviolation', (e) =>
              window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`)
            )
          );
        },
      }
    );
    // A refused sign-up or sign-in (401/403 from /api/account/…) is one of the steps: Chromium
    // logs every such answer as "Failed to load resource"; any other error is a problem.
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // So is the guest's refused match summary (401) on a match guests may not watch.
      // And the unknown player's profile (404) that A opens on purpose.
      const at = m.location()?.url || '';
      const expected =
        m.text().startsWith('Failed to load resource') &&
        (/\/api\/account\/sign(in|up)$/.test(at) ||
          (name === 'G' && /\/api\/matches\/[A-Z0-9]{6}/.test(at)) ||
          (name === 'A' && at.endsWith('/api/players/nobody')));
      if (!expected) problems.push(`${name} console: ${m.text().slice(0, 200)} (${m.location()?.url || ''})`);
    });
    page.on('pageerror', (e) => problems.push(`${name} exception: ${e.message}`));
    return page;
  };
  A = await open('A');
  B = await open('B', SIZES.phone);
  let code = '';

  await step('a guest is told that only members create matches, with a link to sign in', async () => {
    await A.goto(url);
    await A.waitForSelector('#signin-link');
    await A.waitForSelector('#members-only:not([hidden])');
    check(
      (await A.textContent('#members-only')).includes('Only signed-in members'),
      await A.textContent('#members-only')
    );
    check(await A.isHidden('#create-btn'), 'no create button for a guest');
    const api = await (await fetch(`${url}/api/account`)).json();
    check(api.user === null && api.access === 'invite', JSON.stringify(api));
  });

  await step('sign-up without an invitation is explained', async () => {
    await A.goto(`${url}/signup`);
    await A.fill('#username', 'ana');
    await A.fill('#password', 'ana password 1');
    await A.click('#account-submit');
    await A.waitForFunction(() => document.querySelector('#account-error')?.textContent.includes('invitation'));
  });

  await step('A signs up through an invitation link and is shown signed in', async () => {
    await A.goto(`${url}/signup?invite=${invitation(binary, db)}`);
    check(await A.isVisible('#invitation'), 'the invitation field is shown');
    check((await A.inputValue('#invitation')).length === 24, 'the invitation is filled in from the link');
    await A.fill('#username', 'Ana');
    await A.fill('#password', 'ana password 1');
    await A.fill('#display_name', 'Ana Maria');
    await A.click('#account-submit');
    await A.waitForURL(`${url}/`);
    await A.waitForSelector('#account-name');
    check((await A.textContent('#account-name')) === 'Ana Maria', await A.textContent('#account-name'));
    check(await A.isHidden('#members-only'), 'no members-only notice for a member');
  });

  await step('A creates a match from the home page (its CSRF token goes with it)', async () => {
    await A.check('input[name="game"][value="taixu"]');
    await A.click('#create-btn');
    await A.click('#go-match');
    await A.waitForURL(/\/m\/[A-Z0-9]{6}$/);
    code = A.url().match(/\/m\/([A-Z0-9]{6})$/)[1];
    await A.waitForSelector('.board');
  });

  await step('B, invited too, signs up on a phone and takes the other seat by the link', async () => {
    await B.goto(`${url}/signup?invite=${invitation(binary, db)}`);
    await B.fill('#username', 'bruno');
    await B.fill('#password', 'bruno password 1');
    await B.click('#account-submit');
    await B.waitForSelector('#account-name');
    await B.goto(`${url}/m/${code}`);
    const play = await B.waitForSelector('#join-player');
    await play.click();
    await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 2'));
    const sum = await (await fetch(`${url}/api/matches/${code}`)).json();
    check(
      sum.seats.every((s) => s.taken),
      `both seats taken: ${JSON.stringify(sum.seats)}`
    );
  });

  await step(
    'the match is in A\'s "My games" (through the account page), and signing in on another device resumes A\'s seat by the link',
    async () => {
      await A.click('#account-name');
      await A.waitForURL(`${url}/account`);
      await A.click('#settings-mygames');
      await A.waitForURL(`${url}/games`);
      await A.waitForSelector(`#mygames-list [data-code="${code}"]`);
      const line = await A.textContent(`#mygames-list [data-code="${code}"]`);
      check(line.includes('Player 1') && line.includes('bruno'), `my games line: ${line}`);
      await shot(A, 'my-games-en-desktop');
      const C = await open('C', SIZES.phone);
      await C.goto(`${url}/signin?next=${encodeURIComponent(`/m/${code}`)}`);
      await C.fill('#username', 'ana');
      await C.fill('#password', 'ana password 1');
      await C.click('#account-submit');
      await C.waitForURL(`${url}/m/${code}`);
      await C.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 1'));
      check(!(await C.$('#join-player')), "no join step: the account's seat resumes");
      await shot(C, 'resumed-on-phone');
      await C.context().close();
    }
  );

  await step(
    'A creates a match that guests may not watch, and without chat: a guest opening its link is asked to sign in; its page says it has no chat',
    async () => {
      await A.goto(url);
      await A.waitForSelector('#guests-watch-field:not([hidden])');
      check(await A.isChecked('#opt-guests-watch'), 'guests may watch by default');
      await A.uncheck('#opt-guests-watch');
      check(await A.isChecked('#opt-chat'), 'a match has chat by default');
      await A.uncheck('#opt-chat');
      await A.check('input[name="game"][value="taixu"]');
      await A.click('#create-btn');
      await A.waitForSelector('#go-match');
      const closed = (await A.textContent('#share-code')).trim();
      check(/^[A-Z0-9]{6}$/.test(closed), `share code ${closed}`);
      const sum = await (await fetch(`${url}/api/matches/${closed}`)).status;
      check(sum === 401, `a guest reading its summary gets ${sum}`);
      const G = await open('G', SIZES.phone);
      await G.goto(`${url}/m/${closed}`);
      await G.waitForSelector('#sign-in-required');
      check(
        (await G.textContent('#sign-in-required')).includes('Only signed-in members watch'),
        await G.textContent('#sign-in-required')
      );
      check(!(await G.$('.board')), 'no board for a guest');
      await shot(G, 'guest-refused-phone');
      // A spectator link goes straight to the match's socket, which refuses the guest the same way.
      await G.goto(`${url}/m/${closed}?watch`);
      await G.waitForSelector('#sign-in-required');
      check(!(await G.$('.board')), 'no board for a guest watching by a spectator link');
      // Signing in from there comes back to the match, which a member may watch.
      await G.click('#sign-in-to-watch');
      await G.fill('#username', 'bruno');
      await G.fill('#password', 'bruno password 1');
      await G.click('#account-submit');
      await G.waitForURL(`${url}/m/${closed}`);
      await (await G.waitForSelector('#join-watch')).click();
      await G.waitForSelector('.board');
      await G.waitForFunction(() => document.querySelector('#chat-note')?.textContent === 'This match has no chat.');
      check(await G.isHidden('#chat-form'), 'no line to write where the chat is off');
      await G.context().close();
    }
  );

  await step(
    'a rated match asks for a clock first; A posts a rated challenge in the lobby, B sees it appear and accepts it, both pages open the match, B resigns: both pages show both new ratings, in both languages',
    async () => {
      await A.goto(url);
      await A.check('input[name="game"][value="taixu"]');
      await A.selectOption('#opt-opponent', 'friend');
      await A.waitForSelector('#rated-field:not([hidden])');
      await A.check('#opt-rated');
      await A.selectOption('#opt-clock', 'none');
      await A.click('#create-btn');
      await A.waitForFunction(() => document.querySelector('#create-error')?.textContent.includes('needs a clock'));
      for (const lang of ['en', 'pt-BR']) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        await shot(A, `rated-form-${lang}-desktop`);
      }
      check((await A.textContent('#create-error')).includes('precisa de relógio'), 'the refusal in Portuguese');
      await A.click('.lang-switch [data-lang="en"]');
      await A.selectOption('#opt-clock', '10+5');
      check((await A.textContent('#create-error')) === '', 'a new choice clears the refusal');
      // They find each other in the lobby: B watches it, A posts a rated challenge, B sees it
      // appear and accepts it, and both pages open the match, each in its own seat.
      const found = [];
      await B.goto(`${url}/lobby`);
      await B.waitForSelector('#lobby-empty');
      await A.goto(`${url}/lobby`);
      await A.waitForSelector('#post-form');
      await A.selectOption('#post-game', 'taixu');
      await A.selectOption('#opt-clock', '10+5');
      await A.check('#post-rated');
      await A.click('#post-btn');
      await A.waitForSelector('.challenge.mine');
      await B.waitForSelector('.challenge:not(.mine) [data-op="accept_challenge"]');
      check((await B.textContent('.challenge')).includes('Ana Maria (1500?)'), await B.textContent('.challenge'));
      check(
        (await B.textContent('.challenge-terms')).includes('TAIXU · 10 min + 5 s · rated'),
        await B.textContent('.challenge-terms')
      );
      for (const lang of ['en', 'pt-BR']) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        await B.click(`.lang-switch [data-lang="${lang}"]`);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await A.setViewportSize(viewport);
          await shot(A, `lobby-${lang}-${size}`);
          for (const p of await axeProblems(A)) found.push(`/lobby (${lang}, ${size}): ${p}`);
        }
        await shot(B, `lobby-other-${lang}-phone`);
      }
      check(
        (await B.textContent('.challenge-terms')).includes('valendo rating'),
        await B.textContent('.challenge-terms')
      );
      for (const P of [A, B]) await P.click('.lang-switch [data-lang="en"]');
      await A.setViewportSize(SIZES.desktop);
      await B.click('[data-op="accept_challenge"]');
      await Promise.all([A, B].map((P) => P.waitForURL(/\/m\/[A-Z0-9]{6}$/)));
      const rated = A.url().match(/\/m\/([A-Z0-9]{6})$/)[1];
      check(B.url().endsWith(`/m/${rated}`), `both pages open one match: ${A.url()} ${B.url()}`);
      const summary = await (await fetch(`${url}/api/matches/${rated}`)).json();
      check(
        summary.rated === true && summary.clock?.initial_s === 600,
        `the summary: ${JSON.stringify(summary).slice(0, 200)}`
      );
      const aSeat = summary.seats.findIndex((x) => x.name === 'Ana Maria') + 1;
      check(aSeat === 1 || aSeat === 2, `A holds a seat: ${JSON.stringify(summary.seats)}`);
      await A.waitForFunction((n) => document.querySelector('#role')?.textContent.includes(`Player ${n}`), aSeat);
      await B.waitForFunction((n) => document.querySelector('#role')?.textContent.includes(`Player ${n}`), 3 - aSeat);
      check(!found.length, found.join(' | '));
      // They talk during it: A's line reaches B; B's markup reaches A as the very text, never as
      // markup (no element made, no script run); a guest watching has the spectators' chat, which
      // the players do not read while they play.
      await A.fill('#chat-input', 'good luck, bruno');
      await A.press('#chat-input', 'Enter');
      await B.waitForFunction(() =>
        [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === 'good luck, bruno')
      );
      const payloads = [
        '<img src=x onerror="window.__xss=1">',
        '<script>window.__xss=2</script>',
        '"><svg onload=window.__xss=3>',
        'javascript:window.__xss=4',
        '<a href="javascript:window.__xss=5">click</a> &amp; &lt;b&gt; <iframe srcdoc="<b>x</b>">',
      ];
      for (const text of payloads) {
        await B.fill('#chat-input', text);
        await B.click('#chat-send');
        await B.waitForFunction(
          (x) => [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === x),
          text
        );
      }
      await A.waitForFunction(
        (n) => document.querySelectorAll('#chat-lines .chat-line').length === n,
        payloads.length + 1
      );
      const shown = await A.$$eval('#chat-lines .chat-text', (els) => els.map((e) => e.textContent));
      check(
        JSON.stringify(shown) === JSON.stringify(['good luck, bruno', ...payloads]),
        `the lines as text: ${JSON.stringify(shown)}`
      );
      for (const P of [A, B]) {
        const made = await P.evaluate(() => ({
          xss: window.__xss ?? null,
          elements: document.querySelectorAll(
            '#chat-lines img, #chat-lines script, #chat-lines svg:not(.icon), #chat-lines a, #chat-lines iframe'
          ).length,
        }));
        check(made.xss === null && made.elements === 0, `no markup from the chat: ${JSON.stringify(made)}`);
      }
      const W = await open('W', SIZES.phone);
      await W.goto(`${url}/m/${rated}?watch`);
      await W.waitForFunction(() => document.querySelector('#chat-title')?.textContent === "Spectators' chat");
      check(
        (await W.$$eval('#chat-lines .chat-line', (els) => els.length)) === 0,
        "a spectator reads none of the players' lines"
      );
      await W.fill('#chat-input', 'go Ana!');
      await W.press('#chat-input', 'Enter');
      await W.waitForFunction(() =>
        [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === 'go Ana!')
      );
      await shot(W, 'chat-spectator-en-phone');
      await shot(A, 'chat-en-desktop');
      await B.click('.lang-switch [data-lang="pt-BR"]');
      await shot(B, 'chat-pt-BR-phone');
      for (const p of await axeProblems(B)) found.push(`/m chat (pt-BR, phone): ${p}`);
      await B.click('.lang-switch [data-lang="en"]');
      check(
        !(await A.$$eval('#chat-lines .chat-text', (els) => els.map((e) => e.textContent))).includes('go Ana!'),
        'the players do not read the spectators while they play'
      );
      await W.context().close();
      check(!found.length, found.join(' | '));
      // One quiet action on the page whose turn it is (its End turn enabled): a summon, else
      // ending the turn.
      const version = (P) => P.evaluate(() => Number(document.querySelector('.board')?.dataset.version));
      // Until both have acted (the seats were drawn: either may move first).
      const acted = new Set();
      for (let i = 0; i < 12 && acted.size < 2; i++) {
        const myTurn = () => {
          const b = document.querySelector('#act-end_turn');
          return !!b && !b.disabled;
        };
        const waits = [A, B].map((p) => p.waitForFunction(myTurn).then(() => p));
        for (const w of waits) w.catch(() => {}); // the other page's wait ends by its timeout
        const P = await Promise.race(waits);
        const v = await version(P);
        if (await P.isEnabled('#act-summon')) {
          await P.click('#act-summon');
          await P.click('.sq.target >> nth=0');
        } else {
          await P.click('#act-end_turn');
        }
        await P.waitForFunction((v) => Number(document.querySelector('.board')?.dataset.version) > v, v);
        acted.add(P);
      }
      check(acted.size === 2, 'both acted');
      await B.click('#resign');
      await B.click('#resign-yes');
      for (const P of [A, B]) {
        await P.waitForFunction(() => document.querySelectorAll('#banner-ratings li').length === 2);
        const lines = await P.$$eval('#banner-ratings li', (els) => els.map((e) => e.textContent));
        check(/^Ana Maria \(.+\): 1500 → \d+\? \(\+\d+\)$/.test(lines[aSeat - 1]), `A's line: ${lines[aSeat - 1]}`);
        check(/^bruno \(.+\): 1500 → \d+\? \(−\d+\)$/.test(lines[2 - aSeat]), `B's line: ${lines[2 - aSeat]}`);
      }
      check(
        /· Ratings \d+\? \(\+\d+\)$/.test(await A.textContent('#result')),
        `A's result line: ${await A.textContent('#result')}`
      );
      // Over: the players read the spectators' chat too.
      await A.waitForFunction(() =>
        [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === 'go Ana!')
      );
      check(
        (await A.textContent('#chat-lines .from-spectators .chat-name')).includes('(spectators)'),
        await A.textContent('#chat-lines .from-spectators')
      );
      await shot(A, 'rated-banner-en-desktop');
      await shot(B, 'rated-banner-en-phone');
      await B.click('.lang-switch [data-lang="pt-BR"]');
      await B.waitForFunction(() => document.querySelector('#banner-ratings h3')?.textContent === 'Rating');
      await shot(B, 'rated-banner-pt-BR-phone');
      await B.click('.lang-switch [data-lang="en"]');
      const profile = await (await fetch(`${url}/api/players/ana`)).json();
      check(profile.ratings?.[0]?.games === 1 && profile.ratings[0].wins === 1, JSON.stringify(profile).slice(0, 300));
    }
  );

  await step(
    'A\'s profile (from "My games") shows the rating, the record, a chart and the match; the leaderboard leaves provisional ratings out; both languages, both sizes',
    async () => {
      const found = [];
      await A.goto(`${url}/games`);
      await A.click('#mygames-ratings');
      await A.waitForURL(`${url}/players/Ana`);
      await A.waitForSelector('.player-rating[data-game="taixu"][data-speed="live"]');
      check((await A.textContent('#player-name')) === 'Ana Maria', await A.textContent('#player-name'));
      check(
        /^\d+\?/.test(await A.textContent('.rating-now strong')),
        `provisional: ${await A.textContent('.rating-now strong')}`
      );
      check(
        (await A.textContent('.rating-record')).includes('Rated games: 1 · won 1, drawn 0, lost 0'),
        await A.textContent('.rating-record')
      );
      check(await A.isVisible('svg.rating-chart circle.chart-dot.s1'), 'the chart marks the win');
      check((await A.textContent('.rated-match')).includes('Won against bruno'), await A.textContent('.rated-match'));
      for (const lang of ['en', 'pt-BR']) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await A.setViewportSize(viewport);
          await shot(A, `profile-${lang}-${size}`);
          for (const p of await axeProblems(A)) found.push(`/players (${lang}, ${size}): ${p}`);
        }
      }
      check(
        (await A.textContent('.rating-record')).includes('Partidas valendo rating: 1 · vitórias 1'),
        await A.textContent('.rating-record')
      );
      await A.click('#player-board');
      await A.waitForSelector('#board-empty');
      for (const lang of ['pt-BR', 'en']) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await A.setViewportSize(viewport);
          await shot(A, `leaderboard-${lang}-${size}`);
          for (const p of await axeProblems(A)) found.push(`/leaderboard (${lang}, ${size}): ${p}`);
        }
      }
      await A.selectOption('#board-speed', 'correspondence');
      await A.waitForURL(`${url}/leaderboard?game=taixu&speed=correspondence`);
      await A.setViewportSize(SIZES.desktop);
      await A.goto(`${url}/players/nobody`);
      await A.waitForSelector('#player-error');
      check(
        (await A.textContent('#player-error')).includes('No rated games are known for this name'),
        await A.textContent('#player-error')
      );
      check(!found.length, found.join(' | '));
    }
  );

  await step('a wrong password is explained in English and in Portuguese', async () => {
    await B.click('#signout-btn');
    await B.waitForSelector('#signin-link');
    await B.goto(`${url}/signin`);
    await B.fill('#username', 'bruno');
    await B.fill('#password', 'not the password');
    await B.click('#account-submit');
    await B.waitForFunction(() => document.querySelector('#account-error')?.textContent.includes('wrong'));
    await B.click('.lang-switch [data-lang="pt-BR"]');
    await B.click('#account-submit');
    await B.waitForFunction(() => document.querySelector('#account-error')?.textContent.includes('errad'));
    await B.click('.lang-switch [data-lang="en"]');
  });

  await step(
    'the sign-in, sign-up and "My games" pages at both sizes in both languages, without a serious or critical accessibility violation (axe-core, WCAG 2 A/AA)',
    async () => {
      const found = [];
      for (const [size, viewport] of Object.entries(SIZES)) {
        await B.setViewportSize(viewport);
        for (const lang of ['en', 'pt-BR']) {
          await B.click(`.lang-switch [data-lang="${lang}"]`);
          for (const page of ['signin', 'signup']) {
            await B.goto(`${url}/${page}`);
            await B.waitForSelector('#account-submit');
            await shot(B, `${page}-${lang}-${size}`);
            for (const p of await axeProblems(B)) found.push(`/${page} (${lang}, ${size}): ${p}`);
          }
        }
      }
      await B.click('.lang-switch [data-lang="en"]');
      // A's "My games" (A's two matches listed), signed in.
      for (const lang of ['en', 'pt-BR']) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await A.setViewportSize(viewport);
          await A.goto(`${url}/games`);
          await A.waitForSelector(`#mygames-list [data-code="${code}"]`);
          await shot(A, `my-games-${lang}-${size}`);
          for (const p of await axeProblems(A)) found.push(`/games (${lang}, ${size}): ${p}`);
        }
      }
      await A.click('.lang-switch [data-lang="en"]');
      await A.setViewportSize(SIZES.desktop);
      check(!found.length, found.join(' | '));
    }
  );

  await step('A signs out: the sign-in link is back and the server forgot the session', async () => {
    await A.goto(url);
    await A.click('#signout-btn');
    await A.waitForSelector('#signin-link');
    const me = await A.evaluate(async () => (await fetch('/api/account')).json());
    check(me.user === null, JSON.stringify(me));
  });

  await step('no console error, exception or CSP violation on any page', async () => {
    check(!problems.length, problems.slice(0, 5).join(' | '));
  });

  for (const p of [A, B])
    await p
      .context()
      .close()
      .catch(() => {});
  return results;
}
