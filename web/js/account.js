// The signed-in account of this browser (protocol/PROTOCOL.md, "Accounts"): read once from
// GET /api/account, changed by signing up, in and out. The session itself lives in an HttpOnly
// cookie this script never sees; what it keeps is the user, the server's access mode and the
// session's CSRF token, which api.js sends with every state-changing request.
import { getAccount, postAccount, setCsrf } from './api.js';
import { network, whenReachable } from './network.js';

let current = { user: null, access: 'open' };
const listeners = new Set();

// The account as last read: {user: {id, username, display_name, language, admin} | null, access}.
export function account() {
  return current;
}

// Calls fn(account) after every change; returns the unsubscribe function.
export function onAccountChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Takes an account answer of the server and tells the listeners.
function take(answer) {
  current = { user: answer?.user ?? null, access: answer?.access ?? current.access };
  setCsrf(answer?.csrf ?? null);
  for (const fn of listeners) fn(current);
  return current;
}

// Reads the account from the server (a failure leaves this browser signed out; while the
// server cannot be reached, it is read once it can).
let loading = null;
let cancelWait = () => {};
export function loadAccount() {
  cancelWait();
  if (!network().reachable()) {
    cancelWait = whenReachable(loadAccount);
    loading = Promise.resolve(take({ user: null }));
    return loading;
  }
  loading = getAccount()
    .then(take)
    .catch(() => take({ user: null }));
  return loading;
}

// The account once the page's first read (or the latest) has answered.
export function accountLoaded() {
  return loading ?? loadAccount();
}

// Signs up ({username, password, display_name?, language?, invitation?}); throws ApiError.
export async function signUp(fields) {
  return take(await postAccount('signup', fields));
}

// Signs in with a user name and password; throws ApiError.
export async function signIn(username, password) {
  return take(await postAccount('signin', { username, password }));
}

// Signs out of this browser (everywhere: of every browser of the account); throws ApiError.
export async function signOut(everywhere = false) {
  return take(await postAccount(everywhere ? 'signout-everywhere' : 'signout', {}));
}

// Saves the display name and language ({display_name?, language?}); throws ApiError.
export async function saveProfile(fields) {
  return take(await postAccount('profile', fields));
}

// Replaces the password (every other session of the account ends); throws ApiError.
export async function changePassword(current, password) {
  return postAccount('password', { current, password });
}

// Sets a new password through an administrator's reset link (every session of that user ends,
// so this browser reads its account again); throws ApiError.
export async function resetPassword(code, password) {
  const answer = await postAccount('reset', { code, password });
  await loadAccount();
  return answer;
}

// Whether this server lets only signed-in members create matches and sit.
export function membersOnly() {
  return current.access !== 'open';
}
