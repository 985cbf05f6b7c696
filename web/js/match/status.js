// The match page's opponent-away bar counting down the server's abandonment time (presence
// `abandon_in_ms`, counted from receipt). (The seats with their players' names are the
// players panel, players.js.)
import { t } from '../i18n.js';

// The bar el telling that the other side is away and when abandonment will be recorded.
// Thread-safety: used on the page's main thread only; one countdown at a time.
export class AwayBar {
  constructor(el) {
    this.el = el;
    this.timer = null;
  }

  // Shows the seats of p other than mySeat that are away with a countdown (label names a
  // seat), or hides the bar when none is, or when show is false (over, or this page offline).
  update(p, mySeat, label, show) {
    clearInterval(this.timer);
    const away = (p?.seats || []).filter(
      (x) => x.seat !== mySeat && x.taken && !x.connected && x.abandon_in_ms != null
    );
    if (!away.length || !show) {
      this.el.hidden = true;
      return;
    }
    const deadline = Date.now() + Math.min(...away.map((x) => x.abandon_in_ms));
    const who = away.map((x) => label(x.seat)).join(', ');
    const tick = () => {
      const n = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      this.el.textContent = t('opponent_away', { player: who, n });
      this.el.dataset.seconds = String(n);
    };
    tick();
    this.el.hidden = false;
    this.timer = setInterval(tick, 1000);
  }

  // Stops the countdown and hides the bar.
  hide() {
    clearInterval(this.timer);
    this.el.hidden = true;
  }
}
