// The password-reset page (/reset?code=CODE): a link an administrator made (valid for a day,
// once) sets a new password, typed twice; then the user is told to sign in with it. Every
// sign-in of that user ends. The refusals (an unknown, used or lapsed link; a password too
// short; too many tries) are sentences.
import { h, fill } from './dom.js';
import { t, errorText, onLangChange, translatePage, translated } from './i18n.js';
import { resetPassword } from './account.js';

// A labelled password input.
const field = (id, labelKey) =>
  h(
    'div',
    { class: 'field' },
    translated('label', { for: id }, labelKey),
    h('input', {
      id,
      name: id,
      type: 'password',
      autocomplete: 'new-password',
      required: true,
      minLength: 8,
      maxLength: 1024,
    })
  );

// The words of a refusal here: err.reset.<code>, then err.<code>, then the server's.
const refusal = (e) => (e.code === 'network' ? t('network_error') : errorText(e, 'reset'));

// Renders /reset into app; returns the page's teardown.
export function renderReset(app) {
  const code = (new URLSearchParams(location.search).get('code') || '').trim();
  const title = translated('h1', {}, 'reset.title');
  const signinLink = () =>
    translated('a', { class: 'btn primary big', id: 'reset-signin', href: '/signin' }, 'account.signin');
  if (!code) {
    fill(
      app,
      h(
        'section',
        { class: 'card account-card', id: 'reset-page' },
        title,
        translated('p', { role: 'alert', id: 'reset-error' }, 'reset.no_code')
      )
    );
    return onLangChange(() => translatePage(app));
  }
  const err = h('p', { class: 'field-error', id: 'reset-error', role: 'alert' });
  const submit = translated('button', { type: 'submit', class: 'btn primary big', id: 'reset-submit' }, 'reset.submit');
  const form = h(
    'form',
    { class: 'account-form', novalidate: true },
    translated('p', { class: 'hint' }, 'reset.intro'),
    field('reset-password', 'reset.password'),
    field('reset-password-again', 'reset.password_again'),
    err,
    submit
  );
  const card = h('section', { class: 'card account-card reset-card', id: 'reset-page' }, title, form);
  fill(app, card);

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const pw = form.elements['reset-password'].value;
    if (pw.length < 8) {
      err.textContent = t('err.bad_password');
      return;
    }
    if (pw !== form.elements['reset-password-again'].value) {
      err.textContent = t('settings.mismatch');
      return;
    }
    submit.disabled = true;
    try {
      await resetPassword(code, pw);
      // The address no longer shows the spent code.
      history.replaceState(null, '', '/reset');
      fill(card, title, translated('p', { role: 'status', id: 'reset-done' }, 'reset.done'), signinLink());
    } catch (e) {
      err.textContent = refusal(e);
    } finally {
      submit.disabled = false;
    }
  });
  form.elements['reset-password'].focus();
  return onLangChange(() => {
    translatePage(app);
    err.textContent = '';
  });
}
