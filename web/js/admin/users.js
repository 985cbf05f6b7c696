// The administration page's Users section: search (GET /api/admin/users?q=), the list with
// each user's name, display name, role, state and creation, and per user: disable / enable,
// promote / demote (disabling and demoting are confirmed first) and a password-reset link,
// shown once with a copy button. Every refusal (own_account, last_admin, …) is a sentence.
import { h, fill } from '../dom.js';
import { t, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { account } from '../account.js';
import { formatWhen } from './format.js';
import { messages, failure, confirmer, linkOnce, drawTable, searchBox, sectionFace } from './ui.js';

// The changes asked before they are made.
const CONFIRMED = new Set(['disable', 'demote']);

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function usersSection({ onRefused }) {
  const title = h('h2', { id: 'admin-users-title' });
  const search = searchBox({ id: 'user-search', name: 'q', buttonId: 'user-search-btn', load });
  const form = h(
    'form',
    { class: 'admin-search', role: 'search', onsubmit: search.onsubmit },
    search.label,
    search.row
  );
  const msg = messages('admin-users');
  const fail = failure(onRefused, msg);
  const linkBox = h('div', { class: 'link-once-box', id: 'reset-link-box' });
  const list = h('div', { class: 'admin-table-box', id: 'users-box' });
  const confirm = confirmer('users-confirm');
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-users', 'aria-labelledby': 'admin-users-title' },
    title,
    form,
    ...msg.nodes,
    linkBox,
    list,
    confirm.dialog
  );
  let users = null;
  let reset = null; // the last reset link made: {u, answer}, shown until the page is left

  const labels = () => {
    title.textContent = t('admin.users.title');
    search.label.textContent = t('admin.users.search');
    search.button.textContent = t('admin.users.search_btn');
  };

  function draw() {
    if (!users) return;
    drawUsers(list, users, account().user?.id, act);
  }

  // The reset link just made, with whose it is, until when it works, and that it is shown only now.
  function drawReset() {
    if (!reset) return;
    fill(
      linkBox,
      linkOnce(
        'reset-link',
        reset.answer.link,
        t('admin.users.reset_note', { name: reset.u.username, expires: formatWhen(reset.answer.expires, lang()) })
      )
    );
  }

  async function load() {
    const q = search.input.value.trim();
    try {
      const answer = await getAdmin(`users${q ? `?q=${encodeURIComponent(q)}` : ''}`);
      if (q !== search.input.value.trim()) return; // an older search answered late
      users = answer.users || [];
      draw();
    } catch (e) {
      fail(e);
    }
  }

  // Carries out action on user u (after asking, for the confirmed ones).
  async function act(u, action) {
    msg.clear();
    if (CONFIRMED.has(action)) {
      const yes = await confirm.ask(
        t(`admin.users.confirm_${action}`, { name: u.username }),
        t(`admin.users.${action}`)
      );
      if (!yes) return;
    }
    try {
      const answer = await postAdmin(`users/${u.id}/${action}`);
      if (action === 'reset-link') {
        reset = { u, answer };
        drawReset();
        linkBox.querySelector('button')?.focus();
        return;
      }
      msg.ok(t(`admin.users.done_${action}`, { name: u.username }));
      await load();
    } catch (e) {
      fail(e);
    }
  }

  return sectionFace({ el, labels, load, draws: [draw, drawReset], stop: search.cancel });
}

// One action button of user u's row, named by its text and the row's user name; a click calls
// act(u, action).
function userButton(u, action, cls, act) {
  return h(
    'button',
    {
      type: 'button',
      class: cls,
      id: `u${u.id}-${action}`,
      dataset: { action },
      'aria-labelledby': `u${u.id}-${action} u${u.id}-name`,
      onclick: () => act(u, action),
    },
    t(`admin.users.${action}`)
  );
}

// Draws the table of users into box (me: the administrator's own id, marked), each row with its
// actions (act(u, action)): enable or disable, promote or demote, a reset link.
function drawUsers(box, users, me, act) {
  const button = (u, action, cls = 'btn small') => userButton(u, action, cls, act);
  drawTable(box, {
    id: 'users-table',
    caption: t('admin.users.title'),
    empty: t('admin.users.none'),
    headers: [
      t('admin.users.name'),
      t('admin.users.display_name'),
      t('admin.users.role'),
      t('admin.users.state'),
      t('admin.users.created'),
      t('admin.users.actions'),
    ],
    rows: users.map((u) => ({
      attrs: { dataset: { user: u.username, id: String(u.id) }, class: u.disabled ? 'is-disabled' : '' },
      cells: [
        h(
          'span',
          { id: `u${u.id}-name` },
          u.username,
          u.id === me ? h('span', { class: 'you-mark' }, ` ${t('admin.users.you')}`) : null
        ),
        u.display_name,
        h(
          'span',
          { class: `role-mark${u.admin ? ' admin' : ''}` },
          t(u.admin ? 'admin.users.role_admin' : 'admin.users.role_member')
        ),
        h(
          'span',
          { class: `state-mark${u.disabled ? ' off' : ''}` },
          t(u.disabled ? 'admin.users.state_disabled' : 'admin.users.state_active')
        ),
        formatWhen(u.created, lang()),
        h(
          'div',
          { class: 'row-actions' },
          u.disabled ? button(u, 'enable') : button(u, 'disable', 'btn small danger ghost'),
          u.admin ? button(u, 'demote', 'btn small ghost') : button(u, 'promote', 'btn small ghost'),
          button(u, 'reset-link', 'btn small ghost')
        ),
      ],
    })),
  });
}
