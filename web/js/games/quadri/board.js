// The QU4DRI table: the 10×10 play area with the Sacred Grid of talismans (aura colours, moon
// and direction symbols, revealed values), the empty ring where talismans may be shifted,
// predictors and queens, both energy bars toward 64, hands, whose turn, and the controls. It
// offers exactly the server's legal actions; a multi-jump is chosen one landing at a time,
// offering only continuations that stay legal.
import { h, fill } from '../../dom.js';
import { t } from '../../i18n.js';
import { BoardFrame } from '../../board-frame.js';
import { lastCells } from './events.js';
import { GAME_ID, tx, playerName, cellName, coords, isDark } from './text.js';
import { tileEl, predictorEl } from './tile.js';
import { cellLabel } from './cell-label.js';
import { cycle, rove } from '../../board-keys.js';
const MODES = ['drop', 'flip', 'shift']; // the talisman actions' modes, in the order M cycles them

export class QuadriTable extends BoardFrame {
  // root: element to draw into; send(action) → Promise that resolves on ack, rejects on refusal.
  constructor(root, send) {
    // Legal moves carry their capture count, which an action sent leaves out.
    super(root, send, { id: GAME_ID, prefix: 'q', playerName, listOnly: ['captures'] });
    this.path = []; // the move being built: start, then landings
    this.mode = 'idle'; // 'idle' | 'drop' | 'flip' | 'shift'
    this.shiftFrom = null;
    this.build();
  }

  // Creates the static DOM once: the frame (board-frame.js), the board and the controls.
  build() {
    this.keysEl = this.keysHelp();
    this.fxEl = h('div', { class: 'q-fx', 'aria-hidden': 'true' });
    this.turnEl = h('div', { class: 'turn-card q-turn' });
    this.hintEl = h('p', { class: 'hint', id: 'q-hint', 'aria-live': 'polite' });
    const btn = (id, onclick) => h('button', { type: 'button', class: `act act-${id}`, id: `act-${id}`, onclick });
    this.btns = {
      drop: btn('drop', () => this.toggleMode('drop')),
      flip: btn('flip', () => this.toggleMode('flip')),
      shift: btn('shift', () => this.toggleMode('shift')),
    };
    this.actionsEl = h('div', { class: 'actions' }, Object.values(this.btns));
    this.buildFrame({
      board: this.gridEl('q-board', 'QU4DRI', this.keysEl),
      layers: [this.fxEl],
      side: [this.turnEl, this.actionsEl, this.hintEl, this.keysEl],
    });
  }

  // Draws the server's view with this seat's legal actions; prev/events animate a change;
  // past: a past version is shown.
  // lastTurn: the events of the other side's last whole turn, whose cells are highlighted
  // (else this change's, when it has any). select (optional): a predictor's cell shown as the
  // start of a move, its legal landings highlighted (the How to play page's diagrams).
  update({ view, legal, seat, version, prev = null, events = [], past = false, lastTurn = null, select = null }) {
    this.takeUpdate({ view, legal, seat, version, past, events, lastTurn }, lastCells);
    this.path = select ? [select] : [];
    this.shiftFrom = null;
    if (!this.legal.length) this.mode = 'idle';
    this.render();
    if (prev && events.length) this.animate(events);
  }

