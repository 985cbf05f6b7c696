// The administration page's Matches section, its pure part (web/js/admin/match-format.js): the
// list's route from the filters, an abort reason cleaned and measured as the server does it,
// which actions a match offers, its players and result in words in both languages; and the
// audit log's match entries (format.js) as sentences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../../../web/js/i18n.js';
import '../../../web/js/games.js';
import {
  matchesRoute,
  cleanReason,
  utf8Bytes,
  reasonProblem,
  statusText,
  canAbort,
  canDelete,
  playerText,
  seatLine,
  resultText,
  REASON_MAX_BYTES,
} from '../../../web/js/admin/match-format.js';
import { auditSentence, auditDetail, auditTarget } from '../../../web/js/admin/format.js';

test("the list's route carries only the filters that are set", () => {
  assert.equal(matchesRoute(), 'matches');
  assert.equal(matchesRoute({ status: '', game: '', player: '  ' }), 'matches');
  assert.equal(matchesRoute({ status: 'live' }), 'matches?status=live');
  assert.equal(
    matchesRoute({ status: 'live', game: 'taixu', player: ' Ana ' }),
    'matches?status=live&game=taixu&player=Ana'
  );
  assert.equal(matchesRoute({ player: 'a&b=c' }), 'matches?player=a%26b%3Dc');
  assert.equal(
    matchesRoute({ status: 'bogus' }),
    'matches',
    'an unknown status is not sent (the server would refuse it)'
  );
});

test('a reason is cleaned as the server cleans it: controls become spaces, runs of space one, trimmed', () => {
  assert.equal(cleanReason('  Server\tmaintenance\n\ntonight \u0007 '), 'Server maintenance tonight');
  assert.equal(cleanReason('\u0085x\u007f'), 'x');
  assert.equal(cleanReason(null), '');
  assert.equal(cleanReason(undefined), '');
});

test('a reason is required and measured in UTF-8 bytes, as the server keeps at most 200', () => {
  assert.equal(REASON_MAX_BYTES, 200);
  assert.equal(reasonProblem(''), 'empty');
  assert.equal(reasonProblem(' \n\t\u0007 '), 'empty');
  assert.equal(reasonProblem('Server maintenance tonight'), null);
  assert.equal(reasonProblem('x'.repeat(200)), null);
  assert.equal(reasonProblem('x'.repeat(201)), 'too_long');
  assert.equal(reasonProblem(`  ${'x'.repeat(200)}  `), null, 'measured once cleaned');
  assert.equal(utf8Bytes('é'), 2);
  assert.equal(utf8Bytes('🙂'), 4);
  assert.equal(reasonProblem('é'.repeat(100)), null);
  assert.equal(
    reasonProblem('é'.repeat(101)),
    'too_long',
    '101 accented letters are 202 bytes: the server would cut them'
  );
});

test('a running match is aborted, a finished one deleted', () => {
  assert.ok(canAbort({ status: 'waiting', outcome: null }));
  assert.ok(canAbort({ status: 'live', outcome: null }));
  assert.ok(!canAbort({ status: 'finished', outcome: { winner: 1, reason: 'resign' } }));
  assert.ok(!canDelete({ status: 'live', outcome: null }));
  assert.ok(canDelete({ status: 'finished', outcome: { winner: null, reason: 'aborted_by_host', note: 'x' } }));
  assert.ok(!canAbort(null) && !canDelete(undefined));
});

test('status, players and result read as words in both languages', () => {
  setLang('en');
  const m = {
    code: 'K7M2QX',
    game: 'taixu',
    status: 'finished',
    players: ['Ana', null],
    outcome: { winner: 1, reason: 'resign' },
  };
  assert.equal(statusText('live'), 'Live');
  assert.equal(statusText('waiting'), 'No move yet');
  assert.equal(statusText('odd'), 'odd');
  assert.equal(playerText(m, 1), 'Ana (Player 1)');
  assert.equal(playerText(m, 2), 'Player 2');
  assert.equal(playerText({ game: 'cyvasse', players: [null, 'Bruno'] }, 2), 'Bruno (Black)');
  assert.equal(seatLine(m, 1), 'Player 1: Ana');
  assert.equal(seatLine(m, 2), 'Player 2: —', 'no name known: a free seat, or one taken without a name');
  assert.equal(seatLine({ game: 'quadri', players: ['Ana', 'Bia'] }, 2), 'Red: Bia');
  assert.equal(resultText(m), 'Ana (Player 1) wins: by resignation');
  assert.equal(resultText({ ...m, outcome: null, status: 'live' }), '');
  assert.equal(resultText({ ...m, outcome: { winner: null, reason: 'agreement' } }), 'Draw — by agreement');
  const aborted = { ...m, outcome: { winner: null, reason: 'aborted_by_host', note: 'Server maintenance tonight' } };
  assert.equal(resultText(aborted), 'aborted by the host: Server maintenance tonight');
  assert.equal(
    resultText({ ...m, outcome: { winner: null, reason: 'aborted_by_host' } }),
    'aborted by the host — no result'
  );
  assert.equal(
    resultText({ ...m, outcome: { winner: null, reason: 'aborted' } }),
    'aborted before it really began — no result'
  );
  setLang('pt-BR');
  assert.equal(statusText('finished'), 'Encerrada');
  assert.equal(playerText(m, 1), 'Ana (Jogador 1)');
  assert.equal(seatLine(m, 2), 'Jogador 2: —');
  assert.equal(resultText(aborted), 'cancelada pelo anfitrião: Server maintenance tonight');
  setLang('en');
});

test("the audit log's match entries read as sentences, the abort with its reason", () => {
  setLang('en');
  assert.equal(auditTarget('match K7M2QX'), 'match K7M2QX');
  assert.equal(auditSentence({ action: 'abort_match', target: 'match K7M2QX' }), 'Aborted match K7M2QX');
  assert.equal(auditSentence({ action: 'delete_match', target: 'match K7M2QX' }), 'Deleted match K7M2QX and its log');
  assert.equal(
    auditDetail('Server maintenance tonight', 'abort_match'),
    'Reason given to the players: “Server maintenance tonight”'
  );
  assert.equal(auditDetail('', 'delete_match'), '');
  assert.equal(auditDetail('valid for a day', 'reset_link'), 'valid for a day', 'other details as before');
  setLang('pt-BR');
  assert.equal(auditSentence({ action: 'abort_match', target: 'match K7M2QX' }), 'Cancelou a partida K7M2QX');
  assert.equal(
    auditSentence({ action: 'delete_match', target: 'match K7M2QX' }),
    'Excluiu a partida K7M2QX e o seu registro'
  );
  assert.equal(
    auditDetail('Servidor em manutenção', 'abort_match'),
    'Motivo dado aos jogadores: “Servidor em manutenção”'
  );
  setLang('en');
});
