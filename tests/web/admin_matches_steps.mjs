// The admin scenario's match steps (admin_scenario.mjs runs them on its --access invite server,
// protocol/PROTOCOL.md "Administration" and "Room-level endings"): two players sign up with one
// invitation for two made on /admin, one creates a TAIXU match, the other takes the second seat
// by its link and a move makes it live; on the Matches tab the administrator finds it by status,
// game and player, is asked for a reason (required, measured as the server does) and aborts it
// with "Server maintenance tonight"; both players' pages show the result "aborted by the host:
// Server maintenance tonight" (one of them again in Portuguese); the audit log lists the abort
// with its reason; aborting a match that has just ended otherwise is refused with a sentence;
// the finished match is deleted after a confirmation and leaves the list (and the server).
import { check, waitVersion } from './steps.mjs';

const REASON = 'Server maintenance tonight';

// Runs the steps. ctx: the scenario's step runner, its page opener (open(name, size)), the
// administrator's page A, the server's url, its sizes, its helpers (shot, textOf, tab,
// sentence) and the list of refusals it expects (expected, extended here).
export async function adminMatchSteps({ step, open, A, url, SIZES, shot, textOf, tab, sentence, expected }) {
  let invite = '';
  let P1 = null;
  let P2 = null;
  let code = '';
  let other = '';
  const row = (c) => `#matches-table tr[data-code="${c}"]`;
  // Signs up a new member with the invitation link on page.
  const signUp = async (page, name) => {
    await page.goto(invite);
    await page.fill('#username', name);
    await page.fill('#password', `${name} password 1`);
    await page.click('#account-submit');
    await page.waitForSelector('#account-name');
  };
  // Creates a TAIXU match from page's home page; returns its code.
  const create = async (page) => {
    await page.goto(url);
    await page.check('input[name="game"][value="taixu"]');
    await page.click('#create-btn');
    await page.click('#go-match');
    await page.waitForURL(/\/m\/[A-Z0-9]{6}$/);
    return page.url().match(/\/m\/([A-Z0-9]{6})$/)[1];
  };
  // Sets the Matches tab's filters and waits for the answer (the list or its empty line).
  const filter = async ({ status = '', game = '', player = '' }) => {
    await A.selectOption('#match-status', status);
    await A.selectOption('#match-game', game);
    await A.fill('#match-player', player);
    await A.click('#match-search-btn');
    const q = new URLSearchParams(Object.entries({ status, game, player }).filter(([, v]) => v)).toString();
    await A.waitForSelector(`#matches-box[data-query="matches${q ? `?${q}` : ''}"]`, { state: 'attached' });
  };

  await step(
    'two players sign up with one invitation for two made on /admin; a TAIXU match between them goes live',
    async () => {
      await tab(A, 'invitations');
      await A.fill('#invite-days', '1');
      await A.fill('#invite-uses', '2');
      await A.click('#invite-create');
      await A.waitForFunction(() =>
        document.querySelector('#invite-link .link-once-note')?.textContent.includes('2 sign-up')
      );
      invite = await A.inputValue('#invite-link-input');
      P1 = await open('carla');
      P2 = await open('dario', SIZES.phone);
      await signUp(P1, 'carla');
      await signUp(P2, 'dario');
      code = await create(P1);
      await P1.waitForSelector('.board');
      await P2.goto(`${url}/m/${code}`);
      await P2.click('#join-player');
      await P2.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 2'));
      // Carla summons a piece: the first change makes the match live.
      await P1.waitForSelector('#act-summon:not([disabled])');
      await P1.click('#act-summon');
      await P1.click('.sq.target');
      await Promise.all([waitVersion(P1, 1), waitVersion(P2, 1)]);
      const sum = await (await fetch(`${url}/api/matches/${code}`)).json();
      check(
        sum.status === 'live' && sum.seats.every((s) => s.taken),
        `live with both seats taken: ${JSON.stringify(sum)}`
      );
    }
  );

  await step(
    'carla reports a line dario wrote in their chat; the Reports tab shows it with the conversation around it, and Handled takes it off the list',
    async () => {
      for (const [P, text] of [
        [P1, 'good luck'],
        [P2, 'you play like a <b>potato</b>'],
        [P1, 'let us see'],
      ]) {
        await P.fill('#chat-input', text);
        await P.press('#chat-input', 'Enter');
        await P1.waitForFunction(
          (x) => [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === x),
          text
        );
      }
      await P1.click('#chat-lines .chat-line[data-seat="2"] .chat-report');
      await P1.waitForFunction(() =>
        [...document.querySelectorAll('.toast.ok')].some((e) => e.textContent.startsWith('Reported'))
      );
      await tab(A, 'reports');
      await A.waitForSelector('#report-list .report');
      const report = await textOf(A, '#report-list .report');
      check(report.includes(code) && report.includes('Reported by carla'), report);
      const conversation = await A.$$eval('#report-list .report-conversation li', (els) =>
        els.map((e) => e.textContent)
      );
      check(
        conversation.length === 3 &&
          conversation[1].includes('you play like a <b>potato</b>') &&
          conversation[1].includes('(reported)'),
        JSON.stringify(conversation)
      );
      check(!(await A.$('#report-list b')), 'the line is text on the admin page too');
      await shot(A, 'report-waiting-en-desktop');
      await A.click('#report-list [data-handle]');
      await A.waitForSelector('#reports-none');
      await tab(A, 'audit');
      await A.waitForFunction(() => document.querySelector('#audit-table tbody tr')?.textContent.includes('Handled'));
    }
  );

  await step(
    'the Matches tab finds the live match by status, game and player, with both players and a link to it',
    async () => {
      await tab(A, 'matches');
      await filter({ status: 'live', game: 'taixu', player: 'carl' });
      await A.waitForSelector(row(code));
      check((await A.locator('#matches-table tbody tr').count()) === 1, 'one live TAIXU match of carla');
      const line = await A.textContent(row(code));
      check(
        line.includes('TAIXU') &&
          line.includes('Live') &&
          line.includes('Player 1: carla') &&
          line.includes('Player 2: dario'),
        line
      );
      check((await A.getAttribute(`${row(code)} a`, 'href')) === `/m/${code}`, 'the code links the match page');
      check(!(await A.$(`${row(code)} [data-action="delete"]`)), 'a running match is not deleted');
      await filter({ status: 'live', game: 'cyvasse', player: 'carl' });
      sentence(await textOf(A, '#matches-table-empty'), 'an empty list');
      await filter({ status: 'finished', game: '', player: 'carl' });
      await A.waitForSelector('#matches-table-empty');
      await filter({ status: 'live', game: 'taixu', player: 'DARIO' });
      await A.waitForSelector(row(code));
    }
  );

  await step(
    'Abort asks for a reason both players will read: none, or one too long, is refused before sending; Escape changes nothing',
    async () => {
      await A.click(`${row(code)} [data-action="abort"]`);
      await A.waitForSelector('#abort-dialog[open]');
      check((await A.evaluate(() => document.activeElement.id)) === 'abort-reason', 'the focus is in the reason');
      check((await A.textContent('#abort-title')).includes(code), 'the dialog names the match');
      check((await A.textContent('#abort-text')).includes('Both players'), await A.textContent('#abort-text'));
      check((await A.textContent('label[for="abort-reason"]')).includes('both players'), 'the reason is labelled');
      await A.click('#abort-yes');
      check((await textOf(A, '#abort-error')).includes('Write a reason'), await A.textContent('#abort-error'));
      check((await A.getAttribute('#abort-error', 'role')) === 'alert', 'the error is an alert');
      await A.fill('#abort-reason', 'é'.repeat(150));
      check(
        (await A.textContent('#abort-count')).startsWith('300'),
        `counted as the server counts: ${await A.textContent('#abort-count')}`
      );
      await A.click('#abort-yes');
      check((await textOf(A, '#abort-error')).includes('Too long'), await A.textContent('#abort-error'));
      await A.keyboard.press('Escape');
      await A.waitForSelector('#abort-dialog[open]', { state: 'detached' });
      const sum = await (await fetch(`${url}/api/matches/${code}`)).json();
      check(sum.status === 'live', 'nothing was sent');
    }
  );

  await step(`the administrator aborts it with "${REASON}"; the live list no longer holds it`, async () => {
    await A.click(`${row(code)} [data-action="abort"]`);
    await A.waitForSelector('#abort-dialog[open]');
    check((await A.inputValue('#abort-reason')) === '', 'the reason starts empty');
    await A.keyboard.type(REASON);
    await A.keyboard.press('Tab'); // the Cancel button
    await A.keyboard.press('Tab'); // the abort button
    check((await A.evaluate(() => document.activeElement.id)) === 'abort-yes', 'the keyboard reaches the abort button');
    await A.keyboard.press('Enter');
    await A.waitForFunction((c) => document.querySelector('#admin-matches-ok')?.textContent.includes(c), code);
    check((await A.textContent('#admin-matches-ok')).includes(REASON), await A.textContent('#admin-matches-ok'));
    await A.waitForSelector(row(code), { state: 'detached' });
  });

  await step(`both players' pages show "aborted by the host: ${REASON}" (and in Portuguese)`, async () => {
    for (const P of [P1, P2]) {
      await P.waitForSelector('#result:not([hidden])');
      check(
        (await P.textContent('.banner-reason')).trim() === `aborted by the host: ${REASON}`,
        await P.textContent('.banner-reason')
      );
      check(
        (await P.textContent('#banner-title')).trim() === 'Match aborted by the host',
        await P.textContent('#banner-title')
      );
      check(
        (await P.textContent('#result')).trim() ===
          `Result: Match aborted by the host — aborted by the host: ${REASON}`,
        await P.textContent('#result')
      );
      check((await P.textContent('#log')).includes(`The host aborted the match: ${REASON}`), 'the log tells the event');
    }
    await shot(P1, 'aborted-player1-desktop');
    await shot(P2, 'aborted-player2-phone');
    await P2.click('.lang-switch [data-lang="pt-BR"]');
    await P2.waitForFunction(
      (r) => document.querySelector('.banner-reason')?.textContent.trim() === `cancelada pelo anfitrião: ${r}`,
      REASON
    );
    check(
      (await P2.textContent('#result')).includes(`cancelada pelo anfitrião: ${REASON}`),
      await P2.textContent('#result')
    );
    await shot(P2, 'aborted-player2-pt-BR-phone');
  });

  await step('the audit log lists the abort by the administrator, with the reason the players read', async () => {
    await tab(A, 'audit');
    const entry = `#audit-table tr[data-action="abort_match"][data-target="match ${code}"]`;
    await A.waitForSelector(entry);
    const line = await A.textContent(entry);
    check(
      line.includes('boss') &&
        line.includes(`Aborted match ${code}`) &&
        line.includes(`“${REASON}”`) &&
        line.includes('127.0.0.1'),
      line
    );
  });

  await step(
    'aborting a match that has just ended otherwise is refused with a sentence, and the list is read again',
    async () => {
      expected.push(/\/api\/admin\/matches\/[A-Z0-9]{6}\/abort$/);
      other = await create(P1);
      await tab(A, 'matches');
      await filter({ status: '', game: '', player: 'carla' });
      await A.waitForSelector(`${row(other)} [data-action="abort"]`);
      await A.click(`${row(other)} [data-action="abort"]`);
      await A.waitForSelector('#abort-dialog[open]');
      // Another administrator's abort (the same session, through the API) comes first.
      const status = await A.evaluate(async (c) => {
        const { csrf } = await (await fetch('/api/account')).json();
        const r = await fetch(`/api/admin/matches/${c}/abort`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ reason: 'Ended by another administrator' }),
        });
        return r.status;
      }, other);
      check(status === 200, `the other abort: ${status}`);
      await A.fill('#abort-reason', REASON);
      await A.click('#abort-yes');
      const text = await textOf(A, '#admin-matches-error');
      sentence(text, 'not_running');
      check(text.includes('already over'), text);
      await A.waitForSelector('#abort-dialog[open]', { state: 'detached' });
      await A.waitForSelector(`${row(other)} [data-action="delete"]`);
    }
  );

  await step(
    'the administrator deletes the aborted match after confirming; the list and the server no longer have it',
    async () => {
      await filter({ status: 'finished', game: 'taixu', player: 'dario' });
      await A.waitForSelector(row(code));
      check(
        (await A.textContent(row(code))).includes(`aborted by the host: ${REASON}`),
        await A.textContent(row(code))
      );
      await A.click(`${row(code)} [data-action="delete"]`);
      await A.waitForSelector('#matches-confirm[open]');
      check((await A.textContent('#matches-confirm-question')).includes(code), 'the question names the match');
      await A.keyboard.press('Escape');
      await A.waitForSelector('#matches-confirm[open]', { state: 'detached' });
      check(await A.$(row(code)), 'still listed after cancelling');
      await A.click(`${row(code)} [data-action="delete"]`);
      await A.click('#matches-confirm-yes');
      await A.waitForFunction((c) => document.querySelector('#admin-matches-ok')?.textContent.includes(c), code);
      await A.waitForSelector(row(code), { state: 'detached' });
      await filter({ status: '', game: '', player: '' });
      check(!(await A.$(row(code))), 'not in the whole list either');
      check(await A.$(row(other)), 'the other match stays');
      check((await fetch(`${url}/api/matches/${code}`)).status === 404, 'the server has no such match');
      await P2.waitForTimeout(3000); // what a player still on the deleted match sees: a shot, not a check
      await shot(P2, 'deleted-player2-phone');
      await tab(A, 'audit');
      await A.waitForSelector(`#audit-table tr[data-action="delete_match"][data-target="match ${code}"]`);
      check(
        (await A.textContent(`#audit-table tr[data-action="delete_match"]`)).includes(
          `Deleted match ${code} and its log`
        ),
        'the delete is in the audit log'
      );
    }
  );

  return [P1, P2];
}
