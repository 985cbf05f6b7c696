// Play on this device: one browser holds both seats of a normal server match. Seat 1's
// connection belongs to the match page (log, history, banner); this object holds seat 2's
// connection and view, one game table per seat, which of them is shown (the side to move),
// and the "pass the device" screen put before a seat's secret entry (an incomplete legal
// list: `expects`), so one player's secret is never on screen for the other. No game named.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { ViewSync } from '../sync.js';
import { focusMayMove } from '../board-keys.js';

export class DevicePlay {
  // connect(opts, seat): a connection to the match for seat (MatchConnection's interface);
  // tokens: {1, 2} seat tokens; primary: seat 1's ViewSync (the page's);
  // seatName(n): a seat's label; onChange(): called after seat 2's view changed; paused():
  // true while the page shows a past version (tables are then not redrawn live).
  constructor({ connect, tokens, primary, seatName, onChange, paused }) {
    this.paused = paused;
    this.syncs = { 1: primary, 2: new ViewSync() };
    this.seatName = seatName;
    this.onChange = onChange;
    this.tables = {};
    this.hosts = {};
    this.active = null; // the seat whose table is shown
    this.passFor = null; // the seat the pass screen waits for, or null
    this.sides = { top: [], bottom: [] }; // the shell's side panels, moved to the shown table
    this.passEl = h('div', {
      class: 'pass-screen',
      id: 'pass-screen',
      hidden: true,
      role: 'dialog',
      'aria-labelledby': 'pass-title',
    });
    this.conn = connect(
      { token: tokens[2], versionOf: () => this.syncs[2].version, onMessage: (msg) => this.onSecond(msg) },
      2
    );
  }

  start() {
    this.conn.start();
  }
  stop() {
    this.conn.stop();
  }

  // Builds both seats' tables of game in root; conn1 is seat 1's connection. Returns seat 1's.
  mount(root, Table, conn1) {
    for (const s of [1, 2])
      this.hosts[s] = h('div', { class: 'local-seat', dataset: { seat: String(s) }, hidden: true });
    root.replaceChildren(this.hosts[1], this.hosts[2], this.passEl);
    this.root = root;
    this.tables = {
      1: new Table(this.hosts[1], (action) => conn1.request({ type: 'act', action })),
      2: new Table(this.hosts[2], (action) => this.conn.request({ type: 'act', action })),
    };
    // Seat 2's connection may have joined before seat 1's first view built the tables.
    if (this.syncs[2].view && !this.paused?.()) this.draw(2);
    return this.tables[1];
  }

  // The side panels shown beside the active table: {top (before the game's own panels:
  // banner, players, invitation), bottom (after them: rules, room controls, history, log)}.
  setSides(sides) {
    this.sides = sides;
  }

  // The connection of the side to move (resign acts for it), given seat 1's.
  acting(conn1) {
    return this.active === 2 ? this.conn : conn1;
  }
  // The table shown now.
  table() {
    return this.tables[this.active ?? 1];
  }
  // True while a seat still has a secret entry to make.
  secretPending() {
    return !!(this.syncs[1].expects || this.syncs[2].expects);
  }

  // Seat 2's messages keep its own copy of the view.
  onSecond(msg) {
    const sy = this.syncs[2];
    let prev = null;
    let events = [];
    if (msg.type === 'joined') {
      if (sy.join(msg) === 'resync') this.conn.sendRaw({ type: 'resync' });
    } else if (msg.type === 'patch') {
      prev = sy.view;
      const res = sy.patch(msg);
      if (res === 'resync') {
        this.conn.sendRaw({ type: 'resync' });
        return;
      }
      if (res !== 'applied') return;
      events = Array.isArray(msg.events) ? msg.events : [];
    } else if (msg.type === 'snapshot') {
      sy.reset(msg);
    } else if (msg.type === 'game_over') {
      sy.finish(msg.outcome);
    } else {
      return;
    }
    if (!this.tables[2]) return;
    if (!this.paused?.()) this.draw(2, prev, events);
    this.choose();
    this.onChange?.();
  }

  // Redraws seat s's table from that seat's view.
  draw(s, prev = null, events = []) {
    const sy = this.syncs[s];
    if (!this.tables[s] || !sy.view) return;
    this.tables[s].update({
      view: sy.view,
      legal: sy.legal,
      expects: sy.expects,
      toAct: sy.toAct,
      seat: s,
      version: sy.version,
      prev,
      events,
      lastTurn: null,
    });
  }

  // Shows the table of the side to move (keeping the current one while it may still act),
  // behind the pass screen when that side has a secret entry to make. The keyboard focus, when
  // it was on the tables, follows: to the pass screen's button, or to the new table's board.
  choose() {
    const canAct = (s) => {
      const sy = this.syncs[s];
      return !!sy.view && sy.toAct.includes(s) && !sy.outcome;
    };
    const cur = this.active;
    const keepFocus = focusMayMove(this.root);
    const next = cur != null && canAct(cur) ? cur : canAct(1) ? 1 : canAct(2) ? 2 : (cur ?? 1);
    if (next !== cur) {
      this.active = next;
      this.passFor = this.syncs[next].expects ? next : null;
      this.tables[next].sideEl.prepend(...this.sides.top);
      this.tables[next].sideEl.append(...this.sides.bottom);
    }
    for (const s of [1, 2]) this.hosts[s].hidden = this.passFor != null || this.active !== s;
    this.passEl.hidden = this.passFor == null;
    if (this.passFor != null) {
      const player = this.seatName(this.passFor);
      this.passEl.replaceChildren(
        h(
          'div',
          { class: 'pass-card' },
          h('h2', { id: 'pass-title' }, t('local.pass', { player })),
          h('p', {}, t('local.pass_hint')),
          h(
            'button',
            { type: 'button', class: 'btn primary big', id: 'pass-ready', onclick: () => this.ready() },
            t('local.ready', { player })
          )
        )
      );
      if (keepFocus) this.passEl.querySelector('#pass-ready').focus({ preventScroll: true });
    } else if (cur != null && next !== cur && keepFocus) {
      this.tables[next].focusBoard?.();
    }
    this.root.dataset.active = String(this.active);
    return this.active;
  }

  // The tables' host became visible (its stylesheet loaded): the pass screen's button takes the
  // focus it could not take while hidden.
  shown() {
    if (this.passFor != null && focusMayMove(this.root))
      this.passEl.querySelector('#pass-ready')?.focus({ preventScroll: true });
  }

  // The pass screen's player is ready: their table, the keyboard focus on its board.
  ready() {
    this.passFor = null;
    this.choose();
    this.table().focusBoard?.();
  }

  relabel() {
    this.tables[2]?.relabel();
    if (this.root) this.choose();
  }
}
