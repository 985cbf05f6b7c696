// Games played in this browser (no server needed): starting one from the create form's
// choices, and its page (`/?offline=ID`), which is the ordinary match page (match.js) fed by
// a LocalMatch (local-match.js) instead of the server.
import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { renderMatch } from '../match.js';
import { LocalMatch } from './local-match.js';
import { getGame, putGame, newId, newSeed } from './store.js';
import { loadEngine } from '../learn/load.js';

const PARAM = 'offline';

// The address of the stored game id's page.
export const offlineHref = (id) => `/?${PARAM}=${encodeURIComponent(id)}`;

// The stored game's id a location asks for, or null when it is not an offline game's page.
export function offlineRoute(loc) {
  const q = new URLSearchParams(loc.search);
  return loc.pathname === '/' && q.has(PARAM) ? q.get(PARAM) : null;
}

// Starts a game in this browser and opens its page: game, its options, mode 'bot' (against the
// computer at level, the person in seat human: 1, 2 or 'random') or 'hotseat' (two players on
// this device). The engine checks the options first; rejects with its {code, message}.
export async function startOffline({ game, options, mode, level = null, human = 1 }) {
  const seed = newSeed();
  const client = await loadEngine();
  const made = await client.call({ op: 'new', game, options, seed });
  if (!made?.ok) throw made?.error || { code: 'engine', message: 'the engine did not answer' };
  client.call({ op: 'free', match: made.match }).catch(() => {});
  const seat = human === 'random' ? 1 + (crypto.getRandomValues(new Uint8Array(1))[0] & 1) : Number(human) || 1;
  const now = Date.now();
  const record = {
    id: newId(),
    game,
    options,
    seed,
    mode,
    level: mode === 'bot' ? level : null,
    human: mode === 'bot' ? seat : null,
    actions: [],
    end: null,
    to_act: [],
    outcome: null,
    created: now,
    updated: now,
    published: null,
  };
  await putGame(record);
  location.assign(offlineHref(record.id));
}

// Draws the page of stored game id into app: replayed by the engine, then the match page.
export async function renderOffline(app, id) {
  const notice = (key, params) =>
    app.replaceChildren(
      h(
        'section',
        { class: 'match-page' },
        h('p', { class: 'notice', id: 'offline-notice' }, t(key, params)),
        h('a', { class: 'btn', href: '/' }, t('back_home'))
      )
    );
  app.replaceChildren(h('p', { class: 'notice', id: 'offline-loading', role: 'status' }, t('offline.loading')));
  const record = await getGame(id).catch(() => null);
  if (!record) {
    notice('offline.unknown');
    return;
  }
  let match;
  try {
    match = await LocalMatch.open(await loadEngine(), record);
  } catch (e) {
    notice('offline.engine_failed', { reason: e?.message || String(e) });
    return;
  }
  match.onError = (e) => toast(t('offline.bot_failed', { reason: e?.message || String(e) }), 'error', 10_000);
  window.addEventListener('pagehide', () => match.stop(), { once: true });
  const stopPage = renderMatch(app, id, { source: match });
  return () => {
    stopPage();
    match.stop();
  };
}