  // The 100 cells in this viewer's orientation (Red sees its side at the bottom).
  layout() {
    const flip = this.seat === 2;
    this.placeCards();
    this.cells.clear();
    this.coordEls = new Map(); // cell → its file and rank labels
    const rows = [];
    for (let i = 0; i < 10; i++) {
      const r = flip ? i : 9 - i;
      const row = h('div', { class: 'q-row', role: 'row' });
      for (let j = 0; j < 10; j++) {
        const f = flip ? 9 - j : j;
        const c = cellName(f, r);
        const cell = h('button', {
          type: 'button',
          role: 'gridcell',
          class: `q-cell ${isDark(c) ? 'dark' : 'light'}`,
          tabindex: '-1',
          dataset: { cell: c },
          onclick: () => this.onCell(c),
          onfocus: () => {
            this.cursor = c;
            rove(this.cells, c);
          },
        });
        // File and rank labels on the edge cells, in the corners no talisman or predictor covers.
        const labels = [
          i === 9 ? this.coordEl('file', c[0]) : null,
          j === 0 ? this.coordEl('rank', c.slice(1)) : null,
        ].filter(Boolean);
        this.coordEls.set(c, labels);
        this.cells.set(c, cell);
        row.append(cell);
      }
      rows.push(row);
    }
    this.fillBoard(rows); // the cursor starts on a1, or j10 for Red
  }

  // The legal moves (of predictors and queens).
  moves() {
    return this.legal.filter((a) => a.type === 'move');
  }
  mustCapture() {
    return this.moves().some((a) => (a.captures ?? 0) > 0);
  }

  // The legal paths extending the path being built.
  continuations() {
    const p = this.path;
    return this.moves().filter((a) => p.every((c, i) => a.path[i] === c) && a.path.length > p.length);
  }

  // Cell → what a click there does now.
  targets() {
    const m = new Map();
    if (this.mode === 'drop')
      for (const a of this.legal) {
        if (a.type === 'drop') m.set(a.at, a);
      }
    else if (this.mode === 'flip')
      for (const a of this.legal) {
        if (a.type === 'flip') m.set(a.at, a);
      }
    else if (this.mode === 'shift') {
      for (const a of this.legal) {
        if (a.type !== 'shift') continue;
        if (!this.shiftFrom) m.set(a.from, 'from');
        else if (a.from === this.shiftFrom) m.set(a.to, a);
      }
    } else if (this.path.length) for (const a of this.continuations()) m.set(a.path[this.path.length], 'step');
    return m;
  }

  render() {
    const v = this.view;
    if (!v) return;
    const targets = this.targets();
    const starts = new Set(this.moves().map((a) => a.path[0]));
    const capturing = this.mustCapture();
    this.boardEl.dataset.version = String(this.version ?? '');
    this.boardEl.classList.toggle('my-turn', this.myTurn());
    for (const [c, cell] of this.cells) {
      const tile = v.tiles?.[c];
      const pred = v.predictors?.[c];
      const nodes = [];
      if (tile) nodes.push(tileEl(tile));
      if (pred) nodes.push(predictorEl(pred));
      cell.replaceChildren(...nodes, ...this.coordEls.get(c));
      const target = targets.get(c);
      cell.classList.toggle('tile', !!tile);
      cell.classList.toggle('ring', !tile && isDark(c));
      cell.classList.toggle('target', !!target);
      cell.classList.toggle('path', this.path.includes(c));
      cell.classList.toggle('last', !!this.last?.has(c));
      cell.classList.toggle('selected', this.path[0] === c || this.shiftFrom === c);
      cell.classList.toggle('can-capture', capturing && this.myTurn() && starts.has(c) && !this.path.length);
      cell.dataset.tile = tile ? `${tile.aura}:${tile.side}:${tile.value ?? '?'}` : '';
      cell.dataset.pred = pred ? `${pred.owner}${pred.queen ? 'q' : ''}` : '';
      const selected = this.path[0] === c || this.shiftFrom === c;
      const marks = [
        selected && 'selected',
        !selected && this.path.includes(c) && 'path',
        target && this.targetMark(target),
        cell.classList.contains('can-capture') && 'can_capture',
        this.last?.has(c) && 'last',
      ];
      cell.setAttribute('aria-label', cellLabel({ cell: c, tile, pred, dark: isDark(c), seat: this.seat, marks }));
      cell.setAttribute('aria-selected', String(selected));
    }
    this.boardEl.setAttribute('aria-label', tx('board_label', { player: tx(`seat.${this.seat === 2 ? 2 : 1}`) }));
    this.keysEl.textContent = tx('keys');
    this.keysEl.hidden = this.seat == null || !!v.outcome;
    this.renderPlayers();
    this.renderTurn();
    this.renderButtons();
  }

