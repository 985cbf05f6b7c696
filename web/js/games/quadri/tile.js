// A QU4DRI talisman and predictor as drawn on the board and in the legends (board.js and
// legend.js both use them): the diamond in its aura's colour with its moon, its direction and
// its value once revealed (the location side framed); the predictor's disc, crowned when a queen.
import { h } from '../../dom.js';
import { tx } from './text.js';

const MOON = { new: '●', waxing: '◐', full: '○', waning: '◑' };

// The talisman tile ({aura, side, moon, dir, value?, revealed}), named and described (its
// accessible name and tooltip) in the page's language unless named is false (a legend names
// its picture itself).
export function tileEl(tile, { named = true } = {}) {
  const name = named ? tileName(tile) : null;
  return h(
    'span',
    {
      class: `q-tile ${tile.aura} ${tile.side}${tile.revealed ? ' revealed' : ''}`,
      role: named ? 'img' : null,
      'aria-label': name,
      title: name,
      'aria-hidden': named ? null : 'true',
    },
    h('span', { class: 'q-moon', 'aria-hidden': 'true' }, MOON[tile.moon] || ''),
    h('span', { class: 'q-dir', 'aria-hidden': 'true' }, tile.dir),
    tile.value != null ? h('span', { class: 'q-value', 'aria-hidden': 'true' }, String(tile.value)) : null
  );
}

// "green talisman, waxing moon, N, energy side up, value hidden".
export function tileName(tile) {
  return tx('tile_name', {
    aura: tx(`aura.${tile.aura}`),
    moon: tx(`moon.${tile.moon}`),
    dir: tile.dir,
    side: tx(`side.${tile.side}`),
    value: tile.value ?? tx('value_hidden'),
  });
}

// The predictor pred ({owner, queen}).
export function predictorEl(pred) {
  return h('span', { class: `q-pred p${pred.owner}${pred.queen ? ' queen' : ''}` }, pred.queen ? '♛' : '');
}

// A legend's sample cell holding a talisman and/or a predictor, as on the board.
export function cellSwatch({ tile = null, pred = null } = {}) {
  return h(
    'span',
    { class: `q-swatch${tile ? '' : ' ring'}` },
    tile ? tileEl(tile, { named: false }) : null,
    pred ? predictorEl(pred) : null
  );
}
