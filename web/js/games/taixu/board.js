// The TAIXU table: board, players' reserves, PC, round, turn, and the action buttons.
// It draws the server's view and offers exactly the server's legal actions; an attack on an
// enemy piece that is not in the list is still sent, so the server can say why it is illegal.
// The shell adds its own panels (rules, room controls, log) to `sideEl`.
import { h, icon } from '../../dom.js';
import { BoardFrame } from '../../board-frame.js';
import { CORE, ZONES, SQUARES, coords, orientation } from './geometry.js';
import { playAnimations } from './fx.js';
import { pieceEl } from './piece.js';
import { GAME_ID, tx, playerName } from './text.js';
import { hintText, pcLabel } from './hints.js';

export class TaixuTable extends BoardFrame {
  // root: element to draw into; send(action) → Promise that resolves on ack, rejects on reject.
  constructor(root, send) {
    // Legal entries may carry their cost, which an action sent leaves out.
    super(root, send, { id: GAME_ID, playerName, listOnly: ['cost'] });
    this.selected = null;
    this.mode = 'idle'; // 'idle' | 'summon' | 'stabilize' | 'swap'
    this.build();
  }

  // Creates the static DOM once: the frame (board-frame.js), the board and the controls.
  build() {
    this.fxEl = h('div', { class: 'fx-layer', 'aria-hidden': 'true' });
    this.turnEl = h('div', { class: 'turn-card' });
    this.hintEl = h('p', { class: 'hint', 'aria-live': 'polite' });
    const btn = (id, key, handler) =>
      h(
        'button',
        { type: 'button', class: `act act-${id}`, id: `act-${id}`, onclick: handler },
        icon(key),
        h('span', { class: 'act-label' }),
        h('span', { class: 'act-cost' })
      );
    this.btns = {
      summon: btn('summon', 'summon', () => this.toggleMode('summon')),
      stabilize: btn('stabilize', 'stabilize', () => this.onStabilize()),
      swap: btn('swap', 'swap', () => this.onSwap()),
      end_turn: btn('end_turn', 'end', () => this.act({ type: 'end_turn' })),
    };
    this.actionsEl = h('div', { class: 'actions' }, Object.values(this.btns));
    this.barEl = h('div', { class: 'action-bar' }, this.actionsEl, this.hintEl);
    this.buildFrame({
      board: this.gridEl('board', 'TAIXU'),
      layers: [this.fxEl],
      notice: { onRefusal: () => this.flash() },
      side: [this.turnEl, this.barEl],
    });
  }

  // Draws the server's view with the seat's legal actions; prev/events (optional) animate the
  // change. (TAIXU's legal list is always complete, so `expects` is not used.)
  // lastTurn (optional): the events of the other side's last whole turn, whose squares are
  // highlighted (else the squares of this change's events).
  // past: a past version of the record is shown (nothing may be played on it).
  // select (optional): a square of the seat's shown selected, its legal targets highlighted
  // (the How to play page's diagrams).
  update({ view, legal, seat, version, prev = null, events = [], lastTurn = null, past = false, select = undefined }) {
    this.takeUpdate({ view, legal, seat, version, past, events, lastTurn }, lastSquares);
    if (select !== undefined) this.selected = select;
    if (this.selected && !this.isOwn(this.selected)) this.selected = null;
    if (!this.legal.length) this.mode = 'idle';
    clearTimeout(this.landTimer);
    this.panel = null;
    if (prev && events.length) {
      // The numbers and the turn line first show the view before the change, then take each
      // value from the new view when the animation of the last event that changes it lands.
      this.panel = panelFields(prev);
      this.render();
      const { times, total } = playAnimations(this, prev, events);
      this.scheduleLanding(events, times, total);
    } else {
      this.render();
    }
  }

