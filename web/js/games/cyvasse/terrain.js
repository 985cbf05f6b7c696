// Cyvasse's terrain as drawn on the board and in every legend (one drawing for both): the
// square's look (CSS classes `mountain` / `water`, cyvasse.css) and its mark, an icon from
// terrain.svg named (accessible name) and described (tooltip) in the page's language.
import { h } from '../../dom.js';
import { tx } from './text.js';

// The sprite of the marks (the home card's picture uses it too).
export const SPRITE = new URL('./terrain.svg', import.meta.url).href;

export const TERRAIN = ['mountain', 'water'];

// The mark of terrain kind ('mountain' | 'water') on its square.
export function terrainMark(kind) {
  return h(
    'span',
    { class: `cy-terrain ${kind}`, role: 'img', 'aria-label': tx(`terrain.${kind}`), title: tx(`legend.${kind}`) },
    h(
      'svg',
      { class: 'cy-terrain-icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' },
      h('use', { href: `${SPRITE}#${kind}` })
    )
  );
}

// A legend's sample of terrain kind: a board square's look with its mark.
export function terrainSwatch(kind) {
  return h('span', { class: `cy-swatch ${kind}` }, terrainMark(kind));
}
