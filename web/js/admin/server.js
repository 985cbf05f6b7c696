// The administration page's Server section: this node's figures (GET /api/admin/server),
// read again every few seconds while the section is shown and the tab visible, and the
// maintenance switch (POST /api/admin/maintenance), a link that downloads a backup made now
// (GET /api/admin/backup) and the scheduled backups (backups.js), read again with the figures.
import { h, fill } from '../dom.js';
import { t, has, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { formatUptime, formatBytes, formatWhen } from './format.js';
import { messages, failure } from './ui.js';
import { backupsBox } from './backups.js';

const REFRESH_MS = 5000;

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page
// (signed out, no longer an administrator).
export function serverSection({ onRefused }) {
  const stats = h('dl', { class: 'admin-stats', id: 'admin-stats' });
  const updated = h('p', { class: 'hint admin-updated', id: 'admin-updated' });
  const msg = messages('admin-server');
  const fail = failure(onRefused, msg);
  const toggle = h('input', {
    type: 'checkbox',
    id: 'maintenance-switch',
    role: 'switch',
    class: 'switch',
    'aria-describedby': 'maintenance-text',
    onchange: () => setMaintenance(toggle.checked),
  });
  const title = h('h2', { id: 'admin-server-title' });
  const maintTitle = h('h3', {});
  const label = h('label', { for: 'maintenance-switch' });
  const text = h('p', { class: 'hint', id: 'maintenance-text' });
  // A plain link: the browser downloads the copy with the session cookie (a GET changes nothing).
  const backupTitle = h('h3', {});
  const backupLink = h('a', { class: 'btn', id: 'admin-backup', href: '/api/admin/backup', download: '' });
  const backupText = h('p', { class: 'hint', id: 'admin-backup-text' });
  const backups = backupsBox({ onRefused });
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-server', 'aria-labelledby': 'admin-server-title' },
    title,
    stats,
    updated,
    h('div', { class: 'maintenance-box' }, maintTitle, h('div', { class: 'switch-row' }, toggle, label), text),
    h('div', { class: 'maintenance-box' }, backupTitle, backupLink, backupText),
    backups.el,
    ...msg.nodes
  );
  let info = null;
  let timer = null;
  let busy = false;

  const labels = () => {
    title.textContent = t('admin.server.title');
    maintTitle.textContent = t('admin.server.maintenance');
    label.textContent = t('admin.server.maintenance_switch');
    text.textContent = t('admin.server.maintenance_text');
    backupTitle.textContent = t('admin.server.backup');
    backupLink.textContent = t('admin.server.backup_download');
    backupText.textContent = t('admin.server.backup_text');
  };

  function draw() {
    if (!info) return;
    fill(stats, ...statRows(info));
    toggle.checked = !!info.maintenance;
    el.classList.toggle('in-maintenance', !!info.maintenance);
    updated.textContent = t('admin.server.updated', {
      time: new Date().toLocaleTimeString(lang()),
      started: formatWhen(info.started, lang()),
    });
  }

  async function load() {
    backups.load();
    try {
      info = await getAdmin('server');
      draw();
    } catch (e) {
      fail(e);
    }
  }

  async function setMaintenance(on) {
    if (busy) return;
    busy = true;
    toggle.disabled = true;
    msg.clear();
    try {
      await postAdmin('maintenance', { on });
      msg.ok(t(on ? 'admin.server.maintenance_on' : 'admin.server.maintenance_off'));
      await load();
    } catch (e) {
      toggle.checked = !on;
      fail(e);
    } finally {
      busy = false;
      toggle.disabled = false;
    }
  }

  // Reads again every REFRESH_MS while shown; a hidden tab skips its turns and reads at once
  // when it comes back.
  const tick = () => {
    if (!document.hidden) load();
  };
  const back = () => {
    if (!document.hidden) load();
  };
  labels();
  return {
    el,
    show() {
      load();
      clearInterval(timer);
      timer = setInterval(tick, REFRESH_MS);
      document.addEventListener('visibilitychange', back);
    },
    hide() {
      clearInterval(timer);
      timer = null;
      document.removeEventListener('visibilitychange', back);
    },
    relabel() {
      labels();
      draw();
      backups.relabel();
    },
  };
}

// One figure of the list: its name (key), value, an optional line under it (sub); id names its value.
function statRow(key, value, id, sub = null) {
  return h(
    'div',
    { class: 'admin-stat' },
    h('dt', {}, t(key)),
    h('dd', { id: `stat-${id}` }, String(value), sub ? h('small', { class: 'cell-sub' }, sub) : null)
  );
}

// The node's figures of info (GET /api/admin/server): version, uptime, connections, rooms,
// bots thinking, database size, access (with its explanation) and node.
function statRows(info) {
  const access = `admin.access.${info.access}`;
  return [
    statRow('admin.server.version', info.version, 'version'),
    statRow('admin.server.uptime', formatUptime(info.uptime_s), 'uptime'),
    statRow('admin.server.connections', info.connections, 'connections'),
    statRow('admin.server.rooms', info.rooms, 'rooms'),
    statRow('admin.server.bots', info.bots_thinking, 'bots'),
    statRow('admin.server.database', formatBytes(info.database_bytes, lang()), 'database'),
    statRow(
      'admin.server.access',
      has(access) ? t(access) : info.access,
      'access',
      has(`${access}_text`) ? t(`${access}_text`) : null
    ),
    statRow('admin.server.node', info.node || t('admin.server.no_node'), 'node'),
  ];
}
