// The administration page's Webhooks section: GET /api/admin/webhooks — every member's webhooks,
// newest first, each with its owner, the host it sends to (never the address's path), its events
// and its last delivery; "Remove" deletes one after a confirmation (POST
// /api/admin/webhooks/{id}/remove; the audit log records it).
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { formatWhen } from './format.js';
import { messages, failure, confirmer, drawTable, sectionFace } from './ui.js';

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function webhooksSection({ onRefused }) {
  const title = h('h2', { id: 'admin-webhooks-title' });
  const reload = h('button', {
    type: 'button',
    class: 'btn small ghost',
    id: 'webhooks-reload',
    onclick: () => load(),
  });
  const msg = messages('admin-webhooks');
  const fail = failure(onRefused, msg);
  const list = h('div', { class: 'admin-table-box', id: 'webhooks-box' });
  const confirm = confirmer('webhooks-confirm');
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-webhooks', 'aria-labelledby': 'admin-webhooks-title' },
    h('div', { class: 'admin-section-head' }, title, reload),
    ...msg.nodes,
    list,
    confirm.dialog
  );
  let hooks = null;

  const labels = () => {
    title.textContent = t('admin.webhooks.title');
    reload.textContent = t('admin.webhooks.reload');
  };

  // A webhook's last delivery in a few words.
  function last(w) {
    const d = w.last_delivery;
    if (!d) return t('admin.webhooks.never');
    const when = formatWhen(d.at, lang());
    return d.ok
      ? t('admin.webhooks.ok', { status: d.status, date: when })
      : h(
          'span',
          { class: 'state-mark off', title: d.error },
          t('admin.webhooks.failed', { status: d.status || '—', date: when })
        );
  }

  function draw() {
    if (!hooks) return;
    drawTable(list, {
      id: 'webhooks-table',
      caption: t('admin.webhooks.title'),
      empty: t('admin.webhooks.none'),
      headers: [
        t('admin.webhooks.owner'),
        t('admin.webhooks.host'),
        t('admin.webhooks.events'),
        t('admin.webhooks.last'),
        t('admin.webhooks.actions'),
      ],
      rows: hooks.map((w) => ({
        attrs: { dataset: { id: String(w.id), owner: w.owner.username } },
        cells: [
          h('span', { id: `w${w.id}-owner` }, w.owner.username),
          h('span', { id: `w${w.id}-host` }, w.host),
          w.events.map((e) => t(`webhooks.event.${e}`)).join(', '),
          last(w),
          h(
            'button',
            {
              type: 'button',
              class: 'btn small danger ghost',
              id: `w${w.id}-remove`,
              dataset: { action: 'remove' },
              'aria-labelledby': `w${w.id}-remove w${w.id}-owner w${w.id}-host`,
              onclick: () => remove(w),
            },
            t('admin.webhooks.remove')
          ),
        ],
      })),
    });
  }

  async function remove(w) {
    msg.clear();
    const args = { name: w.owner.username, host: w.host };
    if (!(await confirm.ask(t('admin.webhooks.confirm', args), t('admin.webhooks.remove')))) return;
    try {
      await postAdmin(`webhooks/${w.id}/remove`);
      msg.ok(t('admin.webhooks.done', args));
      await load();
    } catch (e) {
      fail(e);
    }
  }

  async function load() {
    try {
      hooks = (await getAdmin('webhooks')).webhooks || [];
      draw();
    } catch (e) {
      fail(e);
    }
  }

  return sectionFace({ el, labels, load, draws: [draw] });
}
