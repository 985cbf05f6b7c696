// The "How to play" panel of the match page, drawn from a game's rules descriptor:
// {summary: [string keys], legend: [{mark: CSS classes, icon?: icon id, label: key}]}.
import { h, icon, fill } from './dom.js';
import { t, gameKey } from './i18n.js';

// A <details class="rules"> for game (an entry of the registry); redraw() re-translates it.
export function rulesPanel(game) {
  const el = h('details', { class: 'rules' });
  const tg = (key) => t(gameKey(game.id, key));
  const redraw = () => {
    const open = el.open;
    const { summary = [], legend = [] } = game.rules || {};
    fill(el,
      h('summary', {}, t('how_to_play')),
      h('ul', { class: 'rules-list' }, summary.map((k) => h('li', {}, tg(k)))),
      legend.length ? h('ul', { class: 'legend' }, legend.map((item) => h('li', {},
        h('span', { class: item.mark, 'aria-hidden': 'true' }, item.icon ? icon(item.icon) : null), tg(item.label)))) : null);
    el.open = open;
  };
  redraw();
  return { el, redraw };
}