  // Lands the panel fields at their events' times: pc (pc_changed, turn_started), reserves
  // (summoned, captured, destroyed of that owner), round / player to move (turn_started),
  // bonus (bonus_earned); everything at the end of the timeline.
  scheduleLanding(events, times, total) {
    const at = new Map(); // field → time
    const mark = (f, i) => at.set(f, Math.max(at.get(f) ?? 0, times[i] + 200));
    events.forEach((ev, i) => {
      if (ev.type === 'pc_changed') mark('pc', i);
      if (ev.type === 'turn_started') {
        mark('pc', i);
        mark('to_move', i);
        mark('round', i);
        mark('bonus', i);
      }
      if (ev.type === 'bonus_earned') mark('bonus', i);
      if (ev.type === 'summoned') mark(`reserve${ev.player ?? ev.owner}`, i);
      if (ev.type === 'captured' || ev.type === 'destroyed') mark(`reserve${ev.owner}`, i);
    });
    const steps = [...new Set([...at.values(), total])].sort((x, y) => x - y);
    const run = (k) => {
      if (!this.panel) return;
      if (k >= steps.length) {
        this.panel = null;
        this.renderPanels();
        return;
      }
      this.landTimer = setTimeout(
        () => {
          if (!this.panel) return;
          for (const [f, time] of at) if (time <= steps[k]) landField(this.panel, this.view, f);
          if (k === steps.length - 1) this.panel = null;
          this.renderPanels();
          run(k + 1);
        },
        k === 0 ? steps[0] : steps[k] - steps[k - 1]
      );
    };
    run(0);
  }

  renderPanels() {
    this.renderPlayers();
    this.renderTurn();
  }

  // The view the player cards and the turn card show (the new view once everything landed).
  shownView() {
    return this.panel ? { ...this.view, ...this.panel } : this.view;
  }

  // (Re)creates the 64 square buttons in this viewer's orientation.
  layout() {
    const { ranks, files } = orientation(this.seat);
    this.placeCards();
    this.cells.clear();
    const rows = [];
    ranks.forEach((rank, ri) => {
      const row = h('div', { class: 'row', role: 'row' });
      files.forEach((file, fi) => {
        const sq = `${file}${rank}`;
        const [x, y] = coords(sq);
        const cell = h('button', {
          type: 'button',
          role: 'gridcell',
          class: `sq ${(x + y) % 2 ? 'light' : 'dark'}`,
          tabindex: '-1',
          dataset: { sq },
          onclick: () => this.onSquare(sq),
          onfocus: () => {
            this.cursor = sq;
          },
        });
        if (CORE.has(sq)) cell.classList.add('core');
        if (ZONES.has(sq)) cell.classList.add('zone');
        if (fi === 0) cell.append(this.coordEl('rank', String(rank)));
        if (ri === 7) cell.append(this.coordEl('file', file));
        cell.append(h('span', { class: 'slot' }));
        this.cells.set(sq, cell);
        row.append(cell);
      });
      rows.push(row);
    });
    this.fillBoard(rows); // the cursor starts on the viewer's near left corner
  }

  // Does the viewer's own piece stand on sq?
  isOwn(sq) {
    return this.view?.pieces?.[sq]?.owner === this.seat && this.seat != null;
  }
  // The legal actions of type.
  legalOf(type) {
    return this.legal.filter((a) => a.type === type);
  }

  // The squares highlighted for the current selection and mode, with the action each sends.
  targets() {
    const m = new Map();
    const sel = this.selected;
    if (this.mode === 'summon') for (const a of this.legalOf('summon')) m.set(a.to, a);
    else if (this.mode === 'stabilize') for (const a of this.legalOf('stabilize')) m.set(a.at, a);
    else if (this.mode === 'swap' && sel) {
      for (const a of this.legalOf('swap')) {
        if (a.a === sel) m.set(a.b, a);
        else if (a.b === sel) m.set(a.a, a);
      }
    } else if (sel) for (const a of this.legalOf('move')) if (a.from === sel) m.set(a.to, a);
    return m;
  }

