// The player cards a game's table draws beside its board (one element per seat holding a
// `.pname` and a `.presence-dot`): who is here, and each seat's display name after its label.
import { t } from './i18n.js';

// Marks cards (seat → element) from a presence message: connected, away or free, and the name
// label(seat) followed by the seat's display name when it has one ("Player 2 · Bruno").
export function showPresence(cards, presence, label) {
  for (const s of presence?.seats || []) {
    const card = cards[s.seat];
    if (!card) continue;
    const dot = card.querySelector('.presence-dot');
    if (dot) {
      const state = !s.taken ? 'empty' : s.connected ? 'on' : 'off';
      dot.className = `presence-dot ${state}`;
      dot.textContent = t(state === 'empty' ? 'empty_seat' : state === 'on' ? 'connected' : 'disconnected');
    }
    const pname = card.querySelector('.pname');
    if (pname) pname.textContent = s.name ? `${label(s.seat)} · ${s.name}` : label(s.seat);
  }
}
