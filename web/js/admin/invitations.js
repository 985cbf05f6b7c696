// The administration page's Invitations section: make one (days, number of sign-ups) and show
// its link once with a copy button; the list (state, uses of the maximum, expiry, maker) with a
// revoke button for the open ones.
import { h, fill } from '../dom.js';
import { t, has, lang } from '../i18n.js';
import { getAdmin, postAdmin } from '../api.js';
import { formatWhen } from './format.js';
import { messages, failure, linkOnce, drawTable, sectionFace } from './ui.js';

// One labelled number input.
const numberField = (id, min, max, value) => {
  const label = h('label', { for: id });
  const input = h('input', {
    type: 'number',
    id,
    name: id,
    min,
    max,
    step: 1,
    value: String(value),
    required: true,
    inputMode: 'numeric',
  });
  return { label, input, node: h('div', { class: 'field' }, label, input) };
};

// The section: {el, show(), hide(), relabel()}; onRefused(e) hears a refusal that ends the page.
export function invitationsSection({ onRefused }) {
  const title = h('h2', { id: 'admin-invitations-title' });
  const newTitle = h('h3', {});
  const listTitle = h('h3', {});
  const days = numberField('invite-days', 1, 365, 7);
  const uses = numberField('invite-uses', 1, 1000, 1);
  const createBtn = h('button', { type: 'submit', class: 'btn primary', id: 'invite-create' });
  const form = h(
    'form',
    {
      class: 'invite-form',
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        create();
      },
    },
    days.node,
    uses.node,
    createBtn
  );
  const msg = messages('admin-invitations');
  const fail = failure(onRefused, msg);
  const linkBox = h('div', { class: 'link-once-box', id: 'invite-link-box' });
  const list = h('div', { class: 'admin-table-box', id: 'invitations-box' });
  const el = h(
    'section',
    { class: 'admin-section', id: 'admin-invitations', 'aria-labelledby': 'admin-invitations-title' },
    title,
    newTitle,
    form,
    ...msg.nodes,
    linkBox,
    listTitle,
    list
  );
  let invitations = null;
  let made = null; // the last invitation made here ({code, link, expires}), shown until the page is left

  const labels = () => {
    title.textContent = t('admin.invitations.title');
    newTitle.textContent = t('admin.invitations.new');
    listTitle.textContent = t('admin.invitations.list');
    days.label.textContent = t('admin.invitations.days');
    uses.label.textContent = t('admin.invitations.uses');
    createBtn.textContent = t('admin.invitations.create');
  };

  function draw() {
    if (!invitations) return;
    drawInvitations(list, invitations, revoke);
  }

  async function load() {
    try {
      invitations = (await getAdmin('invitations')).invitations || [];
      draw();
    } catch (e) {
      fail(e);
    }
  }

  function drawMade() {
    if (!made) return;
    fill(
      linkBox,
      linkOnce(
        'invite-link',
        made.link,
        t('admin.invitations.link_note', { expires: formatWhen(made.expires, lang()), uses: made.uses })
      )
    );
  }

  async function create() {
    msg.clear();
    const d = Number(days.input.value);
    const u = Number(uses.input.value);
    if (!Number.isInteger(d) || d < 1 || d > 365) {
      msg.error(t('admin.invitations.bad_days'));
      days.input.focus();
      return;
    }
    if (!Number.isInteger(u) || u < 1 || u > 1000) {
      msg.error(t('admin.invitations.bad_uses'));
      uses.input.focus();
      return;
    }
    createBtn.disabled = true;
    try {
      made = { ...(await postAdmin('invitations', { days: d, uses: u })), uses: u };
      drawMade();
      linkBox.querySelector('button')?.focus();
      await load();
    } catch (e) {
      fail(e);
    } finally {
      createBtn.disabled = false;
    }
  }

  async function revoke(inv) {
    msg.clear();
    try {
      await postAdmin(`invitations/${encodeURIComponent(inv.id)}/revoke`);
      msg.ok(t('admin.invitations.revoked', { id: inv.id }));
      await load();
    } catch (e) {
      fail(e);
    }
  }

  return sectionFace({ el, labels, load, draws: [draw, drawMade] });
}

// Who made it (null: the owner's shell, or the server itself for a set-up link) and its state, in words.
const maker = (inv) => inv.created_by ?? t(inv.admin ? 'admin.invitations.setup_maker' : 'admin.audit.shell');
const stateText = (inv) =>
  has(`admin.invitations.state_${inv.state}`) ? t(`admin.invitations.state_${inv.state}`) : inv.state;

// Draws the table of invitations into box: one row each, with a Revoke button (revoke(inv)) for
// the open ones.
function drawInvitations(box, invitations, revoke) {
  drawTable(box, {
    id: 'invitations-table',
    caption: t('admin.invitations.list'),
    empty: t('admin.invitations.none'),
    headers: [
      t('admin.invitations.id'),
      t('admin.invitations.state'),
      t('admin.invitations.used'),
      t('admin.invitations.expires'),
      t('admin.invitations.maker'),
      t('admin.invitations.actions'),
    ],
    rows: invitations.map((inv) => ({
      attrs: { dataset: { id: inv.id, state: inv.state } },
      cells: [
        h(
          'span',
          {},
          h('code', { id: `inv-${inv.id}` }, inv.id),
          inv.admin ? h('span', { class: 'badge setup-badge' }, t('admin.invitations.setup')) : null
        ),
        h('span', { class: `state-mark inv-${inv.state}` }, stateText(inv)),
        h('span', { class: 'nowrap' }, t('admin.invitations.used_of', { uses: inv.uses, max: inv.max_uses })),
        formatWhen(inv.expires, lang()),
        h('span', {}, maker(inv), h('small', { class: 'cell-sub' }, formatWhen(inv.created, lang()))),
        inv.state === 'open'
          ? h(
              'button',
              {
                type: 'button',
                class: 'btn small danger ghost',
                id: `revoke-${inv.id}`,
                'aria-labelledby': `revoke-${inv.id} inv-${inv.id}`,
                onclick: () => revoke(inv),
              },
              t('admin.invitations.revoke')
            )
          : null,
      ],
    })),
  });
}
