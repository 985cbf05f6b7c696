// The match page's opponent-away bar counting down the server's abandonment time (presence
// `abandon_in_ms`, counted from receipt), and the bar telling that this client is offline or
// replaced. (The seats with their players' names are the players panel, players.js.)
import { h } from '../dom.js';
import { t } from '../i18n.js';

// The match's life bars for state (read only): this client offline or replaced, the opponent
// away (with the server's abandonment countdown); seatName(n) names seat n for this client.
export function lifeBars(state, seatName) {
  const offlineBar = h('div', { class: 'offline-bar', id: 'offline-bar', hidden: true, role: 'alert' });
  const awayBar = h('div', { class: 'away-bar', id: 'away-bar', hidden: true, role: 'status' });
  const away = new AwayBar(awayBar);
  // The other side's absence with the server's abandonment countdown.
  const drawAway = () => away.update(state.presence, state.seat, seatName, !state.outcome && state.conn === 'open');
  // The connection's state: while this client is offline (or a newer tab took its seat) the
  // bar says so and the table tableEl is disabled.
  const drawConnection = (tableEl) => {
    const s = state.conn;
    const off = s === 'reconnecting' || s === 'replaced' || s === 'disabled';
    // A disabled account is told by the page's banner (account-banner.js), not here.
    offlineBar.hidden = !off || s === 'disabled';
    offlineBar.dataset.state = s || '';
    offlineBar.textContent = s === 'replaced' ? t('replaced') : t('offline');
    tableEl.classList.toggle('offline', off);
    tableEl.inert = off;
    if (off) away.hide();
    else drawAway();
  };
  return { offlineBar, awayBar, drawAway, drawConnection };
}

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
