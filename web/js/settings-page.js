// The account page (/account) of a signed-in user: the display name and language (the page
// switches to the language saved), the password (the current one, the new one twice; the
// other devices are signed out), notifications (push-settings.js), webhooks (webhook-settings.js), signing out everywhere, and links to "my games" and, for an
// administrator, the administration page. A guest is sent to sign in first.
import { h, fill } from './dom.js';
import { t, errorText, setLang, onLangChange, translatePage, translated } from './i18n.js';
import { accountLoaded, saveProfile, changePassword, signOut } from './account.js';
import { pushCard } from './push-settings.js';
import { webhookCard } from './webhook-settings.js';
import { field } from './account-page.js';

const LANG_NAMES = [
  ['en', 'English'],
  ['pt-BR', 'Português (Brasil)'],
];

// An error line (role="alert") and a success line (role="status") of one form.
function lines(id) {
  const err = h('p', { class: 'field-error', id: `${id}-error`, role: 'alert' });
  const ok = h('p', { class: 'form-ok', id: `${id}-ok`, role: 'status' });
  return {
    err,
    ok,
    clear() {
      err.textContent = '';
      ok.textContent = '';
      delete ok.dataset.i18n;
    },
  };
}

// The words of a refusal on this page: err.settings.<code> (a wrong current password is
// not a wrong user name), then err.<code>, then the server's.
const refusal = (e) => {
  if (e.code === 'network') return t('network_error');
  const text = errorText(e, 'settings');
  return e.code === 'rate_limited' ? `${text} ${t('account.retry')}` : text;
};

// A settings card: its title (an h2 named id, translated by titleKey), then children.
const card = (id, titleKey, ...children) =>
  h('section', { class: 'card settings-card', 'aria-labelledby': id }, translated('h2', { id }, titleKey), ...children);

// Submits form through send() with button buttonId held down, after check() ('' or the error
// line's text); then msg shows the okKey line, or the refusal.
function onSubmit(form, msg, { buttonId, okKey, check = () => '', send }) {
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    msg.clear();
    const wrong = check();
    if (wrong) {
      msg.err.textContent = wrong;
      return;
    }
    const btn = form.querySelector(`#${buttonId}`);
    btn.disabled = true;
    try {
      await send();
      msg.ok.dataset.i18n = okKey;
      msg.ok.textContent = t(okKey);
    } catch (e) {
      msg.err.textContent = refusal(e);
    } finally {
      btn.disabled = false;
    }
  });
}

const submitButton = (id, key) => translated('button', { type: 'submit', class: 'btn primary', id }, key);

// The display name and language form.
function profileForm(user) {
  const msg = lines('profile');
  const language = h(
    'select',
    { id: 'settings-language', name: 'language' },
    LANG_NAMES.map(([code, name]) => h('option', { value: code, lang: code, selected: code === user.language }, name))
  );
  const form = h(
    'form',
    { class: 'account-form', id: 'profile-form', novalidate: true },
    h(
      'p',
      {
        class: 'hint',
        'data-i18n': 'settings.signed_in_as',
        'data-i18n-args': JSON.stringify({ name: user.username }),
      },
      t('settings.signed_in_as', { name: user.username })
    ),
    field('settings-display-name', 'settings.display_name', {
      type: 'text',
      autocomplete: 'nickname',
      maxLength: 24,
      value: user.display_name || '',
      'aria-describedby': 'display-name-hint',
    }),
    translated('p', { class: 'hint', id: 'display-name-hint' }, 'settings.display_name_hint'),
    h('div', { class: 'field' }, translated('label', { for: 'settings-language' }, 'settings.language'), language),
    msg.err,
    msg.ok,
    submitButton('profile-save', 'settings.save')
  );
  onSubmit(form, msg, {
    buttonId: 'profile-save',
    okKey: 'settings.saved',
    send: async () => {
      const { user: saved } = await saveProfile({
        display_name: form.elements['settings-display-name'].value.trim(),
        language: language.value,
      });
      if (saved) {
        form.elements['settings-display-name'].value = saved.display_name || '';
        setLang(saved.language);
      }
    },
  });
  return card('profile-title', 'settings.profile', form);
}

// The password form: the current password, the new one twice.
function passwordForm(user) {
  const msg = lines('password');
  const form = h(
    'form',
    { class: 'account-form', id: 'password-form', novalidate: true },
    // For password managers: whose password this is.
    h('input', {
      type: 'text',
      name: 'username',
      autocomplete: 'username',
      value: user.username,
      hidden: true,
      readOnly: true,
      tabIndex: -1,
    }),
    field('current-password', 'settings.current_password', {
      type: 'password',
      autocomplete: 'current-password',
      required: true,
      maxLength: 1024,
    }),
    field('new-password', 'settings.new_password', {
      type: 'password',
      autocomplete: 'new-password',
      required: true,
      minLength: 8,
      maxLength: 1024,
    }),
    field('new-password-again', 'settings.new_password_again', {
      type: 'password',
      autocomplete: 'new-password',
      required: true,
      minLength: 8,
      maxLength: 1024,
    }),
    msg.err,
    msg.ok,
    submitButton('password-save', 'settings.change_password')
  );
  const v = (name) => form.elements[name].value;
  onSubmit(form, msg, {
    buttonId: 'password-save',
    okKey: 'settings.password_changed',
    check: () => {
      if (!v('current-password')) return t('settings.need_current');
      if (v('new-password').length < 8) return t('err.bad_password');
      if (v('new-password') !== v('new-password-again')) return t('settings.mismatch');
      return '';
    },
    send: async () => {
      await changePassword(v('current-password'), v('new-password'));
      form.reset();
    },
  });
  return card('password-title', 'settings.password', form);
}

// Signing out of every device (this one too).
function sessionsBox() {
  const msg = lines('everywhere');
  const btn = translated(
    'button',
    { type: 'button', class: 'btn danger', id: 'signout-everywhere' },
    'settings.signout_everywhere'
  );
  btn.addEventListener('click', async () => {
    msg.clear();
    btn.disabled = true;
    try {
      await signOut(true);
      location.assign('/signin');
    } catch (e) {
      msg.err.textContent = refusal(e);
      btn.disabled = false;
    }
  });
  return card(
    'sessions-title',
    'settings.sessions',
    translated('p', { class: 'hint' }, 'settings.signout_everywhere_text'),
    msg.err,
    btn
  );
}

// Renders /account into app; returns the page's teardown.
export async function renderSettings(app) {
  fill(app, h('section', { class: 'settings-page' }, h('p', { class: 'notice' }, t('connecting'))));
  const { user } = await accountLoaded();
  if (!user) {
    location.assign(`/signin?next=${encodeURIComponent('/account')}`);
    return () => {};
  }
  fill(
    app,
    h(
      'div',
      { class: 'settings-page', id: 'settings-page' },
      h(
        'div',
        { class: 'settings-head' },
        translated('h1', {}, 'settings.title'),
        h(
          'nav',
          { class: 'settings-links', 'aria-label': t('settings.title'), 'data-i18n-aria': 'settings.title' },
          translated('a', { href: '/games', id: 'settings-mygames' }, 'mygames.title'),
          user.admin ? translated('a', { href: '/admin', id: 'settings-admin' }, 'admin.title') : null
        )
      ),
      profileForm(user),
      passwordForm(user),
      pushCard(),
      webhookCard(),
      sessionsBox()
    )
  );
  // A language change re-translates the page (a success line too) and clears the refusals.
  return onLangChange(() => {
    translatePage(app);
    for (const err of app.querySelectorAll('.field-error')) err.textContent = '';
  });
}
