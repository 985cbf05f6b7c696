// The Server section's "Scheduled backups" box (GET/POST /api/admin/backups): the folder, the
// interval, how many copies are kept and when the next is due; the copies, newest first, a
// failed one with its error; "Back up now"; a warning while the newest attempt has failed; and
// the commands that restore the newest good copy (restore.js). Without --backup-dir, how to turn
// scheduled backups on.
import { h, fill, icon } from '../dom.js';
import { t, lang, durationText } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { copyText } from '../share.js';
import { formatBytes, formatWhen } from './format.js';
import { restoreCommands, backupBy } from './restore.js';
import { messages, failure, dataTable } from './ui.js';

// The box: {el, load(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function backupsBox({ onRefused }) {
  const title = h('h3', { id: 'backups-title' });
  const off = h('p', { class: 'hint', id: 'backups-off', hidden: true });
  const facts = h('dl', { class: 'backups-facts', id: 'backups-facts' });
  const warning = h('p', { class: 'backups-warning', id: 'backups-warning', role: 'alert', hidden: true });
  const now = h('button', { type: 'button', class: 'btn', id: 'backup-now', onclick: () => backUpNow() });
  const running = h('span', { class: 'hint', id: 'backups-running', role: 'status' });
  const msg = messages('admin-backups', 'backups');
  const fail = failure(onRefused, msg);
  const list = h('div', { class: 'admin-table-box', id: 'backups-list' });
  const restore = h('div', { class: 'backups-restore', id: 'backups-restore' });
  const configured = [facts, h('div', { class: 'backups-actions' }, now, running), ...msg.nodes, list, restore];
  const el = h(
    'div',
    { class: 'maintenance-box backups-box', id: 'admin-backups', role: 'group', 'aria-labelledby': 'backups-title' },
    title,
    off,
    warning,
    ...configured
  );
  let info = null;
  let drawn = ''; // the JSON last drawn: an unchanged answer leaves the box (and a selection in it) alone
  let asking = false;

  const labels = () => {
    title.textContent = t('admin.backups.title');
    now.textContent = t('admin.backups.now');
  };

  // Draws info; unless force, only when it differs from what is drawn.
  function draw(force = false) {
    if (!info) return;
    const json = JSON.stringify(info);
    if (!force && json === drawn) return;
    drawn = json;
    off.hidden = info.configured;
    for (const n of configured) n.hidden = !info.configured;
    const newest = info.backups?.[0];
    warning.hidden = !(info.configured && info.last_failed);
    warning.textContent = warning.hidden
      ? ''
      : t('admin.backups.warning', { error: newest?.error || '?', date: formatWhen(newest?.at, lang()) });
    now.disabled = asking || !!info.running;
    running.textContent = info.running ? t('admin.backups.running') : '';
    if (!info.configured) {
      off.textContent = t('admin.backups.off');
      return;
    }
    drawFacts(facts, info);
    drawList(list, info);
    drawRestore(restore, info);
  }

  async function load() {
    try {
      info = await getAdmin('backups');
      info.backups ||= [];
      draw();
    } catch (e) {
      fail(e);
    }
  }

  // POST /api/admin/backups: a copy written now; the list as it is after it.
  async function backUpNow() {
    if (asking) return;
    asking = true;
    now.disabled = true;
    msg.clear();
    running.textContent = t('admin.backups.running');
    try {
      info = await postAdmin('backups', {});
      info.backups ||= [];
      msg.ok(t('admin.backups.done', { file: info.backups[0]?.file || '' }));
    } catch (e) {
      if (!onRefused(e)) {
        msg.error(e);
        await load(); // a failed copy is listed now, with its error
      }
    } finally {
      asking = false;
      draw(true);
    }
  }

  labels();
  return {
    el,
    load,
    relabel() {
      labels();
      draw(true);
    },
  };
}

