// The match clocks: one display per seat, counting down locally from the moment the server's
// reading arrived (`clock` of joined / patch / snapshot / presence, PROTOCOL.md "Clocks"); the
// shared set-up timer, a correspondence turn's deadline date, low-time styling and the flag.
// The server decides every time-out; this only shows what it said, moved on by local time.
import { h } from './dom.js';
import { t, lang } from './i18n.js';

const TICK_MS = 100;

// Seconds below which a Fischer clock is shown as low, and a correspondence turn's (6 h).
const LOW_FISCHER_MS = 20_000;
const LOW_CORRESPONDENCE_MS = 6 * 3600_000;

// "1:05:09", "4:59", "9.4" (under 10 s); correspondence: "2d 03h", "5:07" (h:mm).
export function formatClock(ms, kind = 'fischer') {
  const v = Math.max(0, ms);
  if (kind === 'correspondence') {
    const hours = Math.floor(v / 3600_000);
    if (hours >= 24) return `${Math.floor(hours / 24)}d ${String(hours % 24).padStart(2, '0')}h`;
    return `${hours}:${String(Math.floor((v % 3600_000) / 60_000)).padStart(2, '0')}`;
  }
  if (v < 10_000) return (Math.floor(v / 100) / 10).toFixed(1);
  const s = Math.ceil(v / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

// The clocks of one match page. seatName(n) labels a seat; now() is the local clock (ms);
// slots (optional, seat → element): where each seat's clock is drawn (the players panel's
// rows), el then holding only the set-up timer and the deadline; without slots el holds all.
export class MatchClocks {
  constructor({ seatName, now = () => performance.now(), slots = null } = {}) {
    this.seatName = seatName || ((n) => String(n));
    this.now = now;
    this.slots = slots;
    this.reading = null; // the server's last clock object
    this.received = 0; // now() when it arrived
    this.flagged = null; // the seat whose time ran out (0: both), once the outcome says so
    this.timer = null;
    this.el = h('div', { class: 'clocks', id: 'clocks', hidden: true, role: 'timer', 'aria-live': 'off' });
  }

  // Takes a message's clock (ignored when absent or older than the one held).
  update(clock) {
    if (!clock || typeof clock !== 'object') return;
    if (this.reading && Number(clock.at) < Number(this.reading.at)) return;
    this.reading = clock;
    this.received = this.now();
    this.el.hidden = false;
    this.render();
    clearInterval(this.timer);
    this.timer =
      clock.running != null || clock.setup_remaining_ms != null ? setInterval(() => this.render(), TICK_MS) : null;
  }

  // The match ended: a timeout marks the seat that lost on time.
  setOutcome(outcome, events = []) {
    const ev = events.find((e) => e?.type === 'timeout');
    if (ev) this.flagged = ev.seat;
    else if (outcome?.reason === 'timeout') this.flagged = outcome.winner == null ? 0 : 3 - outcome.winner;
    if (outcome) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.render();
  }

  // The remaining ms of seat now (counting down locally while its time runs).
  remaining(seat) {
    const r = this.reading;
    if (!r) return null;
    const base = Number(r.remaining_ms?.[seat - 1] ?? 0);
    return r.running === seat && this.flagged == null ? Math.max(0, base - (this.now() - this.received)) : base;
  }

  render() {
    const r = this.reading;
    if (!r) return;
    const kind = r.kind === 'correspondence' ? 'correspondence' : 'fischer';
    const low = kind === 'correspondence' ? LOW_CORRESPONDENCE_MS : LOW_FISCHER_MS;
    const seats = [1, 2].map((n) => {
      const left = this.remaining(n);
      const flag = this.flagged === n || this.flagged === 0;
      const running = r.running === n && this.flagged == null;
      return h(
        'div',
        {
          class: `clock p${n}${running ? ' running' : ''}${left < low ? ' low' : ''}${flag ? ' flagged' : ''}`,
          dataset: { seat: String(n) },
        },
        h('span', { class: 'clock-name' }, this.seatName(n)),
        h(
          'span',
          {
            class: 'clock-time',
            'aria-label': t('clock.left', { player: this.seatName(n), time: formatClock(left, kind) }),
          },
          formatClock(left, kind)
        ),
        flag ? h('span', { class: 'clock-flag' }, t('clock.flag')) : null
      );
    });
    const extra = [];
    if (r.setup_remaining_ms != null && this.flagged == null) {
      const left = Math.max(0, Number(r.setup_remaining_ms) - (this.now() - this.received));
      extra.push(
        h(
          'div',
          { class: `clock-setup${left < LOW_FISCHER_MS ? ' low' : ''}`, id: 'clock-setup' },
          t('clock.setup', { time: formatClock(left) })
        )
      );
    }
    if (r.deadline && r.running != null && this.flagged == null) {
      const when = new Date(r.deadline);
      const text = new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' }).format(when);
      extra.push(
        h(
          'div',
          { class: 'clock-deadline', id: 'clock-deadline' },
          t('clock.deadline', { player: this.seatName(r.running), when: text })
        )
      );
    }
    if (this.slots) {
      seats.forEach((el, i) => this.slots[i + 1]?.replaceChildren(el));
      this.el.replaceChildren(...extra);
      this.el.hidden = !extra.length;
    } else {
      this.el.replaceChildren(...seats, ...extra);
    }
  }

  // Stops the local countdown.
  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}

// The create form's clock choice: none, Fischer presets ("minutes+seconds"), custom minutes and
// increment, or correspondence days per turn. read() → the `clock` of POST /api/matches, or null.
export const CLOCK_PRESETS = ['1+0', '3+2', '5+3', '10+5', '15+10', '30+20'];
export function clockChoice({ field }) {
  const choices = [
    ['none', 'opt.clock.none'],
    ...CLOCK_PRESETS.map((p) => [p, null]),
    ['custom', 'opt.clock.custom'],
    ['correspondence', 'opt.clock.correspondence'],
  ];
  const kind = h(
    'select',
    { name: 'clock', id: 'opt-clock' },
    choices.map(([v, label]) =>
      h('option', { value: v, 'data-i18n': label || undefined }, label ? t(label) : v.replace('+', ' + '))
    )
  );
  const minutes = h('input', {
    type: 'number',
    name: 'clock_minutes',
    id: 'opt-clock-minutes',
    min: 0,
    max: 180,
    value: 5,
    required: true,
  });
  const increment = h('input', {
    type: 'number',
    name: 'clock_increment',
    id: 'opt-clock-increment',
    min: 0,
    max: 180,
    value: 3,
    required: true,
  });
  const days = h(
    'select',
    { name: 'clock_days', id: 'opt-clock-days' },
    [1, 2, 3, 5, 7, 14].map((d) => h('option', { value: String(d), selected: d === 3 }, String(d)))
  );
  const custom = h(
    'div',
    { class: 'clock-custom', hidden: true },
    field('opt.clock.minutes', minutes),
    field('opt.clock.increment', increment)
  );
  const corr = h('div', { class: 'clock-corr', hidden: true }, field('opt.clock.days', days));
  const show = () => {
    custom.hidden = kind.value !== 'custom';
    corr.hidden = kind.value !== 'correspondence';
  };
  kind.addEventListener('change', show);
  return {
    nodes: [field('opt.clock', kind), custom, corr],
    read() {
      const v = kind.value;
      if (v === 'none') return null;
      if (v === 'correspondence') return { days_per_turn: Number(days.value) };
      if (v === 'custom')
        return { initial_s: Math.round(Number(minutes.value) * 60), increment_s: Math.round(Number(increment.value)) };
      const [m, s] = v.split('+').map(Number);
      return { initial_s: m * 60, increment_s: s };
    },
  };
}
