// The account pages and the top bar's account slot: /signin and /signup (the invitation code
// taken from ?invite=CODE), and "Sign in" or the signed-in name (linking to /account) with a
// sign-out button. Every refusal is shown beside the form in the page's language.
import { h, fill, icon } from './dom.js';
import { t, errorText, onLangChange, translated } from './i18n.js';
import { account, onAccountChange, signIn, signUp, signOut } from './account.js';

// Where to go after signing in: ?next= when it is a path on this site, else home.
function nextPath() {
  const next = new URLSearchParams(location.search).get('next') || '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

// One labelled input of a form (its label translated by its data-i18n key); the account
// settings page's forms use it too.
export function field(id, labelKey, attrs) {
  return h(
    'div',
    { class: 'field' },
    translated('label', { for: id }, labelKey),
    h('input', { id, name: id, ...attrs })
  );
}

// Renders the sign-in (mode 'signin') or sign-up ('signup') page into app.
export function renderAccountPage(app, mode) {
  const signup = mode === 'signup';
  const invite = new URLSearchParams(location.search).get('invite') || '';
  const err = h('p', { class: 'field-error', id: 'account-error', role: 'alert' });
  const submit = h(
    'button',
    {
      type: 'submit',
      class: 'btn primary big',
      id: 'account-submit',
      'data-i18n': signup ? 'account.signup' : 'account.signin',
    },
    t(signup ? 'account.signup' : 'account.signin')
  );
  const inviteField = field('invitation', 'account.invitation', {
    type: 'text',
    autocomplete: 'off',
    value: invite,
    maxlength: 64,
  });
  const form = h(
    'form',
    { class: 'account-form', novalidate: true },
    field('username', 'account.username', {
      type: 'text',
      autocomplete: 'username',
      required: true,
      minLength: 3,
      maxLength: 24,
      autocapitalize: 'none',
      spellcheck: false,
    }),
    field('password', 'account.password', {
      type: 'password',
      autocomplete: signup ? 'new-password' : 'current-password',
      required: true,
      minLength: 8,
      maxLength: 1024,
    }),
    signup
      ? field('display_name', 'account.display_name', { type: 'text', autocomplete: 'nickname', maxLength: 24 })
      : null,
    signup ? inviteField : null,
    err,
    submit
  );
  const drawInvite = () => {
    inviteField.hidden = !(account().access === 'invite' || invite);
  };
  const other = signup
    ? h(
        'p',
        { class: 'hint' },
        translated('span', {}, 'account.have_account'),
        ' ',
        h('a', { href: `/signin${location.search}`, 'data-i18n': 'account.signin' }, t('account.signin'))
      )
    : h(
        'p',
        { class: 'hint' },
        translated('span', {}, 'account.no_account'),
        ' ',
        h('a', { href: `/signup${location.search}`, 'data-i18n': 'account.signup' }, t('account.signup'))
      );
  const title = h(
    'h1',
    { 'data-i18n': signup ? 'account.signup_title' : 'account.signin_title' },
    t(signup ? 'account.signup_title' : 'account.signin_title')
  );
  fill(app, h('section', { class: 'card account-card' }, title, form, other));
  if (signup) drawInvite();
  const offAccount = onAccountChange(() => signup && drawInvite());

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const v = (name) => form.elements[name]?.value ?? '';
    err.textContent = '';
    if (v('username').trim().length < 3) {
      err.textContent = t('err.bad_username');
      return;
    }
    if (v('password').length < 8) {
      err.textContent = t('err.bad_password');
      return;
    }
    submit.disabled = true;
    try {
      if (signup) {
        await signUp({
          username: v('username').trim(),
          password: v('password'),
          display_name: v('display_name'),
          language: document.documentElement.lang === 'pt-BR' ? 'pt-BR' : 'en',
          invitation: v('invitation').trim(),
        });
      } else {
        await signIn(v('username').trim(), v('password'));
      }
      location.assign(nextPath());
    } catch (e) {
      err.textContent = e.code === 'network' ? t('network_error') : errorText(e);
      if (e.code === 'rate_limited') err.textContent += ` ${t('account.retry')}`;
    } finally {
      submit.disabled = false;
    }
  });
  const offLang = onLangChange(() => {
    err.textContent = '';
  });
  form.elements.username.focus();
  return () => {
    offAccount();
    offLang();
  };
}

// Draws the top bar's account slot: a sign-in link, or the signed-in name (a link to the
// account page), for an administrator a link to the administration page, and a sign-out button.
export function renderAccountSlot(slot) {
  const draw = () => {
    const { user } = account();
    if (!user) {
      const here = location.pathname + location.search;
      const href =
        location.pathname === '/signin' || location.pathname === '/signup'
          ? location.pathname
          : `/signin?next=${encodeURIComponent(here)}`;
      fill(slot, translated('a', { class: 'btn small ghost', id: 'signin-link', href }, 'account.signin'));
      return;
    }
    const out = translated(
      'button',
      { type: 'button', class: 'btn small ghost', id: 'signout-btn' },
      'account.signout'
    );
    out.addEventListener('click', async () => {
      out.disabled = true;
      try {
        await signOut();
        location.assign('/');
      } catch {
        out.disabled = false;
      }
    });
    // On a phone the administration link is its icon alone (the label stays for screen readers).
    const admin = user.admin
      ? h(
          'a',
          { class: 'btn small ghost admin-link', id: 'admin-link', href: '/admin', title: t('admin.title') },
          icon('shield'),
          h('span', { class: 'admin-link-label' }, t('admin.link'))
        )
      : null;
    fill(
      slot,
      h(
        'a',
        { class: 'account-name', id: 'account-name', href: '/account', title: t('settings.title') },
        user.display_name || user.username
      ),
      admin,
      out
    );
  };
  onAccountChange(draw);
  onLangChange(draw);
  draw();
}
