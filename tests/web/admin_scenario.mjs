// Administration in the browser, on a server run with --access invite (protocol/PROTOCOL.md,
// "Administration"): the first administrator is made with `tabuleiro admin create-user --admin`
// and signs in; they make an invitation on /admin and a second user, bruno, signs up with its
// link in another browser and opens a match page (a signed-in WebSocket); the administrator
// disables bruno, whose page says so (close 4003) and does not reconnect; the audit log lists
// the disable; an administrator's own account is refused with a sentence; enabled again, bruno
// signs in; a password-reset link made on /admin sets a new password in a third browser (a spent
// link is refused with a sentence) and bruno signs in with it; on /account bruno changes the
// display name and language (the page switches) and the password; with maintenance on, the
// home page's create form says so, and creates again once it is off. A member sees "only
// administrators" on /admin, a guest is sent to sign in. On the Matches tab the administrator
// aborts two members' live match with a reason both their pages show, and deletes it
// (admin_matches_steps.mjs). On the Server tab the scheduled backups are listed, one is made
// with "Back up now", the restore commands name the real paths, and a failed copy shows a
// warning (admin_backups_steps.mjs). /admin (each tab, and the abort dialog), /account and /reset
// are shot at 1280×800 and 390×844 in both languages, without a horizontal scroll, and checked
// there with axe-core (no serious or critical WCAG 2 A/AA violation).
// Every page is free of console errors (but the refusals the steps ask for), exceptions and
// CSP violations.
import { execFileSync } from 'node:child_process';
import { Failure, check, steps, newPage, screenshots } from './steps.mjs';
import { adminMatchSteps } from './admin_matches_steps.mjs';
import { adminBackupSteps } from './admin_backups_steps.mjs';
import { axeProblems } from './axe.mjs';

const STEP_TIMEOUT_MS = 15_000;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LANGS = ['en', 'pt-BR'];
const TABS = ['server', 'users', 'invitations', 'matches', 'reports', 'webhooks', 'audit'];
const ADMIN_PASSWORD = 'boss password 1';

