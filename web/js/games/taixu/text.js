// TAIXU's id and translator for its own string keys (registered under its namespace).
import { gameTranslator, t } from '../../i18n.js';

export const GAME_ID = 'taixu';

// The current-language string for one of TAIXU's own keys (strings.js), {name} from params.
export const tx = gameTranslator(GAME_ID);

// "Player 1" / "Player 2", or the player's name when names (seat → display name) has one; with
// "(you)" for the viewer's own seat; '?' for anything else.
export function playerName(n, seat, names = null) {
  if (n !== 1 && n !== 2) return '?';
  const name = names?.[n] || tx(`seat.${n}`);
  return n === seat ? t('seat_you', { player: name }) : name;
}
