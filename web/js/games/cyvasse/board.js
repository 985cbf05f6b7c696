// The Cyvasse table: the 10×10 board with its terrain, pieces with armor badges, the secret
// set-up screen and the play controls. It draws the server's view and offers the server's
// legal actions; a set-up is checked by the server (the list is incomplete there, so the
// screen follows the server's `expects`: zone squares and counts per kind).
import { h, fill } from '../../dom.js';
import { BoardFrame } from '../../board-frame.js';
import { legendItems } from '../../rules-panel.js';
import { lastSquares } from './events.js';
import { GAME_ID, tx, playerName, FILES, KINDS, COUNTS, GLYPH } from './text.js';
import { terrainMark } from './terrain.js';
import { pieceEl, pieceTitle } from './piece.js';
import { LEGEND } from './legend.js';
import { cellLabel } from './cell-label.js';
import { cycle, rove } from '../../board-keys.js';

export class CyvasseTable extends BoardFrame {
  // root: element to draw into; send(action) → Promise that resolves on ack, rejects on refusal.
  constructor(root, send) {
    // Legal moves say whether they capture and shoot, which an action sent leaves out.
    super(root, send, { id: GAME_ID, prefix: 'cy', playerName, listOnly: ['capture', 'ranged'] });
    this.expects = null;
    this.selected = null;
    this.hover = null;
    this.placed = new Map(); // set-up being composed: square → kind
    this.pick = 'king';
    this.setupNote = ''; // the last placement, read out with the set-up hint
    this.build();
  }

  // Creates the static DOM once: the frame (board-frame.js), the board and the set-up controls.
  build() {
    this.keysEl = this.keysHelp();
    this.turnEl = h('div', { class: 'turn-card', id: 'cy-turn' });
    this.setupEl = h('div', { class: 'cy-setup', id: 'cy-setup' });
    this.hintEl = h('p', { class: 'hint', id: 'cy-hint', 'aria-live': 'polite' });
    this.legendEl = h('ul', { class: 'cy-legend' });
    this.buildFrame({
      board: this.gridEl('cy-board', 'Cyvasse', this.keysEl),
      notice: { ms: 3000 },
      side: [this.turnEl, this.setupEl, this.hintEl, this.keysEl, this.legendEl],
    });
  }

  // Draws the server's view with this seat's legal actions (expects: the set-up's shape while
  // it is this seat's to make); prev/events animate a change; past: a past version is shown.
  // lastTurn: the events of the other side's last whole turn, whose squares are highlighted
  // (else this change's, when it has any). select (optional): a square shown selected, its
  // legal moves highlighted (the How to play page's diagrams).
  update({
    view,
    legal,
    expects,
    seat,
    version,
    prev = null,
    events = [],
    past = false,
    lastTurn = null,
    select = undefined,
  }) {
    const wasSetup = this.view?.phase === 'setup';
    this.expects = expects || null;
    this.takeUpdate({ view, legal, seat, version, past, events, lastTurn }, lastSquares);
    if (view.phase !== 'setup' && wasSetup) this.placed.clear();
    if (select !== undefined) this.selected = select;
    if (this.selected && !this.legal.some((a) => a.from === this.selected)) this.selected = null;
    this.render();
    if (prev && events.length) this.animate(events);
  }

  // Each side's card: its name, whether it is here, and its set-up or its pieces on the board.
  renderPlayers() {
    const v = this.view;
    for (const p of [1, 2]) {
      const n = this.pieceList().filter((x) => x.owner === p).length;
      const status =
        v.phase === 'setup' ? tx(v.submitted?.[p - 1] ? 'card.ready' : 'list.setup') : tx('card.pieces', { n });
      this.playerEls[p].classList.toggle('active', v.phase === 'play' && v.to_move === p && !v.outcome);
      this.playerEls[p].replaceChildren(
        ...this.cardHead(p),
        h('span', { class: 'cy-count', dataset: { player: p } }, status)
      );
    }
    this.applyPresence();
  }

