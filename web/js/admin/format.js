// Pure formatting for the administration page (no DOM, unit-tested): an uptime, a size in
// bytes, a date, and an audit log entry (who, what as a sentence, its detail, from where) in
// the page's language.
import { t, has } from '../i18n.js';

// "3 d 4 h", "2 h 5 min", "4 min 10 s", "12 s" (the two largest units; the same in both languages).
export function formatUptime(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const parts = [
    [Math.floor(s / 86400), 'd'],
    [Math.floor(s / 3600) % 24, 'h'],
    [Math.floor(s / 60) % 60, 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, u]) => `${n} ${u}`)
    .join(' ');
}

// "512 B", "108 KB", "1.5 MB" ("1,5 MB" in Portuguese): powers of 1024; '—' when unknown.
export function formatBytes(bytes, lang = 'en') {
  if (bytes == null || !Number.isFinite(Number(bytes))) return '—';
  let n = Number(bytes);
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const digits = u === 0 || n >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(n)} ${units[u]}`;
}

// A server time (ISO 8601) as a local date and time in lang, or '' when absent or unreadable.
export function formatWhen(iso, lang = 'en') {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

// The audit target "user 3" / "invitation 9d5d…" / "match K7M2QX" / "server" as words: a user
// by their name when names (a Map id → user name) knows them, else "user #3".
export function auditTarget(target, names = new Map()) {
  const m = /^(user|invitation|match)\s+(\S+)$/.exec(target || '');
  if (m && m[1] === 'user') {
    const name = names.get(Number(m[2]));
    return name ?? t('admin.audit.user_id', { id: m[2] });
  }
  if (m && m[1] === 'match') return t('admin.audit.match_code', { code: m[2] });
  if (m) return t('admin.audit.invitation_id', { id: m[2] });
  if (target === 'server') return t('admin.audit.server');
  return target || '';
}

// What an audit entry did, as a sentence without its actor: "Disabled bruno", "Turned
// maintenance on"; an action this client does not know is shown as sent, with its target.
export function auditSentence(entry, names = new Map()) {
  const key = `admin.audit.did.${entry?.action}`;
  const target = auditTarget(entry?.target, names);
  if (has(key)) return t(key, { target });
  return [entry?.action, target].filter(Boolean).join(' ');
}

// The server's detail of an entry, in the page's language when it is one of the server's known
// wordings ("3 sign-up(s), 48 hour(s)" of an invitation, "valid for a day" of a reset link),
// an aborted match's reason quoted as what its players read (action: the entry's), else as sent.
export function auditDetail(detail, action = '') {
  if (action === 'abort_match' && detail) return t('admin.audit.detail_reason', { reason: detail });
  const m = /^(\d+) sign-up\(s\), (\d+) hour\(s\)$/.exec(detail || '');
  if (m) return t('admin.audit.detail_invite', { uses: m[1], hours: m[2] });
  if (detail === 'valid for a day') return t('admin.audit.detail_day');
  return detail || '';
}

// Who did it: an administrator's user name, or the owner's shell (`tabuleiro admin`, recorded
// with actor and address both `shell`: a user may be named shell, an address never is).
export function auditActor(entry) {
  return isShell(entry) ? t('admin.audit.shell') : entry?.actor || '?';
}

// From where: the address, or '' for the shell.
export function auditFrom(entry) {
  return isShell(entry) ? '' : entry?.address || '';
}

const isShell = (entry) => entry?.actor === 'shell' && entry?.address === 'shell';