  // Each side's card: its name, whether it is here, its energy bar toward 64 and its hand.
  renderPlayers() {
    const v = this.view;
    for (const p of [1, 2]) {
      const e = v.energy?.[p - 1] ?? 0;
      const pct = Math.max(0, Math.min(100, (e / 64) * 100));
      this.playerEls[p].classList.toggle('active', v.to_move === p && !v.outcome);
      this.playerEls[p].replaceChildren(
        ...this.cardHead(p),
        h(
          'span',
          { class: 'q-energy', title: tx('energy') },
          h(
            'span',
            {
              class: 'q-bar',
              role: 'meter',
              'aria-label': `${tx('energy')}, ${playerName(p, this.seat)}`,
              'aria-valuemin': '0',
              'aria-valuemax': '64',
              'aria-valuenow': String(e),
            },
            h('i', { class: 'q-fill', style: { width: `${pct}%` } }),
            h('i', { class: 'q-mid' })
          ),
          h('b', { class: 'q-energy-n', dataset: { player: p } }, String(e))
        ),
        h(
          'span',
          { class: 'q-hand' },
          `${tx('hand')}: `,
          h('b', { dataset: { hand: p } }, String(v.hand?.[p - 1] ?? 0))
        )
      );
    }
    this.applyPresence();
  }

  // The turn card (whose turn) and the hint for what a click does now.
  renderTurn() {
    const v = this.view;
    const mine = this.myTurn();
    fill(this.turnEl, this.whoseLine(v, mine));
    this.turnEl.hidden = !!v.outcome; // over: the result says it, not an empty box
    let hint;
    if (this.seat == null) hint = v.outcome ? '' : t('hint_spectator');
    else if (!mine) hint = v.outcome ? '' : t('hint_wait');
    else if (this.blocked) hint = tx('hint_blocked');
    else if (this.mode === 'drop') hint = `${tx('drop')}: ${tx('hint_drop')}`;
    else if (this.mode === 'flip') hint = `${tx('flip')}: ${tx('hint_flip')}`;
    else if (this.mode === 'shift') hint = `${tx('shift')}: ${tx(this.shiftFrom ? 'hint_shift_to' : 'hint_shift')}`;
    else if (this.path.length > 1) hint = tx('hint_path_more');
    else if (this.path.length) hint = tx('hint_path');
    else if (this.mustCapture()) hint = tx('hint_capture');
    else hint = tx('hint_select');
    this.hintEl.textContent = hint;
  }

  renderButtons() {
    for (const [type, b] of Object.entries(this.btns)) {
      b.textContent = tx(type);
      const any = this.legal.some((a) => a.type === type);
      b.disabled = this.busy || !any;
      b.setAttribute('aria-pressed', String(this.mode === type));
      b.title = !any && this.mustCapture() ? tx('hint_capture') : '';
    }
    this.actionsEl.hidden = this.seat == null;
  }

  // What a highlighted cell's target (targets()) is read as.
  targetMark(target) {
    if (target === 'step') return 'step';
    if (target === 'from') return 'shift_from';
    return target.type === 'shift' ? 'shift_to' : target.type;
  }

  toggleMode(mode) {
    this.setMode(this.mode === mode ? 'idle' : mode);
  }

  // Enters mode ('idle' or one of MODES), leaving any move or shift being built.
  setMode(mode) {
    this.mode = mode;
    this.path = [];
    this.shiftFrom = null;
    this.blocked = false;
    this.render();
  }

