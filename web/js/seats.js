// Seat tokens remembered per match code, so a reload or a lost connection resumes the seat.

const key = (code) => `tabuleiro.seat.${code.toUpperCase()}`;

// {seat, token} stored for code, or null.
export function loadSeat(code) {
  try {
    const v = JSON.parse(localStorage.getItem(key(code)) || 'null');
    return v && typeof v.token === 'string' ? v : null;
  } catch { return null; }
}

// Remembers the seat and its secret token for code.
export function saveSeat(code, seat, token) {
  try { localStorage.setItem(key(code), JSON.stringify({ seat, token })); } catch { /* ignore */ }
}

// Forgets the seat for code (e.g. after the server refused its token).
export function forgetSeat(code) {
  try { localStorage.removeItem(key(code)); } catch { /* ignore */ }
}