  // The 100 squares in this viewer's orientation (Black sees its side at the bottom).
  layout() {
    const flip = this.seat === 2;
    this.placeCards();
    const ranks = [...Array(10)].map((_, i) => (flip ? i + 1 : 10 - i));
    const files = flip ? [...FILES].reverse() : FILES;
    this.cells.clear();
    const rows = ranks.map((rank, ri) =>
      h(
        'div',
        { class: 'cy-row', role: 'row' },
        files.map((file, fi) => {
          const sq = `${file}${rank}`;
          const cell = h(
            'button',
            {
              type: 'button',
              role: 'gridcell',
              class: `cy-sq ${(FILES.indexOf(file) + rank) % 2 ? 'dark' : 'light'}`,
              dataset: { sq },
              tabindex: '-1',
              onclick: () => this.onSquare(sq),
              onmouseenter: () => this.onHover(sq),
              onfocus: () => {
                this.cursor = sq;
                rove(this.cells, sq);
                this.onHover(sq);
              },
              onmouseleave: () => this.onHover(null),
              ondragover: (e) => {
                if (this.canSetUp()) e.preventDefault();
              },
              ondrop: (e) => {
                e.preventDefault();
                this.placeAt(sq, e.dataTransfer?.getData('text/plain') || this.pick);
              },
            },
            h('span', { class: 'slot' })
          );
          if (fi === 0) cell.append(this.coordEl('rank', String(rank)));
          if (ri === 9) cell.append(this.coordEl('file', file));
          this.cells.set(sq, cell);
          return cell;
        })
      )
    );
    this.fillBoard(rows); // the cursor starts on a1, or j10 for Black
  }

  // May this seat compose its set-up now?
  canSetUp() {
    return this.view?.phase === 'setup' && this.seat != null && !!this.expects && !this.busy;
  }
  // Is it the play phase with this seat to act (its legal list not empty)?
  myTurn() {
    return this.view?.phase === 'play' && !this.view.outcome && this.legal.length > 0;
  }
  // The piece on sq with its square, or undefined (the view's pieces are keyed by square).
  pieceAt(sq) {
    const p = this.view?.pieces?.[sq];
    return p && { ...p, at: sq };
  }
  // Every piece of the view, each with its square.
  pieceList() {
    return Object.entries(this.view?.pieces || {}).map(([at, p]) => ({ ...p, at }));
  }

  // Enemy pieces (of the piece on sq, or of the viewer on an empty square) attacking sq.
  attackersOf(sq) {
    const p = this.pieceAt(sq);
    const side = p ? p.owner : this.seat || 0;
    return this.pieceList().filter((q) => q.owner !== side && (q.attacks || []).includes(sq));
  }

  // Squares in the spear zones of the viewer's enemies (or of both sides for a spectator).
  spearSquares() {
    const out = new Set();
    for (const p of this.pieceList()) if (p.zone && p.owner !== this.seat) for (const s of p.zone) out.add(s);
    return out;
  }

  targets() {
    const m = new Map();
    if (this.selected) for (const a of this.legal) if (a.type === 'move' && a.from === this.selected) m.set(a.to, a);
    return m;
  }

