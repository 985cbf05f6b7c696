// The administration page (/admin, protocol/PROTOCOL.md "Administration"): for a signed-in
// administrator, seven tabs — Server (server.js), Users (users.js), Invitations
// (invitations.js), Matches (matches.js), Reports (reports.js: reported chat lines), Webhooks
// (webhooks.js: every member's) and Audit log (audit.js) —, the one shown named in the
// address's #hash; a member is told the page is for administrators only, a guest is sent to
// sign in first.
import { h, fill } from '../dom.js';
import { t, onLangChange, translated } from '../i18n.js';
import { accountLoaded } from '../account.js';
import { serverSection } from './server.js';
import { usersSection } from './users.js';
import { invitationsSection } from './invitations.js';
import { matchesSection } from './matches.js';
import { auditSection } from './audit.js';
import { reportsSection } from './reports.js';
import { webhooksSection } from './webhooks.js';

const SECTIONS = [
  ['server', serverSection],
  ['users', usersSection],
  ['invitations', invitationsSection],
  ['matches', matchesSection],
  ['reports', reportsSection],
  ['webhooks', webhooksSection],
  ['audit', auditSection],
];
const SIGNIN = `/signin?next=${encodeURIComponent('/admin')}`;

// "Administrators only": what a signed-in member sees.
function drawMembersOnly(app, user) {
  const args = { name: user.username };
  fill(
    app,
    h(
      'section',
      { class: 'card account-card admin-only', id: 'admin-only' },
      translated('h1', {}, 'admin.only_title'),
      h(
        'p',
        { role: 'alert', 'data-i18n': 'admin.only_text', 'data-i18n-args': JSON.stringify(args) },
        t('admin.only_text', args)
      ),
      h('p', {}, translated('a', { class: 'btn', href: '/' }, 'home'))
    )
  );
}

// Renders /admin into app; returns the page's teardown.
export async function renderAdmin(app) {
  fill(app, h('section', { class: 'admin-page' }, h('p', { class: 'notice' }, t('connecting'))));
  const { user } = await accountLoaded();
  if (!user) {
    location.assign(SIGNIN);
    return () => {};
  }
  if (!user.admin) {
    drawMembersOnly(app, user);
    return () => {};
  }

  let ended = false;
  // A refusal that ends the page: the session lapsed (sign in again) or the account is no
  // longer an administrator. Returns whether e was one.
  const onRefused = (e) => {
    if (e?.code === 'signed_out') {
      end();
      location.assign(SIGNIN);
      return true;
    }
    if (e?.code === 'not_admin') {
      end();
      drawMembersOnly(app, user);
      return true;
    }
    return false;
  };
  const sections = SECTIONS.map(([name, make]) => ({ name, ...make({ onRefused }) }));
  const tabs = sections.map((s) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: 'admin-tab',
        id: `tab-${s.name}`,
        'aria-controls': `panel-${s.name}`,
        onclick: () => select(s.name, true),
        onkeydown: (e) => arrow(e, s.name),
      },
      t(`admin.tab.${s.name}`)
    )
  );
  const panels = sections.map((s) =>
    h(
      'div',
      {
        role: 'tabpanel',
        class: 'admin-panel',
        id: `panel-${s.name}`,
        'aria-labelledby': `tab-${s.name}`,
        hidden: true,
      },
      s.el
    )
  );
  const title = translated('h1', {}, 'admin.title');
  const tablist = h('div', { role: 'tablist', class: 'admin-tabs', 'aria-label': t('admin.title') }, tabs);
  fill(app, h('section', { class: 'admin-page', id: 'admin-page' }, title, tablist, panels));
  let current = null;

  // Shows section name (its tab selected, the others' hidden and stopped); focus: move the
  // keyboard focus to its tab.
  function select(name, focus = false) {
    const at = Math.max(
      0,
      sections.findIndex((s) => s.name === name)
    );
    const next = sections[at];
    if (current && current !== next) current.hide();
    sections.forEach((s, i) => {
      tabs[i].setAttribute('aria-selected', String(i === at));
      tabs[i].tabIndex = i === at ? 0 : -1;
      panels[i].hidden = i !== at;
    });
    if (current !== next) {
      current = next;
      next.show();
    }
    if (location.hash !== `#${next.name}`) history.replaceState(null, '', `#${next.name}`);
    if (focus) tabs[at].focus();
  }

  // The tab list's keys: arrows go to the previous / next tab, Home and End to the first / last.
  function arrow(e, name) {
    const at = sections.findIndex((s) => s.name === name);
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: sections.length - 1 }[e.key];
    if (to == null) return;
    e.preventDefault();
    select(sections[(to + sections.length) % sections.length].name, true);
  }

  function end() {
    if (ended) return;
    ended = true;
    current?.hide();
    offLang();
  }

  const offLang = onLangChange(() => {
    tablist.setAttribute('aria-label', t('admin.title'));
    sections.forEach((s, i) => {
      tabs[i].textContent = t(`admin.tab.${s.name}`);
      s.relabel();
    });
  });
  select(location.hash.slice(1) || 'server');
  return end;
}
