// The notice over a game's board that says why a click did nothing: the server's refusal of an
// action (its code worded by the client), or the client's own reason for a click that cannot
// act (not this player's turn, a spectator, the game over, a past position, an empty square, an
// opponent's piece…), always in the user's language. It names no game: each table passes its
// game's id, and a game words its own hints as `click.<reason>` in its strings (registered as
// `<game>.click.<reason>`), falling back to the shell's `click.<reason>`.
import { h, fill } from './dom.js';
import { t, errorKey, tFirst } from './i18n.js';

// The reason a click on a table cannot act at all, or null when it may: 'past' (a past version
// is shown), 'spectator', 'game_over', 'not_your_turn' (mine: this seat may act now).
export function idleReason({ past = false, seat = null, over = false, mine = false }) {
  if (past) return 'past';
  if (seat == null) return 'spectator';
  if (over) return 'game_over';
  return mine ? null : 'not_your_turn';
}

// The client's sentence for reason code of game: a refusal (`err.<game>.<code>`, `err.<code>`)
// or a hint (`<game>.click.<code>`, `click.<code>`); null when the client has none.
export function reasonSentence(code, game, params = {}) {
  if (!code) return null;
  const key = errorKey(code, game);
  if (key) return { text: t(key, params), refusal: true };
  const text = tFirst([`${game}.click.${code}`, `click.${code}`], params);
  return text == null ? null : { text, refusal: false };
}

export class BoardNotice {
  // el: the board's notice element (`.illegal-msg`, hidden); game: the game's id; ms: how long
  // a notice stays; onRefusal(): the table's own effect for a refusal (a flash of the board).
  constructor(el, game, { ms = 2600, onRefusal = () => {} } = {}) {
    this.el = el;
    this.game = game;
    this.ms = ms;
    this.onRefusal = onRefusal;
  }

  // Shows the server's refusal err ({code, message}): the client's sentence for its code, the
  // server's message only for a code this client cannot word.
  refuse(err) {
    const known = reasonSentence(err?.code, this.game);
    this.show(err?.code || '', known?.text ?? (err?.message || t('illegal')), true);
  }

  // Shows the client's own reason (a refusal code or a hint name, see reasonSentence) with params.
  explain(code, params = {}) {
    const known = reasonSentence(code, this.game, params);
    this.show(code, known?.text ?? code, known?.refusal ?? false);
  }

  // Shows text under the title "Illegal move" (a refusal) or alone (a hint), tagged with code.
  show(code, text, refusal) {
    fill(this.el, refusal ? h('strong', {}, t('illegal')) : null, h('span', { class: 'illegal-text' }, text));
    this.el.dataset.code = code;
    this.el.classList.toggle('hint-msg', !refusal);
    this.el.hidden = false;
    if (refusal) this.onRefusal();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), this.ms);
  }

  // Hides the notice.
  hide() {
    clearTimeout(this.timer);
    this.el.hidden = true;
  }
}