// Makes the first administrator with the owner's command (the password read from stdin).
function createAdmin(binary, db, name) {
  const out = execFileSync(binary, ['admin', 'create-user', name, '--admin', '--db', db], {
    encoding: 'utf8',
    input: `${ADMIN_PASSWORD}\n`,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (!out.includes('administrator')) throw new Failure(`tabuleiro admin create-user printed ${JSON.stringify(out)}`);
}

// The server was started with --backup-dir backupDir --backup-every 1h (run.mjs).
export async function adminScenario({ browser, url, out, binary, db, backupDir }) {
  const { results, step } = steps({ prefix: 'admin: ' });
  const shot = screenshots(out, { prefix: 'admin-', timeout: STEP_TIMEOUT_MS });
  const problems = [];
  // The refusals the steps ask for: Chromium logs each 4xx/5xx answer as "Failed to load
  // resource"; one whose address matches is expected, any other console error is a problem.
  const expected = [/\/api\/account\/sign(in|up)$/];
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
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const at = m.location()?.url || '';
      if (m.text().startsWith('Failed to load resource') && expected.some((re) => re.test(at))) return;
      problems.push(`${name} console: ${m.text().slice(0, 200)} (${at})`);
    });
    page.on('pageerror', (e) => problems.push(`${name} exception: ${e.message}`));
    return page;
  };
  // Signs page in as name and waits for the page ?next= leads to.
  const signIn = async (page, name, password, next = '/') => {
    await page.goto(`${url}/signin?next=${encodeURIComponent(next)}`);
    await page.fill('#username', name);
    await page.fill('#password', password);
    await page.click('#account-submit');
    await page.waitForURL(`${url}${next}`);
  };
  // The text of selector once it is not empty.
  const textOf = async (page, selector) => {
    await page.waitForFunction((s) => document.querySelector(s)?.textContent.trim(), selector);
    return (await page.textContent(selector)).trim();
  };
  // A sentence, not a bare key or code.
  const sentence = (text, what) =>
    check(text.length > 12 && !/\b(err|admin|settings|reset)\.[a-z_]/.test(text), `${what} is a sentence: ${text}`);
  const tab = async (page, name) => {
    await page.click(`#tab-${name}`);
    await page.waitForSelector(`#panel-${name}:not([hidden])`);
  };
  const row = (user) => `#users-table tr[data-user="${user}"]`;

  const A = await open('admin');
  const B = await open('bruno', SIZES.phone);
  let C = null;
  let invite = '';
  let resetLink = '';

  await step(
    'the first administrator (made with tabuleiro admin create-user --admin) signs in and sees the server',
    async () => {
      createAdmin(binary, db, 'boss');
      await signIn(A, 'boss', ADMIN_PASSWORD, '/admin');
      await A.waitForSelector('#admin-page');
      check(await A.isVisible('#admin-link'), 'the top bar links /admin for an administrator');
      check((await textOf(A, '#stat-version')).length > 0, 'the version is shown');
      check((await textOf(A, '#stat-access')).startsWith('By invitation'), await A.textContent('#stat-access'));
      check((await A.getAttribute('#tab-server', 'aria-selected')) === 'true', 'the Server tab is selected');
      // The figures are read again while the section is shown.
      const first = await A.textContent('#admin-updated');
      await A.waitForFunction((t) => document.querySelector('#admin-updated').textContent !== t, first, {
        timeout: 12_000,
      });
    }
  );

  await step('the keyboard moves between the tabs', async () => {
    await A.focus('#tab-server');
    await A.keyboard.press('ArrowRight');
    await A.waitForSelector('#panel-users:not([hidden])');
    check((await A.evaluate(() => document.activeElement.id)) === 'tab-users', 'the focus follows');
    await A.keyboard.press('End');
    await A.waitForSelector('#panel-audit:not([hidden])');
    await A.keyboard.press('Home');
    await A.waitForSelector('#panel-server:not([hidden])');
    check(A.url().endsWith('#server'), A.url());
  });

  await step('an invitation made on /admin shows its link once, and is listed as open', async () => {
    await tab(A, 'invitations');
    await A.fill('#invite-days', '2');
    await A.fill('#invite-uses', '1');
    await A.click('#invite-create');
    await A.waitForSelector('#invite-link-input');
    invite = await A.inputValue('#invite-link-input');
    check(/\/signup\?invite=[A-Za-z0-9_-]{24}$/.test(invite), invite);
    sentence(await A.textContent('#invite-link .link-once-note'), 'the invitation note');
    check(
      (await A.textContent('#invite-link .link-once-note')).includes('only now'),
      'it says the link is shown only now'
    );
    await A.waitForSelector('#invitations-table tr[data-state="open"]');
  });

  await step('bruno signs up with the invitation link on a phone and opens a match page', async () => {
    await B.goto(invite);
    await B.fill('#username', 'bruno');
    await B.fill('#password', 'bruno password 1');
    await B.click('#account-submit');
    await B.waitForSelector('#account-name');
    check(!(await B.$('#admin-link')), 'no /admin link for a member');
    await B.check('input[name="game"][value="taixu"]');
    await B.click('#create-btn');
    await B.click('#go-match');
    await B.waitForURL(/\/m\/[A-Z0-9]{6}$/);
    await B.waitForSelector('#conn-status[data-state="open"]', { state: 'attached' });
  });

  await step("the administrator's own account is not disabled: the refusal is a sentence", async () => {
    expected.push(/\/api\/admin\/users\/\d+\/(disable|demote)$/);
    await tab(A, 'users');
    await A.waitForSelector(row('boss'));
    await A.click(`${row('boss')} [data-action="disable"]`);
    await A.waitForSelector('#users-confirm[open]');
    await A.click('#users-confirm-yes');
    const text = await textOf(A, '#admin-users-error');
    sentence(text, 'own_account');
    check(text.includes('own account'), text);
  });

  await step(
    "the administrator searches, confirms and disables bruno; bruno's page says so and does not reconnect",
    async () => {
      const sockets = [];
      B.on('websocket', (ws) => sockets.push(ws.url()));
      await A.fill('#user-search', 'bru');
      await A.waitForFunction(
        () =>
          document.querySelectorAll('#users-table tbody tr').length === 1 &&
          document.querySelector('#users-table tr[data-user="bruno"]')
      );
      // Cancelling changes nothing.
      await A.click(`${row('bruno')} [data-action="disable"]`);
      await A.waitForSelector('#users-confirm[open]');
      check((await A.textContent('#users-confirm-question')).includes('bruno'), 'the question names the user');
      await A.keyboard.press('Escape');
      await A.waitForSelector('#users-confirm[open]', { state: 'detached' });
      check(await A.$(`${row('bruno')} [data-action="disable"]`), 'still enabled after cancelling');
      await A.click(`${row('bruno')} [data-action="disable"]`);
      await A.click('#users-confirm-yes');
      await A.waitForFunction(() => document.querySelector('#admin-users-ok')?.textContent.includes('bruno'));
      await A.waitForSelector(`${row('bruno')} [data-action="enable"]`);
      const banner = await textOf(B, '#account-disabled');
      check(banner.includes('disabled by an administrator'), banner);
      await B.waitForSelector('#conn-status[data-state="disabled"]', { state: 'attached' });
      await B.waitForSelector('#signin-link'); // the session ended: the top bar offers signing in
      await B.waitForTimeout(3000);
      check(sockets.length === 0, `no new connection after the close: ${sockets.join(' ')}`);
      await shot(B, 'disabled-banner-phone');
    }
  );

  await step('the audit log lists the disable by the administrator, naming bruno', async () => {
    await tab(A, 'audit');
    await A.waitForSelector('#audit-table tr[data-action="disable"]');
    const line = await A.textContent('#audit-table tr[data-action="disable"]');
    check(line.includes('boss') && line.includes('Disabled bruno') && line.includes('127.0.0.1'), line);
  });

  await step('a disabled bruno cannot sign in; enabled again, he can', async () => {
    await B.goto(`${url}/signin`);
    await B.fill('#username', 'bruno');
    await B.fill('#password', 'bruno password 1');
    await B.click('#account-submit');
    check((await textOf(B, '#account-error')).includes('disabled'), await B.textContent('#account-error'));
    await tab(A, 'users');
    await A.click(`${row('bruno')} [data-action="enable"]`);
    await A.waitForSelector(`${row('bruno')} [data-action="disable"]`);
    await signIn(B, 'bruno', 'bruno password 1', '/');
    await B.waitForSelector('#account-name');
  });

  await step(
    'a password-reset link made on /admin sets a new password in a third browser; bruno signs in with it',
    async () => {
      expected.push(/\/api\/account\/reset$/);
      await A.click(`${row('bruno')} [data-action="reset-link"]`);
      await A.waitForSelector('#reset-link-input');
      resetLink = await A.inputValue('#reset-link-input');
      check(/\/reset\?code=[A-Za-z0-9_-]+$/.test(resetLink), resetLink);
      const note = await A.textContent('#reset-link .link-once-note');
      check(note.includes('only now') && note.includes('a day'), note);
      C = await open('third');
      await C.goto(resetLink);
      await C.fill('#reset-password', 'bruno password 2');
      await C.fill('#reset-password-again', 'bruno password 9');
      await C.click('#reset-submit');
      check((await textOf(C, '#reset-error')).includes('not the same'), await C.textContent('#reset-error'));
      await C.fill('#reset-password-again', 'bruno password 2');
      await C.click('#reset-submit');
      const done = await textOf(C, '#reset-done');
      check(done.includes('Sign in'), done);
      // Every session of bruno ended with the reset.
      const me = await B.evaluate(async () => (await fetch('/api/account')).json());
      check(me.user === null, `bruno's phone is signed out: ${JSON.stringify(me)}`);
      await C.click('#reset-signin');
      await C.waitForURL(`${url}/signin`);
      await signIn(C, 'bruno', 'bruno password 2', '/');
      // The spent link is refused with a sentence.
      await B.goto(resetLink);
      await B.fill('#reset-password', 'bruno password 3');
      await B.fill('#reset-password-again', 'bruno password 3');
      await B.click('#reset-submit');
      const refused = await textOf(B, '#reset-error');
      sentence(refused, 'bad_reset');
      check(refused.includes('already used'), refused);
    }
  );

  await step('on /account bruno changes display name and language (the page switches) and the password', async () => {
    expected.push(/\/api\/account\/password$/);
    await C.click('#account-name');
    await C.waitForURL(`${url}/account`);
    await C.fill('#settings-display-name', 'Bruno B');
    await C.selectOption('#settings-language', 'pt-BR');
    await C.click('#profile-save');
    await C.waitForFunction(
      () => document.documentElement.lang === 'pt-BR' && document.querySelector('#profile-ok')?.textContent === 'Salvo.'
    );
    check((await C.textContent('#account-name')) === 'Bruno B', await C.textContent('#account-name'));
    check((await C.textContent('#password-title')) === 'Senha', 'the page is in Portuguese');
    await C.fill('#current-password', 'not my password');
    await C.fill('#new-password', 'bruno password 3');
    await C.fill('#new-password-again', 'bruno password 3');
    await C.click('#password-save');
    check((await textOf(C, '#password-error')).includes('atual está errada'), await C.textContent('#password-error'));
    await C.fill('#current-password', 'bruno password 2');
    await C.fill('#new-password', 'bruno password 3');
    await C.fill('#new-password-again', 'bruno password 3');
    await C.click('#password-save');
    check((await textOf(C, '#password-ok')).includes('outros dispositivos'), await C.textContent('#password-ok'));
    const me = await C.evaluate(async () => (await fetch('/api/account')).json());
    check(me.user?.display_name === 'Bruno B' && me.user?.language === 'pt-BR', JSON.stringify(me.user));
    await shot(C, 'account-saved-pt-BR-desktop');
  });

  await step('with maintenance on, the create form says so; off again, a match is created', async () => {
    expected.push(/\/api\/matches$/);
    await tab(A, 'server');
    check(!(await A.isChecked('#maintenance-switch')), 'maintenance starts off');
    await A.click('#maintenance-switch');
    await A.waitForFunction(() => document.querySelector('#admin-server-ok')?.textContent.includes('is on'));
    await A.waitForSelector('#admin-server.in-maintenance');
    await C.goto(url);
    await C.check('input[name="game"][value="taixu"]');
    await C.click('#create-btn');
    const text = await textOf(C, '#create-error');
    check(text.includes('manutenção'), `the create form in Portuguese: ${text}`);
    await A.click('#maintenance-switch');
    await A.waitForFunction(() => document.querySelector('#admin-server-ok')?.textContent.includes('is off'));
    await C.click('#create-btn');
    await C.waitForSelector('#go-match');
    await tab(A, 'audit');
    await A.click('#audit-reload');
    await A.waitForSelector('#audit-table tr[data-action="maintenance_off"]');
  });

  await step('a member sees "administrators only" on /admin; a guest is sent to sign in', async () => {
    await C.goto(`${url}/admin`);
    const text = await textOf(C, '#admin-only');
    check(text.includes('administradores'), text);
    await shot(C, 'only-admins-pt-BR-desktop');
    const guest = await open('guest', SIZES.phone);
    await guest.goto(`${url}/admin`);
    await guest.waitForURL(`${url}/signin?next=%2Fadmin`);
    await guest.goto(`${url}/account`);
    await guest.waitForURL(`${url}/signin?next=%2Faccount`);
    await guest.context().close();
  });

  const players = await adminMatchSteps({ step, open, A, url, SIZES, shot, textOf, tab, sentence, expected });
  await adminBackupSteps({ step, A, url, db, backupDir, SIZES, shot, textOf, tab, expected });

  await step(
    '/admin (every tab, the abort dialog), /account and /reset at both sizes in both languages, without a horizontal scroll or a serious or critical accessibility violation (axe-core, WCAG 2 A/AA)',
    async () => {
      const found = [];
      const axe = async (what) => {
        for (const p of await axeProblems(A)) found.push(`${what}: ${p}`);
      };
      for (const lang of LANGS) {
        await A.click(`.lang-switch [data-lang="${lang}"]`);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await A.setViewportSize(viewport);
          await A.goto(`${url}/admin`);
          await A.waitForSelector('#stat-version');
          for (const name of TABS) {
            await tab(A, name);
            await A.waitForSelector(`#panel-${name} table, #panel-${name} .empty, #panel-${name} .admin-stats div`);
            const wide = await A.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            check(wide <= 0, `/admin#${name} (${lang}, ${size}) scrolls sideways by ${wide} px`);
            await shot(A, `${name}-${lang}-${size}`);
            await axe(`/admin#${name} (${lang}, ${size})`);
            if (name === 'matches') {
              await A.click('#matches-table [data-action="abort"]');
              await A.waitForSelector('#abort-dialog[open]');
              await A.fill('#abort-reason', 'Server maintenance tonight');
              await shot(A, `matches-abort-${lang}-${size}`, { fullPage: false });
              await axe(`/admin#matches, the abort dialog (${lang}, ${size})`);
              await A.keyboard.press('Escape');
              await A.waitForSelector('#abort-dialog[open]', { state: 'detached' });
            }
          }
          const ready = { '/account': '#profile-form', '/reset?code=x': '#reset-submit' };
          for (const [path, selector] of Object.entries(ready)) {
            await A.goto(`${url}${path}`);
            await A.waitForSelector(selector);
            const wide = await A.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            check(wide <= 0, `${path} (${lang}, ${size}) scrolls sideways by ${wide} px`);
            await shot(A, `${path.slice(1).replace(/\?.*/, '')}-${lang}-${size}`);
            await axe(`${path} (${lang}, ${size})`);
          }
        }
      }
      await A.click('.lang-switch [data-lang="en"]');
      check(!found.length, found.join(' | '));
    }
  );

  await step('no console error, exception or CSP violation on any page', async () => {
    check(!problems.length, problems.slice(0, 5).join(' | '));
  });

  for (const p of [A, B, C, ...(players || [])])
    await p
      ?.context()
      .close()
      .catch(() => {});
  return results;
}
