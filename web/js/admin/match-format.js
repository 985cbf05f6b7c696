// Pure wording and checks of the administration page's Matches section (no DOM, unit-tested):
// the list's query, a match's players and result in words, and the abort reason cleaned as the
// server cleans it (protocol/PROTOCOL.md "Administration", "Room-level endings").
import { t, reasonText } from '../i18n.js';
import { gameById, seatLabel } from '../games.js';

// The statuses the list filters by ('' is any).
export const STATUSES = ['waiting', 'live', 'finished'];
// The most the server keeps of a reason, in UTF-8 bytes.
export const REASON_MAX_BYTES = 200;
// The most rows one answer holds.
export const LIST_LIMIT = 200;

// The route of the list for the filters {status, game, player}: `matches`, with only the
// filters that are set, e.g. `matches?status=live&player=ana`.
export function matchesRoute({ status = '', game = '', player = '' } = {}) {
  const q = new URLSearchParams();
  if (STATUSES.includes(status)) q.set('status', status);
  if (game) q.set('game', game);
  if (player.trim()) q.set('player', player.trim());
  const s = q.toString();
  return s ? `matches?${s}` : 'matches';
}

// A reason as the server keeps it: control characters made spaces, each run of whitespace one
// space, trimmed.
/* eslint-disable no-control-regex -- control characters are what it replaces */
export function cleanReason(text) {
  return String(text ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
/* eslint-enable no-control-regex */

// The UTF-8 length of text.
export const utf8Bytes = (text) => new TextEncoder().encode(String(text ?? '')).length;

// What is wrong with a reason before it is sent: 'empty', 'too_long' (over REASON_MAX_BYTES once
// cleaned: the server would cut it), or null.
export function reasonProblem(text) {
  const clean = cleanReason(text);
  if (!clean) return 'empty';
  if (utf8Bytes(clean) > REASON_MAX_BYTES) return 'too_long';
  return null;
}

// The status of a match in words ("Waiting", "Live", "Finished"); an unknown one as sent.
export function statusText(status) {
  return STATUSES.includes(status) ? t(`admin.matches.status_${status}`) : String(status ?? '');
}

// Whether the match may be aborted (it has no outcome yet) or deleted (finished).
export const canAbort = (m) => !!m && m.status !== 'finished' && !m.outcome;
export const canDelete = (m) => !!m && m.status === 'finished';

// The name of seat n in match m's game ("Player 1", "White").
const seatOf = (m, n) => seatLabel(gameById(m?.game) || { id: m?.game }, n);

// Seat n's player of match m: "Ana (Player 1)", or the seat's name alone when no name is known.
export function playerText(m, n) {
  const name = m?.players?.[n - 1];
  return name ? t('admin.matches.player', { name, seat: seatOf(m, n) }) : seatOf(m, n);
}

// Seat n's line of the list: "Player 1: Ana", "Player 2: —" (no name known: a free seat, or one
// taken without a name).
export function seatLine(m, n) {
  return t('admin.matches.seat_line', { seat: seatOf(m, n), name: m?.players?.[n - 1] || t('admin.matches.no_name') });
}

// The result of match m in words: '' while it runs; "Ana (Player 1) wins: by resignation",
// "Draw — by agreement", "aborted by the host: {the administrator's reason}".
export function resultText(m) {
  const o = m?.outcome;
  if (!o) return '';
  const why = reasonText(o.reason, m.game);
  if (o.reason === 'aborted_by_host') return o.note ? t('reason.aborted_by_host_note', { note: o.note }) : why;
  if (o.reason === 'aborted') return why;
  if (o.winner == null) return `${t('outcome.draw')} — ${why}`;
  return t('outcome.won_by', { player: playerText(m, o.winner), reason: why });
}