  // A click on a cell: the highlighted action or landing, a selection, or an action the server
  // will refuse with its reason; a click that can do nothing says why.
  onCell(c) {
    if (this.busy || this.refuseIdle(this.idleReason())) return;
    this.blocked = false;
    const target = this.targets().get(c);
    if (this.mode === 'shift' && target === 'from') {
      this.shiftFrom = c;
      this.render();
      return;
    }
    if (target && target !== 'step') {
      this.act(target);
      return;
    }
    if (target === 'step') {
      this.path = [...this.path, c];
      const done = this.moves().find(
        (a) => a.path.length === this.path.length && a.path.every((x, i) => x === this.path[i])
      );
      if (done && this.continuations().length === 0) {
        this.act(done);
        return;
      }
      this.render();
      return;
    }
    // Not highlighted: the server says why (drop, flip, shift, or a path it does not list).
    if (this.mode === 'drop' || this.mode === 'flip') {
      this.act({ type: this.mode, at: c });
      return;
    }
    if (this.mode === 'shift') {
      if (this.shiftFrom) this.act({ type: 'shift', from: this.shiftFrom, to: c });
      else this.notice.explain('shift_from');
      return;
    }
    const pred = this.view?.predictors?.[c];
    if (pred && pred.owner === this.seat) {
      const own = this.moves().some((a) => a.path[0] === c);
      this.path = own && this.path[0] !== c ? [c] : [];
      this.blocked = !own && this.mustCapture();
      if (!own) this.notice.explain(this.blocked ? 'capture_required' : 'no_moves');
    } else if (this.path.length) {
      this.act({ type: 'move', path: [...this.path, c] });
      return;
    } else {
      this.notice.explain(pred ? 'not_your_piece' : 'empty');
    }
    this.render();
  }

  // Drops the move or shift being built (a click that cannot act, Escape, an action sent).
  dropChoice() {
    this.path = [];
    this.shiftFrom = null;
  }

  // While an action is on its way (act()): the buttons disabled.
  showBusy() {
    this.renderButtons();
  }

  // After the server took an action (act()): back to moving.
  acted() {
    this.mode = 'idle';
  }

  // After an action was taken or refused (act()): the move or shift being built dropped.
  settled() {
    this.dropChoice();
  }

  // The board's keys (board-keys.js): the cursor; Escape drops the move or shift being built,
  // then the mode; M cycles the modes the legal list offers. Enter and Space are the cell's click.
  onKey(e) {
    const key = this.cellKey(e);
    if (!key || key.intent === 'remove') return;
    e.preventDefault();
    if (key.intent === 'cancel') {
      this.blocked = false;
      if (this.path.length || this.shiftFrom) {
        this.dropChoice();
        this.render();
      } else this.setMode('idle');
    } else if (!this.busy && this.myTurn()) {
      const modes = ['idle', ...MODES.filter((m) => this.legal.some((a) => a.type === m))];
      this.setMode(cycle(modes, this.mode, key.intent === 'mode' ? 1 : -1));
    }
  }

  // Short CSS animations for the last action: the mover's landings, captures with the points
  // won or lost, flips and shifts.
  animate(events) {
    for (const e of events) {
      if (e.type === 'moved')
        (e.path || []).slice(1).forEach((c) => this.flashCell(c, e.capture ? 'fx-jump' : 'fx-move'));
      if (e.type === 'captured') this.flashCell(e.at, 'fx-captured');
      if (e.type === 'tile_flipped') this.flashCell(e.at, 'fx-flip');
      if (e.type === 'shifted') this.flashCell(e.to, 'fx-shift');
      if (e.type === 'promoted') this.flashCell(e.at, 'fx-promote');
      if (e.type === 'energy_changed') {
        const at = this.rectOf(e.at);
        if (!at) continue;
        const d = e.delta ?? e.to - e.from;
        const pop = h(
          'span',
          {
            class: `q-points p${e.player} ${d >= 0 ? 'gain' : 'loss'}`,
            style: { left: `${at.x}px`, top: `${at.y}px` },
          },
          `${d >= 0 ? '+' : '−'}${Math.abs(d)}`
        );
        this.fxEl.append(pop);
        setTimeout(() => pop.remove(), 1500);
      }
    }
  }
}

export { coords };