  // Redraws squares, pieces, panels and buttons from this.view / this.legal.
  render() {
    const v = this.view;
    if (!v) return;
    const targets = this.targets();
    this.boardEl.dataset.version = String(this.version ?? '');
    this.boardEl.setAttribute('aria-label', tx('board_label', { player: playerName(this.seat === 2 ? 2 : 1) }));
    this.boardEl.classList.toggle('my-turn', this.myTurn());
    for (const sq of SQUARES) {
      const cell = this.cells.get(sq);
      const piece = v.pieces?.[sq];
      const anomaly = v.anomalies?.[sq];
      const slot = cell.querySelector('.slot');
      const nodes = [];
      if (anomaly) nodes.push(anomalyIcon(anomaly, !!piece));
      if (piece) nodes.push(pieceEl(piece));
      slot.replaceChildren(...nodes);
      const target = targets.get(sq);
      cell.classList.toggle('target', !!target);
      cell.classList.toggle('attack', !!target && !!piece && piece.owner !== this.seat);
      cell.classList.toggle('selected', sq === this.selected);
      cell.classList.toggle('last', !!this.last?.has(sq));
      cell.classList.toggle('own', !!piece && piece.owner === this.seat);
      cell.dataset.piece = piece ? `${piece.owner}:${piece.charge}:${piece.idle}` : '';
      cell.dataset.anomaly = anomaly || '';
      cell.tabIndex = sq === this.cursor ? 0 : -1;
      const parts = [
        piece
          ? tx('square_piece', { sq, player: playerName(piece.owner), charge: piece.charge, idle: piece.idle })
          : tx('square_empty', { sq }),
      ];
      if (CORE.has(sq)) parts.push(tx('core'));
      if (ZONES.has(sq)) parts.push(tx('zone'));
      if (anomaly) parts.push(tx(`anomaly.${anomaly}`));
      cell.setAttribute('aria-label', parts.join('. '));
      // The Core's and the Energy Zones' squares say what they are on hover (an anomaly's
      // icon has its own tooltip).
      cell.title = CORE.has(sq) ? tx('legend.core') : ZONES.has(sq) ? tx('legend.zone') : '';
      cell.setAttribute('aria-selected', String(sq === this.selected));
    }
    this.renderPlayers();
    this.renderTurn();
    this.renderButtons();
  }

  renderPlayers() {
    const v = this.shownView();
    for (const p of [1, 2]) {
      const el = this.playerEls[p];
      const bonus = v.bonus?.[p - 1] ?? 0;
      const onBoard = Object.values(v.pieces || {}).filter((x) => x.owner === p).length;
      const reserve = v.reserve?.[p - 1] ?? 0;
      el.classList.toggle('active', v.to_move === p && !v.outcome);
      el.classList.toggle('me', p === this.seat);
      el.replaceChildren(
        ...[
          ...this.cardHead(p),
          h(
            'span',
            { class: 'stat reserve', title: tx('reserve') },
            h('span', { class: 'stat-label' }, tx('reserve')),
            h(
              'span',
              { class: 'reserve-pips', 'aria-hidden': 'true' },
              Array.from({ length: reserve + onBoard }, (_, i) => h('i', { class: i < reserve ? 'on' : '' }))
            ),
            h('b', { class: 'reserve-n', dataset: { player: p } }, String(reserve))
          ),
          bonus ? h('span', { class: 'stat bonus', title: tx('bonus') }, `+${bonus} PC`) : null,
        ].filter(Boolean)
      );
    }
    this.applyPresence();
  }

