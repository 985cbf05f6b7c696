// The Cyvasse table: the 10×10 board with its terrain, pieces with armor badges, the secret
// set-up screen and the play controls. It draws the server's view and offers the server's
// legal actions; a set-up is checked by the server (the list is incomplete there, so the
// screen follows the server's `expects`: zone squares and counts per kind).
import { showPresence } from '../../player-cards.js';
import { h, fill } from '../../dom.js';
import { BoardNotice, idleReason } from '../../board-notice.js';
import { legendItems } from '../../rules-panel.js';
import { lastSquares } from './events.js';
import { GAME_ID, tx, playerName, FILES, KINDS, COUNTS, GLYPH } from './text.js';
import { terrainMark } from './terrain.js';
import { pieceEl, pieceTitle } from './piece.js';
import { LEGEND } from './legend.js';
import { cellLabel } from './cell-label.js';
import { keyIntent, cellAfterKey, cycle, rove, focusMayMove } from '../../board-keys.js';

const strip = ({ capture, ranged, ...action }) => action;
let tables = 0; // tables built on this page (each names its keys help uniquely)

export class CyvasseTable {
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.seat = null;
    this.view = null;
    this.legal = [];
    this.expects = null;
    this.selected = null;
    this.hover = null;
    this.placed = new Map(); // set-up being composed: square → kind
    this.pick = 'king';
    this.busy = false;
    this.cells = new Map();
    this.cursor = null; // the square holding the keyboard cursor (the board's tab stop)
    this.setupNote = ''; // the last placement, read out with the set-up hint
    this.uid = ++tables;
    this.build();
  }

  build() {
    this.keysEl = h('p', { class: 'keys-help cy-keys', id: `cy-keys-${this.uid}` });
    this.boardEl = h('div', {
      class: 'cy-board',
      role: 'grid',
      'aria-label': 'Cyvasse',
      'aria-describedby': this.keysEl.id,
      onkeydown: (e) => this.onKey(e),
    });
    this.illegalEl = h('div', { class: 'illegal-msg', role: 'alert', id: 'illegal-msg', hidden: true });
    this.boardWrap = h('div', { class: 'board-wrap cy-wrap' }, this.boardEl, this.illegalEl);
    this.notice = new BoardNotice(this.illegalEl, GAME_ID, { ms: 3000 });
    this.turnEl = h('div', { class: 'turn-card', id: 'cy-turn' });
    this.setupEl = h('div', { class: 'cy-setup', id: 'cy-setup' });
    this.hintEl = h('p', { class: 'hint', id: 'cy-hint', 'aria-live': 'polite' });
    this.legendEl = h('ul', { class: 'cy-legend' });
    this.playerEls = {
      1: h('div', { class: 'player-card cy-player p1' }),
      2: h('div', { class: 'player-card cy-player p2' }),
    };
    this.sideEl = h(
      'div',
      { class: 'control-col' },
      this.turnEl,
      this.setupEl,
      this.hintEl,
      this.keysEl,
      this.legendEl
    );
    this.root.replaceChildren(
      h(
        'div',
        { class: 'table cy-table' },
        h('div', { class: 'board-col' }, this.playerEls[2], this.boardWrap, this.playerEls[1]),
        this.sideEl
      )
    );
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
    const reoriented = seat !== this.seat || !this.cells.size;
    const wasSetup = this.view?.phase === 'setup';
    this.view = view;
    this.past = past;
    this.legal = legal || [];
    this.expects = expects || null;
    this.seat = seat;
    this.version = version;
    if (reoriented) this.layout();
    if (view.phase !== 'setup' && wasSetup) this.placed.clear();
    if (select !== undefined) this.selected = select;
    if (this.selected && !this.legal.some((a) => a.from === this.selected)) this.selected = null;
    this.last = lastTurn ? lastSquares(lastTurn) : lastSquares(events) || this.last;
    this.render();
    if (prev && events.length) this.animate(events);
  }

  setPresence(presence) {
    this.presence = presence;
    this.applyPresence();
  }
  relabel() {
    this.render();
  }

  // Marks each player card connected, away or free from the last presence message.
  applyPresence() {
    showPresence(this.playerEls, this.presence, (n) => playerName(n, this.seat));
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
        h('span', { class: `cy-token p${p}`, 'aria-hidden': 'true' }),
        h('span', { class: 'pname' }, playerName(p, this.seat)),
        h('span', { class: 'presence-dot', dataset: { seat: p } }),
        h('span', { class: 'cy-count', dataset: { player: p } }, status)
      );
    }
    this.applyPresence();
  }

  layout() {
    const flip = this.seat === 2;
    const top = flip ? [1, 2] : [2, 1];
    this.root
      .querySelector('.board-col')
      .replaceChildren(this.playerEls[top[0]], this.boardWrap, this.playerEls[top[1]]);
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
          if (fi === 0) cell.append(h('span', { class: 'coord rank', 'aria-hidden': 'true' }, String(rank)));
          if (ri === 9) cell.append(h('span', { class: 'coord file', 'aria-hidden': 'true' }, file));
          this.cells.set(sq, cell);
          return cell;
        })
      )
    );
    this.boardEl.replaceChildren(...rows);
    // The cursor starts on the viewer's near left corner (a1, or j10 for Black).
    if (!this.cells.has(this.cursor)) this.cursor = rows[9].children[0].dataset.sq;
    rove(this.cells, this.cursor);
  }

  canSetUp() {
    return this.view?.phase === 'setup' && this.seat != null && !!this.expects && !this.busy;
  }
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
    const why = inSetup
      ? this.seat == null
        ? 'spectator'
        : 'setup_waiting'
      : idleReason({ past: this.past, seat: this.seat, over: !!this.view?.outcome, mine: this.myTurn() });
    if (why) {
      this.selected = null;
      this.render();
      this.notice.explain(why);
      return;
    }
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

  // Sends an action; a refusal is explained over the board. The keyboard focus stays on the
  // board (on its cursor when the control that had it is gone).
  async act(action) {
    const kept = focusMayMove(this.root);
    this.busy = true;
    this.render();
    try {
      await this.send(strip(action));
      this.selected = null;
      this.setupNote = '';
    } catch (err) {
      this.flashIllegal(err);
    } finally {
      this.busy = false;
      this.render();
      const a = document.activeElement;
      if (kept && (!a || a === document.body || !a.isConnected || a.disabled)) this.focusBoard();
    }
  }

  // Puts the keyboard focus on the board's cursor.
  focusBoard() {
    this.cells.get(this.cursor)?.focus({ preventScroll: true });
  }

  // Moves the cursor (and the focus) to sq.
  focusCell(sq) {
    this.cursor = sq;
    rove(this.cells, sq);
    this.focusBoard();
  }

  // The board's keys (board-keys.js): the cursor, Escape, M (the kind to place in the set-up),
  // Delete (takes a placed piece back); Enter and Space are the cell's own click.
  onKey(e) {
    const cell = e.target.closest?.('.cy-sq');
    if (!cell) return;
    const intent = keyIntent(e);
    if (!intent) return;
    e.preventDefault();
    if (intent === 'cursor') {
      const to = cellAfterKey(this.boardEl, cell, e.key);
      if (to) this.focusCell(to.dataset.sq);
    } else if (intent === 'cancel') {
      this.selected = null;
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

  // The refusal's reason over the board.
  flashIllegal(err) {
    this.notice.refuse(err);
  }

  // Capture, ranged-shot and King-capture animations (CSS classes on the squares involved).
  animate(events) {
    for (const ev of events) {
      const mark = (sq, cls) => {
        const c = this.cells.get(sq);
        if (!c) return;
        c.classList.remove(cls);
        void c.offsetWidth;
        c.classList.add(cls);
        setTimeout(() => c.classList.remove(cls), 1200);
      };
      if (ev.type === 'moved') {
        mark(ev.to, 'fx-move');
        mark(ev.from, 'fx-from');
      }
      if (ev.type === 'captured') {
        mark(ev.to, ev.victim === 'king' ? 'fx-king' : ev.ranged ? 'fx-shot' : 'fx-capture');
        mark(ev.from, ev.ranged ? 'fx-shooter' : 'fx-from');
      }
    }
  }
}