  // Redraws the board and panels; light (hover, focus) keeps the set-up palette as it is, so
  // a drag from it is not interrupted.
  render(light = false) {
    const v = this.view;
    if (!v) return;
    const mountains = new Set(v.terrain?.mountains || []);
    const water = new Set(v.terrain?.water || []);
    const targets = this.targets();
    const spear = this.selected || this.hover ? this.spearSquares() : new Set();
    const attackers = new Set(this.hover ? this.attackersOf(this.hover).map((p) => p.at) : []);
    const zone = new Set(this.canSetUp() ? this.expects.zone : []);
    const composing = this.canSetUp();
    this.boardEl.dataset.version = String(this.version ?? '');
    this.boardEl.dataset.phase = v.phase;
    this.boardEl.setAttribute('aria-label', tx('board_label', { player: tx(`seat.${this.seat === 2 ? 2 : 1}`) }));
    for (const [sq, cell] of this.cells) {
      const piece = composing
        ? this.placed.has(sq)
          ? { kind: this.placed.get(sq), owner: this.seat, armor: null }
          : null
        : this.pieceAt(sq);
      cell.classList.toggle('mountain', mountains.has(sq));
      cell.classList.toggle('water', water.has(sq));
      cell.classList.toggle('spear', spear.has(sq));
      cell.classList.toggle('zone', zone.has(sq));
      cell.classList.toggle('selected', sq === this.selected);
      const tg = targets.get(sq);
      cell.classList.toggle('target', !!tg && !tg.capture);
      cell.classList.toggle('capture', !!tg && !!tg.capture);
      cell.classList.toggle('attacker', attackers.has(sq));
      cell.classList.toggle('last', !!this.last?.has(sq));
      const slot = cell.querySelector('.slot');
      const nodes = [];
      if (mountains.has(sq)) nodes.push(terrainMark('mountain'));
      else if (water.has(sq)) nodes.push(terrainMark('water'));
      if (piece) nodes.push(pieceEl(piece));
      slot.replaceChildren(...nodes);
      const label = piece
        ? pieceTitle(piece)
        : mountains.has(sq)
          ? tx('legend.mountain')
          : water.has(sq)
            ? tx('legend.water')
            : '';
      const terrain = mountains.has(sq) ? 'mountain' : water.has(sq) ? 'water' : null;
      const marks = [
        zone.has(sq) && 'zone',
        spear.has(sq) && 'spear',
        sq === this.selected && 'selected',
        tg && !tg.capture && 'target',
        tg?.capture && 'capture',
        this.last?.has(sq) && 'last',
      ];
      cell.setAttribute('aria-label', cellLabel({ sq, terrain, piece, seat: this.seat, marks }));
      cell.setAttribute('aria-selected', String(sq === this.selected));
      cell.title = label;
    }
    if (!light) this.renderPlayers();
    this.renderSide(light);
  }

  renderSide(light = false) {
    const v = this.view;
    const who = (n) => playerName(n, this.seat);
    if (v.phase === 'setup')
      fill(
        this.turnEl,
        h('strong', {}, tx('setup.title')),
        ...[1, 2].map((n) =>
          v.submitted?.[n - 1] ? h('div', { class: 'cy-ready' }, tx('setup.submitted', { player: who(n) })) : null
        )
      );
    else if (v.outcome) fill(this.turnEl, '');
    else
      fill(
        this.turnEl,
        h('strong', {}, this.myTurn() ? tx('turn.you') : tx('turn.other', { player: who(v.to_move) })),
        h('div', { class: 'cy-quiet' }, tx('quiet', { n: v.quiet_turns, limit: v.options?.quiet_limit ?? 100 }))
      );
    if (!light) this.renderSetup();
    if (this.canSetUp()) this.hintEl.textContent = this.setupHint();
    else if (this.hover) {
      const list = this.attackersOf(this.hover).map((p) => `${tx(`kind.${p.kind}`)} ${p.at}`);
      this.hintEl.textContent = list.length ? tx('attackers', { list: list.join(', ') }) : tx('attackers.none');
    } else this.hintEl.textContent = '';
    this.keysEl.textContent = this.seat == null ? '' : tx(v.phase === 'setup' ? 'keys.setup' : 'keys.play');
    this.keysEl.hidden = this.seat == null || (v.phase === 'setup' && !this.canSetUp()) || !!v.outcome;
    // The pieces' glyphs, then the terrain and the board's marks drawn as on the board.
    fill(
      this.legendEl,
      ...KINDS.map((k) =>
        h('li', {}, h('span', { class: 'cy-glyph', 'aria-hidden': 'true' }, GLYPH[k]), ` ${tx(`kind.${k}`)}`)
      ),
      ...legendItems(GAME_ID, LEGEND)
    );
  }