  // The turn card (round, whose turn, the PC bar of the side to move) and the hint.
  renderTurn() {
    const v = this.shownView();
    const mine = this.seat != null && v.to_move === this.seat && !v.outcome;
    const pcTotal = Math.max(v.pc, 5);
    this.turnEl.replaceChildren(
      h(
        'div',
        { class: 'turn-line' },
        h(
          'span',
          { class: 'round' },
          h('span', { class: 'k' }, tx('round')),
          h('b', { id: 'round-n' }, String(v.round))
        ),
        this.whoseLine(v, mine)
      ),
      h(
        'div',
        { class: 'pc-line', title: tx('pc_long') },
        h(
          'span',
          { class: 'k', id: 'pc-label' },
          pcLabel({ mine, over: !!v.outcome, toMove: v.to_move, seat: this.seat })
        ),
        h(
          'span',
          { class: 'pc-cells', 'aria-hidden': 'true' },
          Array.from({ length: pcTotal }, (_, i) => h('i', { class: i < v.pc ? 'on' : '' }))
        ),
        h('b', { id: 'pc-n' }, String(v.pc))
      )
    );
    const hint = hintText({
      seat: this.seat,
      mine: this.myTurn(),
      over: !!this.view.outcome,
      mode: this.mode,
      selected: this.selected,
    });
    this.hintEl.textContent = hint;
  }

  renderButtons() {
    const v = this.view;
    const c = v.costs || {};
    const sel = this.selected;
    const swaps = this.legalOf('swap').filter((a) => !sel || a.a === sel || a.b === sel);
    const swapCost = swaps.length && sel ? Math.min(...swaps.map((a) => a.cost ?? c.swap)) : c.swap;
    const stab = this.legalOf('stabilize').filter((a) => !sel || a.at === sel);
    const set = (key, label, cost, enabled, pressed) => {
      const b = this.btns[key];
      b.querySelector('.act-label').textContent = tx(label);
      b.querySelector('.act-cost').textContent = cost == null ? '' : tx('cost', { n: cost });
      b.disabled = this.busy || !enabled;
      b.setAttribute('aria-pressed', String(!!pressed));
    };
    set('summon', 'summon', c.summon, this.legalOf('summon').length > 0, this.mode === 'summon');
    set('stabilize', 'stabilize', c.stabilize, stab.length > 0, this.mode === 'stabilize');
    set('swap', 'swap', swapCost, swaps.length > 0, this.mode === 'swap');
    set('end_turn', 'end_turn', null, this.legalOf('end_turn').length > 0, false);
    this.actionsEl.hidden = this.seat == null;
  }

  toggleMode(mode) {
    this.mode = this.mode === mode ? 'idle' : mode;
    if (mode === 'summon' || mode === 'stabilize') this.selected = null;
    this.render();
    const first = [...this.targets().keys()][0];
    if (first && this.mode !== 'idle') this.focusCell(first);
  }

  onStabilize() {
    const sel = this.selected;
    const a = sel && this.legalOf('stabilize').find((x) => x.at === sel);
    if (a) this.act(a);
    else this.toggleMode('stabilize');
  }

  onSwap() {
    if (!this.selected) {
      this.toggleMode('swap');
      return;
    }
    this.mode = this.mode === 'swap' ? 'idle' : 'swap';
    this.render();
  }

  // A click (or Enter) on a square: the highlighted action, a selection, or an action the
  // server will refuse with its reason; a click that can do nothing says why.
  onSquare(sq) {
    if (this.busy || this.refuseIdle(this.idleReason())) return;
    const target = this.targets().get(sq);
    if (target) {
      if (this.mode === 'swap' && !this.selected) {
        this.selected = sq;
        this.render();
        return;
      }
      this.act(target);
      return;
    }
    const piece = this.view?.pieces?.[sq];
    const sel = this.selected;
    if (this.mode === 'swap' && !sel && this.isOwn(sq)) {
      this.selected = sq;
      this.render();
      return;
    }
    // Not highlighted: the server says why (attack, summon, stabilize or swap).
    if (this.mode === 'summon') {
      this.act({ type: 'summon', to: sq });
      return;
    }
    if (this.mode === 'stabilize') {
      this.act({ type: 'stabilize', at: sq });
      return;
    }
    if (this.mode === 'swap' && sel && sq !== sel) {
      this.act({ type: 'swap', a: sel, b: sq });
      return;
    }
    if (this.isOwn(sq)) {
      this.selected = sel === sq && this.mode === 'idle' ? null : sq;
      this.mode = 'idle';
    } else if (sel && this.mode === 'idle') {
      this.act({ type: 'move', from: sel, to: sq });
      return;
    } else {
      this.dropChoice();
      this.notice.explain(piece ? 'not_your_piece' : 'empty');
    }
    this.render();
  }

