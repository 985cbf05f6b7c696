// The administration page's Reports section: GET /api/admin/reports — each chat line a player or
// spectator reported, oldest first, with who reported it and why, the conversation around it
// (the reported line marked) and a link to its match; "Handled" takes a report off the list
// (POST /api/admin/reports/{id}/handled; the audit log records it). Lines are text, never markup.
import { h, fill } from '../dom.js';
import { t, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { formatWhen } from './format.js';
import { messages, failure, sectionFace } from './ui.js';

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function reportsSection({ onRefused }) {
  const title = h('h2', { id: 'admin-reports-title' });
  const reload = h('button', { type: 'button', class: 'btn small ghost', id: 'reports-reload', onclick: () => load() });
  const msg = messages('admin-reports');
  const fail = failure(onRefused, msg);
  const list = h('ol', { class: 'report-list', id: 'report-list' });
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-reports', 'aria-labelledby': 'admin-reports-title' },
    h('div', { class: 'admin-section-head' }, title, reload),
    ...msg.nodes,
    list
  );
  let reports = null;

  const labels = () => {
    title.textContent = t('admin.reports.title');
    reload.textContent = t('admin.reports.reload');
  };
  // Who wrote a line: its name, else its seat or "a spectator".
  const author = (l) => l.name || (l.seat ? t('admin.reports.seat', { seat: l.seat }) : t('chat.spectator'));

  function draw() {
    if (!reports) return;
    if (!reports.length) {
      fill(list, h('li', { class: 'empty', id: 'reports-none' }, t('admin.reports.none')));
      return;
    }
    fill(
      list,
      reports.map((r) =>
        h(
          'li',
          { class: 'report', dataset: { id: String(r.id) } },
          h(
            'p',
            { class: 'report-what' },
            t(r.channel === 'players' ? 'admin.reports.in_players' : 'admin.reports.in_spectators'),
            ' ',
            h('a', { href: `/m/${r.code}?watch` }, r.code),
            ' · ',
            h('time', { datetime: r.created }, formatWhen(r.created, lang()))
          ),
          h(
            'p',
            { class: 'report-by' },
            t('admin.reports.by', { name: r.reporter || t('admin.reports.guest') }),
            r.reason ? h('span', { class: 'report-reason' }, ` — ${r.reason}`) : null
          ),
          h(
            'ol',
            { class: 'report-conversation', 'aria-label': t('admin.reports.conversation') },
            r.conversation.map((l) =>
              h(
                'li',
                { class: l.id === r.line.id ? 'reported' : '' },
                h('span', { class: 'chat-name' }, author(l)),
                ' ',
                h('span', { class: 'chat-text' }, l.text),
                l.id === r.line.id ? h('strong', { class: 'report-mark' }, ` ${t('admin.reports.this_line')}`) : null
              )
            )
          ),
          h(
            'button',
            { type: 'button', class: 'btn small', dataset: { handle: String(r.id) }, onclick: () => handle(r.id) },
            t('admin.reports.handled')
          )
        )
      )
    );
  }

  async function handle(id) {
    try {
      await postAdmin(`reports/${id}/handled`);
      reports = reports.filter((r) => r.id !== id);
      msg.ok(t('admin.reports.done'));
      draw();
    } catch (e) {
      fail(e);
    }
  }

  async function load() {
    try {
      reports = (await getAdmin('reports')).reports || [];
      msg.clear();
      draw();
    } catch (e) {
      fail(e);
    }
  }

  return sectionFace({ el, labels, load, draws: [draw] });
}
