// Seat tokens remembered per match code, so a reload or a lost connection resumes the seat.

const key = (code) => `tabuleiro.seat.${code.toUpperCase()}`;

// {seat, token} stored for code, or null.
export function loadSeat(code) {
  try {
    const v = JSON.parse(localStorage.getItem(key(code)) || 'null');
    return v && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

// Remembers the seat and its secret token for code.
export function saveSeat(code, seat, token) {
  try {
    localStorage.setItem(key(code), JSON.stringify({ seat, token }));
  } catch {
    /* ignore */
  }
}

// Forgets the seat for code (e.g. after the server refused its token).
export function forgetSeat(code) {
  try {
    localStorage.removeItem(key(code));
  } catch {
    /* ignore */
  }
}

const localKey = (code) => `tabuleiro.local.${code.toUpperCase()}`;

// The two seat tokens of a match played on this device ({1: token, 2: token}), or null.
export function loadLocal(code) {
  try {
    const v = JSON.parse(localStorage.getItem(localKey(code)) || 'null');
    return v && typeof v[1] === 'string' && typeof v[2] === 'string' ? v : null;
  } catch {
    return null;
  }
}

// Remembers both seat tokens of a match played on this device.
export function saveLocal(code, tokens) {
  try {
    localStorage.setItem(localKey(code), JSON.stringify({ 1: tokens[1], 2: tokens[2] }));
  } catch {
    /* ignore */
  }
}

const NAME_KEY = 'tabuleiro.name';

// The display name this browser shows beside its seats ('' = none). Decoration only: the
// server cleans and shortens it, and seats are held by tokens alone.
export function loadName() {
  try {
    return (localStorage.getItem(NAME_KEY) || '').slice(0, 64);
  } catch {
    return '';
  }
}

// Remembers the display name ('' forgets it).
export function saveName(name) {
  try {
    if (name) localStorage.setItem(NAME_KEY, name.slice(0, 64));
    else localStorage.removeItem(NAME_KEY);
  } catch {
    /* ignore */
  }
}
