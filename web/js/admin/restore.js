// What the admin page says about scheduled backups without drawing it (no DOM, unit-tested):
// the newest copy that can be restored, the exact commands that restore it for each way the
// server runs (deploy/README.md "Backup and restore", with the server's own paths filled in),
// and who made a copy, in the page's language.
import { t } from '../i18n.js';

// The characters a POSIX shell reads as themselves in a word.
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/;

// s as one word of a shell command: as it is when the shell reads nothing special in it, else
// in single quotes (a quote inside written '\'').
export function shellWord(s) {
  const text = String(s ?? '');
  return PLAIN.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

// The newest copy that was written and checked (GET /api/admin/backups lists newest first), or null.
export function newestGood(info) {
  return (info?.backups || []).find((b) => b.ok) || null;
}

// The path of file in folder dir.
const inDir = (dir, file) => `${String(dir || '').replace(/\/+$/, '')}/${file}`;

// The commands that restore the newest good copy, as {copy, ways: [{id, lines}]}: on SQLite one
// way per id 'native', 'docker' and 'systemd' (tabuleiro restore --db DB DIR/FILE), on
// PostgreSQL the one way 'postgres' (createdb, then pg_restore into that new database; USER@HOST
// stay placeholders, the server never sends its database's address). null without a good copy.
export function restoreCommands(info) {
  const copy = newestGood(info);
  if (!copy) return null;
  const file = shellWord(inDir(info.dir, copy.file));
  if (info.postgres || !info.db) {
    return {
      copy,
      ways: [
        {
          id: 'postgres',
          lines: [
            'createdb --owner tabuleiro tabuleiro_restored',
            `pg_restore --no-owner --exit-on-error --dbname="postgresql://USER@HOST/tabuleiro_restored" ${file}`,
          ],
        },
      ],
    };
  }
  const restore = `restore --db ${shellWord(info.db)} ${file}`;
  return {
    copy,
    ways: [
      { id: 'native', lines: [`tabuleiro ${restore}`] },
      {
        id: 'docker',
        lines: [
          'docker stop tabuleiro',
          `docker run --rm --user root -v tabuleiro-data:/data --entrypoint tabuleiro tabuleiro ${restore}`,
          'docker start tabuleiro',
        ],
      },
      {
        id: 'systemd',
        lines: ['systemctl stop tabuleiro', `/usr/local/bin/tabuleiro ${restore}`, 'systemctl start tabuleiro'],
      },
    ],
  };
}

// Who made a copy: the schedule, the folder as found when the server started, or an
// administrator (by their user name).
export function backupBy(by) {
  if (by === 'schedule') return t('admin.backups.by_schedule');
  if (by === 'start') return t('admin.backups.by_start');
  return by || '?';
}
