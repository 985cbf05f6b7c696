// The TAIXU table: board, players' reserves, PC, round, turn, and the action buttons.
// It draws the server's view and offers exactly the server's legal actions; an attack on an
// enemy piece that is not in the list is still sent, so the server can say why it is illegal.
// The shell adds its own panels (rules, room controls, log) to `sideEl`.
import { showPresence } from '../../player-cards.js';
import { h, icon } from '../../dom.js';
import { t } from '../../i18n.js';
import { BoardNotice, idleReason } from '../../board-notice.js';
import { CORE, ZONES, SQUARES, coords, orientation } from './geometry.js';
import { playAnimations } from './fx.js';
import { pieceEl } from './piece.js';
import { GAME_ID, tx, playerName } from './text.js';
import { hintText, pcLabel } from './hints.js';

const strip = ({ cost, ...action }) => action; // legal entries may carry their cost

export class TaixuTable {
  // root: element to draw into; send(action) → Promise that resolves on ack, rejects on reject.
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.seat = null;
    this.view = null;
    this.legal = [];
    this.selected = null;
    this.mode = 'idle'; // 'idle' | 'summon' | 'stabilize' | 'swap'
    this.busy = false;
    this.focusSq = null;
    this.build();
  }

  // Creates the static DOM once.
  build() {
    this.boardEl = h('div', { class: 'board', role: 'grid', 'aria-label': 'TAIXU', onkeydown: (e) => this.onKey(e) });
    this.fxEl = h('div', { class: 'fx-layer', 'aria-hidden': 'true' });
    this.illegalEl = h('div', { class: 'illegal-msg', role: 'alert', id: 'illegal-msg', hidden: true });
    this.boardWrap = h('div', { class: 'board-wrap' }, this.boardEl, this.fxEl, this.illegalEl);
    this.notice = new BoardNotice(this.illegalEl, GAME_ID, { onRefusal: () => this.flash() });
    this.cells = new Map();
    this.playerEls = { 1: h('div', { class: 'player-card p1' }), 2: h('div', { class: 'player-card p2' }) };
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
    this.sideEl = h('div', { class: 'control-col' }, this.turnEl, this.barEl);
    this.root.replaceChildren(
      h(
        'div',
        { class: 'table' },
        h('div', { class: 'board-col' }, this.playerEls[2], this.boardWrap, this.playerEls[1]),
        this.sideEl
      )
    );
  }

  // Draws the server's view with the seat's legal actions; prev/events (optional) animate the
  // change. (TAIXU's legal list is always complete, so `expects` is not used.)
  // lastTurn (optional): the events of the other side's last whole turn, whose squares are
  // highlighted (else the squares of this change's events).
  // past: a past version of the record is shown (nothing may be played on it).
  // select (optional): a square of the seat's shown selected, its legal targets highlighted
  // (the How to play page's diagrams).
  update({ view, legal, seat, version, prev = null, events = [], lastTurn = null, past = false, select = undefined }) {
    const reoriented = seat !== this.seat || !this.cells.size;
    this.view = view;
    this.past = past;
    this.version = version;
    this.legal = legal || [];
    this.seat = seat;
    if (reoriented) this.layout();
    if (select !== undefined) this.selected = select;
    if (this.selected && !this.isOwn(this.selected)) this.selected = null;
    if (!this.legal.length) this.mode = 'idle';
    this.last = lastTurn ? lastSquares(lastTurn) : lastSquares(events) || this.last;
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
    const playersTop = this.seat === 2 ? [1, 2] : [2, 1];
    const col = this.root.querySelector('.board-col');
    col.replaceChildren(this.playerEls[playersTop[0]], this.boardWrap, this.playerEls[playersTop[1]]);
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
            this.focusSq = sq;
          },
        });
        if (CORE.has(sq)) cell.classList.add('core');
        if (ZONES.has(sq)) cell.classList.add('zone');
        if (fi === 0) cell.append(h('span', { class: 'coord rank', 'aria-hidden': 'true' }, String(rank)));
        if (ri === 7) cell.append(h('span', { class: 'coord file', 'aria-hidden': 'true' }, file));
        cell.append(h('span', { class: 'slot' }));
        this.cells.set(sq, cell);
        row.append(cell);
      });
      rows.push(row);
    });
    this.boardEl.replaceChildren(...rows);
    this.focusSq = this.focusSq || rows[7].children[0].dataset.sq;
  }

  isOwn(sq) {
    return this.view?.pieces?.[sq]?.owner === this.seat && this.seat != null;
  }
  myTurn() {
    return this.seat != null && this.view?.to_move === this.seat && !this.view?.outcome;
  }
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
      cell.tabIndex = sq === this.focusSq ? 0 : -1;
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
          h('span', { class: `token p${p}`, 'aria-hidden': 'true' }),
          h('span', { class: 'pname' }, playerName(p, this.seat)),
          h('span', { class: 'presence-dot', dataset: { seat: p } }),
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

  // Marks each player card connected/away from the last presence message.
  setPresence(presence) {
    this.presence = presence;
    this.applyPresence();
  }
  applyPresence() {
    showPresence(this.playerEls, this.presence, (n) => playerName(n, this.seat));
  }

  renderTurn() {
    const v = this.shownView();
    const mine = this.seat != null && v.to_move === this.seat && !v.outcome;
    const whose = v.outcome ? '' : mine ? t('your_turn') : t('their_turn', { player: playerName(v.to_move) });
    const pcTotal = Math.max(v.pc, 5);
    this.turnEl.classList.toggle('mine', mine);
    this.turnEl.dataset.toMove = String(v.to_move);
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
        h('span', { class: `whose p${v.to_move}`, id: 'whose' }, whose)
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
    if (this.busy) return;
    const why = idleReason({
      past: this.past,
      seat: this.seat,
      over: !!this.view?.outcome,
      mine: this.myTurn() && this.legal.length > 0,
    });
    if (why) {
      this.selected = null;
      this.mode = 'idle';
      this.render();
      this.notice.explain(why);
      return;
    }
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
      this.selected = null;
      this.mode = 'idle';
      this.notice.explain(piece ? 'not_your_piece' : 'empty');
    }
    this.render();
  }

  // Sends an action; on reject flashes the board red with the server's message.
  async act(action) {
    const focused = document.activeElement;
    this.busy = true;
    this.renderButtons();
    try {
      await this.send(strip(action));
      this.selected = null;
      this.mode = 'idle';
    } catch (err) {
      this.flashIllegal(err);
    } finally {
      this.busy = false;
      this.render();
      // Keep the keyboard focus where it was (a button disabled while busy drops it).
      if (document.activeElement === document.body || !document.activeElement) {
        const back =
          focused && this.root.contains(focused) && !focused.disabled ? focused : this.cells.get(this.focusSq);
        back?.focus({ preventScroll: true });
      }
    }
  }

  // The refusal's reason over the board (notice.refuse), with a red flash.
  flashIllegal(err) {
    this.notice.refuse(err);
  }

  // The board's red flash (restarted on each refusal).
  flash() {
    this.boardWrap.classList.remove('flash');
    void this.boardWrap.offsetWidth; // restart the animation
    this.boardWrap.classList.add('flash');
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => this.boardWrap.classList.remove('flash'), 2600);
  }

  // Puts the keyboard focus on the board's cursor (one device: the table shown after a turn).
  focusBoard() {
    this.cells.get(this.focusSq)?.focus({ preventScroll: true });
  }

  focusCell(sq) {
    this.focusSq = sq;
    for (const [s, c] of this.cells) c.tabIndex = s === sq ? 0 : -1;
    this.cells.get(sq)?.focus({ preventScroll: true }); // the page moves only when the user scrolls
  }

  // Arrow keys move the focus across the board; Escape cancels a selection or mode.
  onKey(e) {
    const cell = e.target.closest?.('.sq');
    if (!cell) return;
    if (e.key === 'Escape') {
      this.selected = null;
      this.mode = 'idle';
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

  // Re-translates labels after a language switch.
  relabel() {
    this.render();
  }

  // Screen position of a square relative to the board wrapper (for effects).
  rectOf(sq) {
    const cell = this.cells.get(sq);
    if (!cell) return null;
    const a = cell.getBoundingClientRect();
    const b = this.boardWrap.getBoundingClientRect();
    return { x: a.left - b.left, y: a.top - b.top, w: a.width, h: a.height };
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
