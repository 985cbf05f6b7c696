// The banner of a page whose account an administrator disabled: the server closed one of its
// WebSockets with 4003 (protocol/PROTOCOL.md, "Close codes"). The page says so at the top,
// stops reconnecting (connection.js, live-list.js) and reads its account again: the session
// has ended, so the top bar offers signing in.
import { translated } from './i18n.js';
import { loadAccount } from './account.js';

let banner = null;

// Shows the banner (once per page; its data-i18n key follows the language) and reads the
// account again.
export function showAccountDisabled() {
  if (banner) return;
  banner = translated(
    'div',
    { class: 'account-banner', id: 'account-disabled', role: 'alert' },
    'settings.disabled_banner'
  );
  const app = document.getElementById('app');
  if (app) app.before(banner);
  else document.body.prepend(banner);
  loadAccount();
}