  renderSetup() {
    const v = this.view;
    if (v.phase !== 'setup') {
      fill(this.setupEl);
      this.setupEl.hidden = true;
      return;
    }
    this.setupEl.hidden = false;
    if (this.seat == null) {
      fill(this.setupEl, h('p', { class: 'cy-wait', id: 'cy-wait' }, tx('setup.spectator')));
      return;
    }
    if (!this.expects) {
      fill(this.setupEl, h('p', { class: 'cy-wait', id: 'cy-wait' }, tx('setup.waiting')));
      return;
    }
    const counts = this.expects.pieces || COUNTS;
    const used = {};
    for (const k of this.placed.values()) used[k] = (used[k] || 0) + 1;
    const palette = KINDS.map((k) => {
      const left = (counts[k] || 0) - (used[k] || 0);
      return h(
        'button',
        {
          type: 'button',
          class: `cy-kind${this.pick === k ? ' picked' : ''}`,
          draggable: 'true',
          disabled: left <= 0,
          dataset: { kind: k },
          'aria-pressed': String(this.pick === k),
          onclick: () => {
            this.pick = k;
            this.setupNote = '';
            this.render();
          },
          ondragstart: (e) => {
            e.dataTransfer.setData('text/plain', k);
            this.pick = k;
          },
        },
        h('span', { class: 'cy-glyph' }, GLYPH[k]),
        h('span', {}, tx(`kind.${k}`)),
        h('small', {}, tx('setup.left', { n: left }))
      );
    });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const btn = (id, key, fn, extra = {}) =>
      h(
        'button',
        { type: 'button', class: 'cy-btn', id: `cy-${id}`, onclick: fn, disabled: this.busy, ...extra },
        tx(key)
      );
    const focused = this.setupEl.contains(document.activeElement) ? document.activeElement : null;
    fill(
      this.setupEl,
      h('div', { class: 'cy-palette' }, palette),
      h(
        'div',
        { class: 'cy-setup-actions' },
        btn('standard', 'setup.standard', () => this.act({ type: 'setup', preset: 'standard' })),
        btn('random', 'setup.random', () => this.act({ type: 'setup', preset: 'random' })),
        btn('clear', 'setup.clear', () => {
          this.placed.clear();
          this.setupNote = '';
          this.render();
        }),
        btn('confirm', 'setup.confirm', () => this.confirm(), {
          title: this.placed.size < total ? tx('setup.incomplete') : '',
        })
      )
    );
    if (focused) this.refocus(focused);
  }

  // After the set-up panel was refilled: the focus back on the control that had it (the same
  // piece kind or button), else on the board's cursor.
  refocus(old) {
    const sel = old.id ? `#${old.id}` : old.dataset.kind ? `.cy-kind[data-kind="${old.dataset.kind}"]` : null;
    const el = sel && this.setupEl.querySelector(sel);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    else this.focusBoard();
  }

  // The set-up hint: the last placement or the help, and the kind to place next.
  setupHint() {
    const counts = this.expects.pieces || COUNTS;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (this.placed.size >= total) return [this.setupNote, tx('setup.all_placed')].filter(Boolean).join('. ');
    const left = (counts[this.pick] || 0) - [...this.placed.values()].filter((k) => k === this.pick).length;
    const picked = tx('setup.picked', { kind: tx(`kind.${this.pick}`), n: left });
    return this.setupNote ? `${this.setupNote}. ${picked}` : `${tx('setup.help')} ${picked}`;
  }

  // The kinds that still have pieces to place, in the palette's order.
  kindsLeft() {
    const counts = this.expects?.pieces || COUNTS;
    return KINDS.filter((k) => [...this.placed.values()].filter((x) => x === k).length < (counts[k] || 0));
  }

  // Takes back the piece placed on sq in the set-up being composed.
  takeBack(sq) {
    const kind = this.placed.get(sq);
    if (!kind) return;
    this.placed.delete(sq);
    this.setupNote = tx('setup.removed', { kind: tx(`kind.${kind}`), sq });
    this.render();
  }