// Draws into facts info's folder, interval, copies kept, next copy, last good copy and failures
// since start.
function drawFacts(facts, info) {
  const fact = (key, value, id) =>
    h('div', { class: 'backups-fact' }, h('dt', {}, t(key)), h('dd', { id: `backups-${id}` }, value));
  fill(
    facts,
    fact('admin.backups.folder', h('code', {}, info.dir), 'dir'),
    fact('admin.backups.every', t('admin.backups.every_value', { time: durationText(info.every_s * 1000) }), 'every'),
    fact('admin.backups.keep', t('admin.backups.keep_value', { n: info.keep }), 'keep'),
    fact(
      'admin.backups.next',
      info.running ? t('admin.backups.next_running') : formatWhen(info.next, lang()) || '—',
      'next'
    ),
    fact(
      'admin.backups.last_success',
      formatWhen(info.last_success, lang()) || t('admin.backups.none_yet'),
      'last-success'
    ),
    info.failures ? fact('admin.backups.failures', String(info.failures), 'failures') : null
  );
}

// Draws into list info's copies, newest first: file, time, size, result (a failure's error under
// it), who.
function drawList(list, info) {
  fill(
    list,
    dataTable({
      id: 'backups-table',
      caption: t('admin.backups.list'),
      empty: t('admin.backups.none'),
      headers: [
        t('admin.backups.file'),
        t('admin.backups.at'),
        t('admin.backups.size'),
        t('admin.backups.result'),
        t('admin.backups.by'),
      ],
      rows: info.backups.map((b) => ({
        attrs: { dataset: { file: b.file, ok: String(b.ok), by: b.by } },
        cells: [
          h('code', { class: 'backups-file' }, b.file),
          h('time', { datetime: b.at }, formatWhen(b.at, lang())),
          h('span', { class: 'nowrap' }, b.ok ? formatBytes(b.bytes, lang()) : '—'),
          b.ok
            ? h('span', { class: 'state-mark' }, t('admin.backups.ok'))
            : h(
                'span',
                {},
                h('span', { class: 'state-mark off' }, t('admin.backups.failed')),
                h('small', { class: 'cell-sub backups-error' }, b.error || '')
              ),
          backupBy(b.by),
        ],
      })),
    })
  );
}

// One way of restoring: its heading, what to know first, the commands and a button copying them.
function way(id, lines) {
  // One block per command, so that a command wrapped on a narrow screen hangs under its start.
  const code = h(
    'code',
    { id: `restore-${id}-code` },
    lines.map((line, i) => h('span', { class: 'restore-line' }, i < lines.length - 1 ? `${line}\n` : line))
  );
  const label = h('span', {}, t('copy'));
  const copy = h(
    'button',
    {
      type: 'button',
      class: 'btn small ghost copy',
      id: `restore-${id}-copy`,
      'aria-labelledby': `restore-${id}-copy restore-${id}-title`,
      onclick: async () => {
        const ok = await copyText(code.textContent);
        if (!ok) getSelection()?.selectAllChildren(code);
        label.textContent = ok ? t('copied') : t('admin.backups.copy_failed');
        setTimeout(() => {
          label.textContent = t('copy');
        }, 2000);
      },
    },
    icon('copy'),
    label
  );
  return h(
    'div',
    { class: 'restore-way', id: `restore-${id}` },
    h('div', { class: 'restore-way-head' }, h('h5', { id: `restore-${id}-title` }, t(`admin.backups.way_${id}`)), copy),
    h('p', { class: 'hint' }, t(`admin.backups.way_${id}_text`)),
    h('pre', { class: 'restore-code' }, code)
  );
}

// Draws into restore how to restore info's newest good copy, or that there is none yet.
function drawRestore(restore, info) {
  const how = restoreCommands(info);
  fill(
    restore,
    h('h4', { id: 'restore-title' }, t('admin.backups.restore_title')),
    how
      ? [
          h(
            'p',
            { id: 'restore-from' },
            t('admin.backups.restore_from', { file: how.copy.file, date: formatWhen(how.copy.at, lang()) })
          ),
          h('p', { class: 'hint' }, t(info.postgres ? 'admin.backups.restore_pg' : 'admin.backups.restore_stop')),
          how.ways.map((w) => way(w.id, w.lines)),
          h('p', { class: 'hint', id: 'restore-readme' }, t('admin.backups.readme')),
        ]
      : h('p', { class: 'empty', id: 'restore-none' }, t('admin.backups.restore_none'))
  );
}
