// The administration page's Audit log section: GET /api/admin/audit, newest first, one row per
// entry — when, who, what (a sentence naming the target: a user by their name), the server's
// detail and from which address.
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { getAdmin } from '../api.js';
import { formatWhen, auditSentence, auditDetail, auditActor, auditFrom } from './format.js';
import { messages, failure, drawTable, sectionFace } from './ui.js';

const LIMIT = 200;

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function auditSection({ onRefused }) {
  const title = h('h2', { id: 'admin-audit-title' });
  const reload = h('button', { type: 'button', class: 'btn small ghost', id: 'audit-reload', onclick: () => load() });
  const msg = messages('admin-audit');
  const fail = failure(onRefused, msg);
  const list = h('div', { class: 'admin-table-box', id: 'audit-box' });
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-audit', 'aria-labelledby': 'admin-audit-title' },
    h('div', { class: 'admin-section-head' }, title, reload),
    ...msg.nodes,
    list
  );
  let entries = null;
  let names = new Map(); // user id → user name, for the targets

  const labels = () => {
    title.textContent = t('admin.audit.title');
    reload.textContent = t('admin.audit.reload');
  };

  function draw() {
    if (!entries) return;
    drawTable(list, {
      id: 'audit-table',
      caption: t('admin.audit.title'),
      empty: t('admin.audit.none'),
      headers: [t('admin.audit.when'), t('admin.audit.who'), t('admin.audit.what'), t('admin.audit.from')],
      rows: entries.map((e) => ({
        attrs: { dataset: { action: e.action, target: e.target } },
        cells: [
          h('time', { datetime: e.at }, formatWhen(e.at, lang())),
          auditActor(e),
          h(
            'span',
            {},
            auditSentence(e, names),
            e.detail ? h('small', { class: 'cell-sub' }, auditDetail(e.detail, e.action)) : null
          ),
          auditFrom(e),
        ],
      })),
    });
  }

  async function load() {
    try {
      const [log, users] = await Promise.all([
        getAdmin(`audit?limit=${LIMIT}`),
        getAdmin('users').catch(() => ({ users: [] })),
      ]);
      names = new Map((users.users || []).map((u) => [u.id, u.username]));
      entries = log.entries || [];
      msg.clear();
      draw();
    } catch (e) {
      fail(e);
    }
  }

  return sectionFace({ el, labels, load, draws: [draw] });
}
