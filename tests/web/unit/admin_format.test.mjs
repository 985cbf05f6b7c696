// The administration page's pure formatting (web/js/admin/format.js): uptimes, sizes, dates and
// audit log entries as sentences in both languages, a user target named by its user name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../../../web/js/i18n.js';
import {
  formatUptime,
  formatBytes,
  formatWhen,
  auditTarget,
  auditSentence,
  auditDetail,
  auditActor,
  auditFrom,
} from '../../../web/js/admin/format.js';

test('an uptime shows its two largest units', () => {
  assert.equal(formatUptime(0), '0 s');
  assert.equal(formatUptime(12), '12 s');
  assert.equal(formatUptime(250), '4 min 10 s');
  assert.equal(formatUptime(3600), '1 h');
  assert.equal(formatUptime(2 * 3600 + 5 * 60 + 9), '2 h 5 min');
  assert.equal(formatUptime(3 * 86400 + 4 * 3600 + 59), '3 d 4 h');
  assert.equal(formatUptime(86400 + 30), '1 d');
  assert.equal(formatUptime(-5), '0 s');
  assert.equal(formatUptime(undefined), '0 s');
});

test("a size in bytes, in powers of 1024 with the language's decimal mark; unknown is a dash", () => {
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(110592), '108 KB');
  assert.equal(formatBytes(1.5 * 1024 * 1024), '1.5 MB');
  assert.equal(formatBytes(1.5 * 1024 * 1024, 'pt-BR'), '1,5 MB');
  assert.equal(formatBytes(3 * 1024 ** 3), '3 GB');
  assert.equal(formatBytes(null), '—');
  assert.equal(formatBytes(undefined), '—');
});

test('a server time becomes a local date and time; nothing for a missing or broken one', () => {
  assert.match(formatWhen('2026-12-04T19:57:05Z', 'en'), /2026/);
  assert.equal(formatWhen('', 'en'), '');
  assert.equal(formatWhen('not a date', 'en'), '');
});

test('audit entries read as sentences naming their target, in both languages', () => {
  const names = new Map([[2, 'bruno']]);
  setLang('en');
  assert.equal(auditSentence({ action: 'disable', target: 'user 2' }, names), 'Disabled bruno');
  assert.equal(auditSentence({ action: 'promote', target: 'user 7' }, names), 'Made user #7 an administrator');
  assert.equal(
    auditSentence({ action: 'revoke_invitation', target: 'invitation 9d5de58feb69e503' }),
    'Revoked invitation 9d5de58feb69e503'
  );
  assert.equal(auditSentence({ action: 'maintenance_on', target: 'server' }), 'Turned maintenance on');
  assert.equal(auditSentence({ action: 'invite', target: 'invitation' }), 'Made an invitation');
  assert.equal(auditSentence({ action: 'something_new', target: 'server' }), 'something_new the server');
  assert.equal(auditTarget('user 2', names), 'bruno');
  assert.equal(auditDetail('3 sign-up(s), 48 hour(s)'), '3 sign-up(s), valid for 48 hours');
  assert.equal(auditDetail('something else'), 'something else');
  assert.equal(auditDetail(''), '');
  setLang('pt-BR');
  assert.equal(auditSentence({ action: 'disable', target: 'user 2' }, names), 'Desativou bruno');
  assert.equal(auditDetail('1 sign-up(s), 168 hour(s)'), '1 cadastro(s), válido por 168 horas');
  assert.equal(auditDetail('valid for a day'), 'válido por um dia');
  assert.equal(auditSentence({ action: 'maintenance_off', target: 'server' }), 'Desligou a manutenção');
  setLang('en');
});

test("the owner's shell is told apart from a user named shell", () => {
  setLang('en');
  const shell = { actor: 'shell', address: 'shell' };
  const user = { actor: 'shell', address: '127.0.0.1' };
  assert.match(auditActor(shell), /tabuleiro admin/);
  assert.equal(auditFrom(shell), '');
  assert.equal(auditActor(user), 'shell');
  assert.equal(auditFrom(user), '127.0.0.1');
});
