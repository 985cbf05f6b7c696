// The restore commands the admin page's scheduled backups show (web/js/admin/restore.js): the
// newest good copy, the server's own paths filled in (quoted for the shell when they need it),
// one set of commands per way the server runs, PostgreSQL's with placeholders, none without a
// good copy; who made a copy, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../../../web/js/i18n.js';
import { shellWord, newestGood, restoreCommands, backupBy } from '../../../web/js/admin/restore.js';

const copy = (file, ok = true, by = 'schedule') => ({
  file,
  at: '2026-12-06T21:40:27Z',
  bytes: ok ? 4096 : 0,
  ok,
  error: ok ? null : 'disk full',
  by,
});
const SQLITE = {
  configured: true,
  dir: '/var/backups/tabuleiro',
  db: '/var/lib/tabuleiro/tabuleiro.db',
  postgres: false,
  backups: [
    copy('tabuleiro-20261206T220000Z.db', false),
    copy('tabuleiro-20261206T214027Z.db', true, 'boss'),
    copy('tabuleiro-20261205T214027Z.db'),
  ],
};

test('a shell word is left as it is unless the shell would read something in it', () => {
  assert.equal(shellWord('/data/tabuleiro.db'), '/data/tabuleiro.db');
  assert.equal(shellWord('/srv/my backups/x.db'), "'/srv/my backups/x.db'");
  assert.equal(shellWord("/srv/bob's/x.db"), "'/srv/bob'\\''s/x.db'");
  assert.equal(shellWord('/srv/$HOME/x.db'), "'/srv/$HOME/x.db'");
  assert.equal(shellWord(''), "''");
});

test('the newest good copy skips a newer failed one', () => {
  assert.equal(newestGood(SQLITE).file, 'tabuleiro-20261206T214027Z.db');
  assert.equal(newestGood({ backups: [copy('a', false)] }), null);
  assert.equal(newestGood({}), null);
});

test('on SQLite: tabuleiro restore --db DB DIR/FILE natively, in Docker and under systemd', () => {
  const how = restoreCommands(SQLITE);
  const restore = 'restore --db /var/lib/tabuleiro/tabuleiro.db /var/backups/tabuleiro/tabuleiro-20261206T214027Z.db';
  assert.equal(how.copy.file, 'tabuleiro-20261206T214027Z.db');
  assert.deepEqual(how.ways, [
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
  ]);
});

test("paths with spaces are quoted; a folder's trailing slash is not doubled", () => {
  const how = restoreCommands({ ...SQLITE, dir: '/srv/my backups/', db: '/srv/data/tabuleiro.db' });
  assert.equal(
    how.ways[0].lines[0],
    "tabuleiro restore --db /srv/data/tabuleiro.db '/srv/my backups/tabuleiro-20261206T214027Z.db'"
  );
});

test('on PostgreSQL: createdb, then pg_restore into it, USER@HOST left for the administrator', () => {
  const how = restoreCommands({
    configured: true,
    dir: '/var/backups/tabuleiro',
    db: null,
    postgres: true,
    backups: [copy('tabuleiro-20261206T214027Z.pgdump')],
  });
  assert.deepEqual(how.ways, [
    {
      id: 'postgres',
      lines: [
        'createdb --owner tabuleiro tabuleiro_restored',
        'pg_restore --no-owner --exit-on-error --dbname="postgresql://USER@HOST/tabuleiro_restored" /var/backups/tabuleiro/tabuleiro-20261206T214027Z.pgdump',
      ],
    },
  ]);
});

test('without a good copy there is nothing to restore', () => {
  assert.equal(restoreCommands({ ...SQLITE, backups: [copy('x', false)] }), null);
  assert.equal(restoreCommands({ configured: false, dir: '', db: null, backups: [] }), null);
});

test('who made a copy: the schedule, the folder found at start, or an administrator', () => {
  setLang('en');
  assert.equal(backupBy('schedule'), 'schedule');
  assert.equal(backupBy('start'), 'found at start');
  assert.equal(backupBy('boss'), 'boss');
  setLang('pt-BR');
  assert.equal(backupBy('schedule'), 'agendamento');
  assert.equal(backupBy('start'), 'encontrada ao iniciar');
  setLang('en');
});
