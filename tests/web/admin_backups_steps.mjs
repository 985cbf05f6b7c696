// The admin scenario's scheduled-backup steps (admin_scenario.mjs runs them on its server, started
// by run.mjs with --backup-dir DIR --backup-every 1h; protocol/PROTOCOL.md "Administration"):
// the Server section lists the copy the schedule wrote at start, with the folder, the interval
// and the commands that restore it (the server's real database path and the copy's file name);
// "Back up now" adds a second copy, by the administrator, which the restore commands then name
// (their Copy button puts them on the clipboard) and the audit log lists; in Portuguese the box is labelled in Portuguese; a copy that fails
// (the folder replaced by a file: the tests may run as root, whom a read-only folder does not
// stop) shows a warning with its error while the older copies stay listed, on disk and in the
// restore commands; with the folder back, the next copy clears the warning.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from './steps.mjs';

const ROWS = '#backups-table tbody tr';
const COPY_NAME = /^tabuleiro-\d{8}T\d{6}Z\.db$/;

// Runs the steps. ctx: the scenario's step runner, the administrator's page A, the server's
// url, database and backup folder, its sizes, its helpers (shot, textOf, tab) and the list of
// refusals it expects (expected, extended here).
export async function adminBackupSteps({ step, A, url, db, backupDir, SIZES, shot, textOf, tab, expected }) {
  // The copies listed, newest first: {file, ok, by}.
  const listed = () =>
    A.$$eval(ROWS, (rows) =>
      rows.map((r) => ({ file: r.dataset.file, ok: r.dataset.ok === 'true', by: r.dataset.by }))
    );
  const rowCount = (n) => A.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [ROWS, n]);
  // The restore commands name db and the copy file of backupDir, for each way the server runs.
  const restoresFrom = async (file) => {
    const restore = `restore --db ${db} ${backupDir}/${file}`;
    const native = await A.textContent('#restore-native-code');
    check(native === `tabuleiro ${restore}`, `native: ${native}`);
    const docker = await A.textContent('#restore-docker-code');
    check(
      docker ===
        `docker stop tabuleiro\ndocker run --rm --user root -v tabuleiro-data:/data --entrypoint tabuleiro tabuleiro ${restore}\ndocker start tabuleiro`,
      `docker: ${docker}`
    );
    const systemd = await A.textContent('#restore-systemd-code');
    check(
      systemd === `systemctl stop tabuleiro\n/usr/local/bin/tabuleiro ${restore}\nsystemctl start tabuleiro`,
      `systemd: ${systemd}`
    );
    check((await A.textContent('#restore-from')).includes(file), 'the restore text names the copy');
  };
  let first = '';
  let second = '';

  await step(
    'the Server section lists the copy the schedule wrote at start, its folder and interval, and the commands that restore it',
    async () => {
      await tab(A, 'server');
      await A.waitForSelector(ROWS);
      const copies = await listed();
      check(copies.length === 1 && copies[0].ok && copies[0].by === 'schedule', JSON.stringify(copies));
      first = copies[0].file;
      check(COPY_NAME.test(first) && existsSync(join(backupDir, first)), `${first} is in ${backupDir}`);
      check((await textOf(A, '#backups-dir')) === backupDir, await A.textContent('#backups-dir'));
      check((await A.textContent('#backups-every')) === 'every 1 h', await A.textContent('#backups-every'));
      check((await A.textContent('#backups-keep')) === 'the newest 7', await A.textContent('#backups-keep'));
      check((await A.textContent(`${ROWS} td:nth-child(5)`)) === 'schedule', 'made by the schedule');
      check(await A.isHidden('#backups-warning'), 'no warning');
      await restoresFrom(first);
      check((await A.textContent('#restore-readme')).includes('deploy/README.md'), 'the README is named');
    }
  );

  await step(
    '"Back up now" adds a second copy by the administrator, which the restore commands name (their Copy button copies them); the audit log lists it',
    async () => {
      await A.click('#backup-now');
      const ok = await textOf(A, '#admin-backups-ok');
      await rowCount(2);
      const copies = await listed();
      second = copies[0].file;
      check(
        copies[0].ok && copies[0].by === 'boss' && copies[1].file === first && second !== first,
        JSON.stringify(copies)
      );
      check(ok === `Backup written and checked: ${second}.`, ok);
      check(existsSync(join(backupDir, second)), `${second} is on disk`);
      check(!(await A.isDisabled('#backup-now')), 'the button is enabled again');
      await restoresFrom(second);
      await A.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await A.click('#restore-systemd-copy');
      await A.waitForFunction(() => document.querySelector('#restore-systemd-copy').textContent.includes('Copied'));
      const copied = await A.evaluate(() => navigator.clipboard.readText());
      check(
        copied === (await A.textContent('#restore-systemd-code')) && copied.split('\n').length === 3,
        `copied ${JSON.stringify(copied)}`
      );
      await tab(A, 'audit');
      await A.click('#audit-reload');
      const line = await textOf(A, '#audit-table tr[data-action="backup"]');
      check(line.includes('boss') && line.includes('Made a backup') && line.includes(second), line);
      await tab(A, 'server');
    }
  );

  await step('in Portuguese the backups box is labelled in Portuguese', async () => {
    await A.click('.lang-switch [data-lang="pt-BR"]');
    await A.waitForFunction(
      () => document.querySelector('#backups-title')?.textContent === 'Cópias de segurança agendadas'
    );
    const texts = await A.evaluate(() =>
      Object.fromEntries(
        ['#backup-now', '#backups-every', '#restore-title', '#restore-native-title', '#restore-systemd-title'].map(
          (s) => [s, document.querySelector(s)?.textContent]
        )
      )
    );
    check(
      texts['#backup-now'] === 'Fazer uma cópia agora' &&
        texts['#backups-every'] === 'a cada 1 h' &&
        texts['#restore-title'] === 'Restaurar a cópia boa mais recente' &&
        texts['#restore-native-title'] === 'Direto na máquina',
      JSON.stringify(texts)
    );
    const header = await A.getAttribute(`${ROWS} td:nth-child(5)`, 'data-label');
    check(
      header === 'Por' && (await A.textContent(`${ROWS}:last-child td:nth-child(5)`)) === 'agendamento',
      `${header}`
    );
    check(
      (await A.textContent('#restore-from')).startsWith('A cópia boa mais recente é'),
      await A.textContent('#restore-from')
    );
    await A.click('.lang-switch [data-lang="en"]');
    await A.waitForFunction(() => document.querySelector('#backups-title')?.textContent === 'Scheduled backups');
  });

  await step(
    'a copy that fails (its folder replaced by a file) shows a warning with its error; the older copies are kept; the next good copy clears it',
    async () => {
      expected.push(/\/api\/admin\/backups$/);
      const away = `${backupDir}.away`;
      renameSync(backupDir, away);
      writeFileSync(backupDir, 'not a folder\n');
      try {
        await A.click('#backup-now');
        const refused = await textOf(A, '#admin-backups-error');
        check(refused.startsWith('The backup failed; the older copies are kept'), refused);
        await A.waitForSelector('#backups-warning:not([hidden])');
        const warning = await A.textContent('#backups-warning');
        check(warning.includes('failed:') && warning.includes('older copies are kept'), warning);
        check((await A.getAttribute('#backups-warning', 'role')) === 'alert', 'the warning is an alert');
        await rowCount(3);
        const copies = await listed();
        check(!copies[0].ok && copies[1].file === second && copies[2].file === first, JSON.stringify(copies));
        const error = (await A.textContent(`${ROWS}:first-child .backups-error`)).trim();
        check(error.length > 5 && warning.includes(error), `the row's error ${error} is in the warning`);
        check((await A.textContent(`${ROWS}:first-child td:nth-child(4)`)).startsWith('Failed'), 'the row says Failed');
        await restoresFrom(second);
        for (const lang of ['en', 'pt-BR']) {
          await A.click(`.lang-switch [data-lang="${lang}"]`);
          for (const [size, viewport] of Object.entries(SIZES)) {
            await A.setViewportSize(viewport);
            await A.waitForSelector('#backups-warning:not([hidden])');
            await A.evaluate(() => scrollTo(0, 0)); // the top bar where it belongs in the full-page shot
            const wide = await A.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            check(wide <= 0, `the failed backup (${lang}, ${size}) scrolls sideways by ${wide} px`);
            await shot(A, `server-backup-failed-${lang}-${size}`);
          }
        }
        await A.click('.lang-switch [data-lang="en"]');
        await A.setViewportSize(SIZES.desktop);
      } finally {
        rmSync(backupDir, { force: true });
        renameSync(away, backupDir);
      }
      check(
        existsSync(join(backupDir, first)) && existsSync(join(backupDir, second)),
        'the older copies are still on disk'
      );
      await A.click('#backup-now');
      await A.waitForSelector('#backups-warning', { state: 'hidden' });
      await rowCount(4);
      const copies = await listed();
      check(copies[0].ok && copies[0].by === 'boss' && !copies[1].ok, JSON.stringify(copies));
      await restoresFrom(copies[0].file);
    }
  );
}
