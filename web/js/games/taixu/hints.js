// The hint line and the PC label of TAIXU's table, as pure functions of the table's state
// (so every mode has a hint and the unit tests can check them without a page).
import { t } from '../../i18n.js';
import { tx, playerName } from './text.js';

// The hint under the action buttons. s = {seat, mine, over, mode, selected, toMove}: the
// viewer's seat (null for a spectator), whether it may act now, whether the match is over,
// the table's mode ('idle'|'summon'|'stabilize'|'swap') and the selected square.
export function hintText({ seat, mine, over, mode, selected }) {
  if (over) return '';
  if (seat == null) return t('hint_spectator');
  if (!mine) return t('hint_wait');
  switch (mode) {
    case 'summon':
      return tx('hint_summon');
    case 'stabilize':
      return tx('hint_stabilize');
    case 'swap':
      return selected ? tx('hint_swap_second', { sq: selected }) : tx('hint_swap_first');
    default:
      return selected ? `${tx('selected', { sq: selected })} — ${tx('hint_move')}` : tx('hint_select');
  }
}

// The PC line's label: "PC" on the viewer's own turn, "Player 2's PC" otherwise (whose cells
// the bar shows), nothing to name once the match is over.
export function pcLabel({ mine, over, toMove, seat }) {
  if (mine || over || toMove == null) return tx('pc');
  return tx('pc_of', { player: playerName(toMove, seat) });
}