  // Drops the selection and the mode (a click that cannot act, Escape).
  dropChoice() {
    this.selected = null;
    this.mode = 'idle';
  }

  // While an action is on its way (act()): the buttons disabled (a refusal then flashes the board).
  showBusy() {
    this.renderButtons();
  }

  // After the server took an action (act()): nothing selected, no mode.
  acted() {
    this.dropChoice();
  }

  // The focus to give back after an action (act()): where it was (a button disabled while busy
  // drops it), else on the board's cursor, unless it went somewhere else meanwhile.
  keepFocus() {
    const focused = document.activeElement;
    return () => {
      if (document.activeElement === document.body || !document.activeElement) {
        const back =
          focused && this.root.contains(focused) && !focused.disabled ? focused : this.cells.get(this.cursor);
        back?.focus({ preventScroll: true });
      }
    };
  }

  // The board's red flash (restarted on each refusal).
  flash() {
    this.boardWrap.classList.remove('flash');
    void this.boardWrap.offsetWidth; // restart the animation
    this.boardWrap.classList.add('flash');
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => this.boardWrap.classList.remove('flash'), 2600);
  }

  // Arrow keys move the focus across the board; Escape cancels a selection or mode.
  onKey(e) {
    const cell = e.target.closest?.('.sq');
    if (!cell) return;
    if (e.key === 'Escape') {
      this.dropChoice();
      this.render();
      return;
    }
    const d = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (!d) return;
    e.preventDefault();
    const rows = [...this.boardEl.children];
    const r = rows.indexOf(cell.parentElement);
    const c = [...cell.parentElement.children].indexOf(cell);
    const nr = Math.min(7, Math.max(0, r + d[1]));
    const nc = Math.min(7, Math.max(0, c + d[0]));
    this.focusCell(rows[nr].children[nc].dataset.sq);
  }
}

// The panel fields of a view (what the player and turn cards show).
function panelFields(v) {
  return {
    to_move: v.to_move,
    round: v.round,
    pc: v.pc,
    bonus: [...(v.bonus || [])],
    reserve: [...(v.reserve || [])],
    outcome: v.outcome,
  };
}

// Copies one landed field (pc, to_move, round, bonus, reserve<n>) from the new view.
function landField(panel, view, f) {
  if (f.startsWith('reserve')) {
    const i = Number(f.slice(7)) - 1;
    if (i >= 0 && view.reserve) panel.reserve[i] = view.reserve[i];
  } else if (f === 'bonus') panel.bonus = [...(view.bonus || [])];
  else panel[f] = view[f];
}

// Every square a turn's (or a change's) events touched: moves, summons, swaps, teleports,
// captures, explosions, destructions and stabilized pieces, for a soft highlight.
export function lastSquares(events) {
  const out = new Set();
  for (const e of events) {
    if (e.type === 'moved' || e.type === 'repelled') {
      out.add(e.from);
      out.add(e.to);
    }
    if (e.type === 'summoned') out.add(e.at ?? e.to);
    if (e.type === 'swapped') {
      out.add(e.a);
      out.add(e.b);
    }
    if (e.type === 'teleported' && e.to) out.add(e.to);
    if (['captured', 'exploded', 'destroyed'].includes(e.type)) out.add(e.at);
    if (e.type === 'charge_changed' && e.cause === 'stabilize') out.add(e.at);
  }
  out.delete(undefined);
  return out.size ? out : null;
}

// The blinking anomaly icon, named (its accessible name) with a tooltip saying its effect.
function anomalyIcon(effect, withPiece) {
  return h(
    'span',
    { class: `anomaly a-${effect}${withPiece ? ' corner' : ''}`, dataset: { tip: tx(`anomaly.${effect}`) } },
    icon(effect, tx(`anomaly.name.${effect}`))
  );
}
