// TAIXU's id and translator for its own string keys (registered under its namespace).
import { gameTranslator } from '../../i18n.js';
import { playerNames } from '../../game-module.js';

export const GAME_ID = 'taixu';

// The current-language string for one of TAIXU's own keys (strings.js), {name} from params.
export const tx = gameTranslator(GAME_ID);

// playerName(n, seat, names): "Player 1" / "Player 2", or the player's name when names (seat →
// display name) has one; with "(you)" for the viewer's own seat; '?' for anything else.
export const playerName = playerNames(tx);
