// The games played in this browser, kept in IndexedDB (database `tabuleiro`, store `games`)
// so that a reload, or a visit days later, continues them. One record per game:
//   {id, game, options, seed (u64 decimal string), mode: 'bot'|'hotseat', level (the
//    computer's, or null), human (the person's seat against the computer, or null),
//    actions: [{seat, action}] (canonical, in order), end: null|{type: 'resign', seat},
//    to_act, outcome (as of the last action, for the home page's list), created, updated
//    (ms since 1970), published: null|{code, link}}
// The engine replays `actions` from `seed` to rebuild the game (local-match.js).

const DB_NAME = 'tabuleiro';
const STORE = 'games';
let opening = null;

// The database, opened once (created on first use).
function db() {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  });
  return opening;
}

// Runs fn(store) in one transaction (mode 'readonly' or 'readwrite'); resolves with the result
// of the request fn returns once the transaction has completed.
async function run(mode, fn) {
  const tx = (await db()).transaction(STORE, mode);
  const req = fn(tx.objectStore(STORE));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// Every stored game, the most recently played first.
export async function listGames() {
  const all = await run('readonly', (s) => s.getAll());
  return (all || []).sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
}

// The stored game with this id, or null.
export async function getGame(id) {
  return (await run('readonly', (s) => s.get(id))) ?? null;
}

// Stores (or replaces) a game record.
export function putGame(record) {
  return run('readwrite', (s) => s.put(record));
}

// Forgets a stored game.
export function deleteGame(id) {
  return run('readwrite', (s) => s.delete(id));
}

// A new game's id: 10 characters of the share codes' alphabet (never a server code, which has 6).
export function newId() {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

// A fresh 64-bit seed as a decimal string (the engine's `seed`).
export function newSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}