  // Places a piece of kind on sq in the set-up being composed; a square or kind it cannot take says why.
  placeAt(sq, kind) {
    if (!this.canSetUp() || !KINDS.includes(kind)) return;
    if (!this.expects.zone.includes(sq)) {
      this.notice.explain('setup_zone');
      return;
    }
    const counts = this.expects.pieces || COUNTS;
    const used = [...this.placed.values()].filter((k) => k === kind).length;
    if (used >= (counts[kind] || 0)) {
      this.notice.explain('setup_spent', { kind: tx(`kind.${kind}`) });
      return;
    }
    this.placed.set(sq, kind);
    if (used + 1 >= counts[kind]) this.pick = this.kindsLeft()[0] || kind;
    this.setupNote = tx('setup.placed', { kind: tx(`kind.${kind}`), sq });
    this.render();
  }

  // Sends the composed set-up (the server checks it).
  confirm() {
    const pieces = [...this.placed].map(([at, kind]) => ({ kind, at }));
    this.act({ type: 'setup', pieces });
  }

  // A click on a square: set-up placement, a move, a selection, or a move the server will
  // refuse with its reason; a click that can do nothing says why.
  onSquare(sq) {
    if (this.busy) return;
    if (this.canSetUp() && !this.past) {
      if (this.placed.has(sq)) this.takeBack(sq);
      else this.placeAt(sq, this.pick);
      return;
    }
    const inSetup = this.view?.phase === 'setup' && !this.past;
    const why = inSetup ? (this.seat == null ? 'spectator' : 'setup_waiting') : this.idleReason();
    if (this.refuseIdle(why)) return;
    const tg = this.targets().get(sq);
    if (tg) {
      this.act(tg);
      return;
    }
    const p = this.pieceAt(sq);
    if (p && p.owner === this.seat) {
      this.selected = this.selected === sq ? null : sq;
      this.render();
      if (this.selected && !this.targets().size) this.notice.explain(p.kind === 'tower' ? 'immobile' : 'no_moves');
    } else if (this.selected) {
      this.act({ type: 'move', from: this.selected, to: sq }); // the server says why not
    } else {
      this.notice.explain(p ? 'not_your_piece' : 'empty');
    }
  }

  onHover(sq) {
    if (this.hover === sq) return;
    this.hover = sq;
    if (this.view) this.render(true);
  }

  // Drops the selected piece (a click that cannot act, Escape).
  dropChoice() {
    this.selected = null;
  }

  // After the server took an action (act()): nothing selected, no placement to read out.
  acted() {
    this.selected = null;
    this.setupNote = '';
  }

  // The board's keys (board-keys.js): the cursor, Escape, M (the kind to place in the set-up),
  // Delete (takes a placed piece back); Enter and Space are the cell's own click.
  onKey(e) {
    const key = this.cellKey(e);
    if (!key) return;
    const { cell, intent } = key;
    e.preventDefault();
    if (intent === 'cancel') {
      this.dropChoice();
      this.notice.hide();
      this.render();
    } else if ((intent === 'mode' || intent === 'mode-back') && this.canSetUp()) {
      const next = cycle(this.kindsLeft(), this.pick, intent === 'mode' ? 1 : -1);
      if (next) this.pick = next;
      this.setupNote = '';
      this.render();
    } else if (intent === 'remove' && this.canSetUp()) {
      this.takeBack(cell.dataset.sq);
    }
  }

  // Capture, ranged-shot and King-capture animations (CSS classes on the squares involved).
  animate(events) {
    for (const ev of events) {
      if (ev.type === 'moved') {
        this.flashCell(ev.to, 'fx-move');
        this.flashCell(ev.from, 'fx-from');
      }
      if (ev.type === 'captured') {
        this.flashCell(ev.to, ev.victim === 'king' ? 'fx-king' : ev.ranged ? 'fx-shot' : 'fx-capture');
        this.flashCell(ev.from, ev.ranged ? 'fx-shooter' : 'fx-from');
      }
    }
  }
}
