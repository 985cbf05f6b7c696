// The match page's game-over banner (the outcome, with home / rematch / replay / close) and the result line that stays after it closes.
import { h } from '../dom.js';
import { t, reasonText } from '../i18n.js';

// Builds the banner and result line for one match page. state: the page's state (seat,
// gameName, rematch, oneDevice; read only); act(name): a user intent (messages.js);
// seatName(n) labels a seat; history: the page's record (replay is offered once it is loaded);
// onReplay(): show the first version; log: the match log, told the outcome when the banner opens.
// Returns the banner and result bar elements to place and show(outcome, open).
export function gameOverBanner({ state, act, seatName, history, onReplay, log }) {
  const banner = h('div', { class: 'banner', id: 'banner', hidden: true, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'banner-title' });
  const resultBar = h('div', { class: 'result-bar', id: 'result', hidden: true, role: 'status' });

  // Writes outcome (null: none, both hidden) into the result line and the banner; with open the
  // banner opens and the log gets the outcome (messages.js opens it once).
  function show(outcome, open = false) {
    if (!outcome) { banner.hidden = true; resultBar.hidden = true; return; }
    // The result stays on the page after the banner is closed.
    resultBar.textContent = t('result_line', { text: outcomeLine(outcome) });
    resultBar.dataset.reason = outcome.reason || '';
    resultBar.hidden = false;
    const { winner, reason } = outcome;
    const { title, reason: reasonLine } = outcomeText(outcome);
    banner.className = `banner ${winner == null ? 'draw' : `w${winner}`} ${state.seat && winner === state.seat ? 'won' : ''}`;
    banner.dataset.reason = reason || '';
    banner.dataset.winner = winner == null ? 'draw' : String(winner);
    banner.replaceChildren(h('div', { class: 'banner-card' },
      h('h2', { id: 'banner-title' }, title),
      h('p', { class: 'banner-reason' }, reasonLine),
      h('div', { class: 'row-btns' },
        h('a', { class: 'btn', href: '/' }, t('back_home')),
        state.seat && !state.rematch ? h('button', { type: 'button', class: 'btn ok', id: 'banner-rematch', onclick: () => { banner.hidden = true; act('rematch'); } }, t('rematch')) : null,
        history.loaded ? h('button', { type: 'button', class: 'btn ghost', id: 'banner-replay', onclick: () => { banner.hidden = true; onReplay(); } }, t('replay')) : null,
        h('button', { type: 'button', class: 'btn ghost', id: 'banner-close', onclick: () => { banner.hidden = true; } }, t('close')))));
    if (open) {
      banner.hidden = false;
      log.add(() => [outcomeLine(outcome)], 'over');
    }
  }

  // The outcome's title (from this seat's side for a player) and its reason, in the current language.
  function outcomeText({ winner, reason }) {
    const title = reason === 'aborted' ? t('outcome.aborted') : winner == null ? t('outcome.draw')
      : state.seat && !state.oneDevice ? t(winner === state.seat ? 'outcome.you_win' : 'outcome.you_lose')
        : t('outcome.win', { player: seatName(winner) });
    return { title, reason: reasonText(reason, state.gameName) };
  }
  // "title — reason".
  function outcomeLine(outcome) {
    const { title, reason } = outcomeText(outcome);
    return `${title} — ${reason}`;
  }

  return { banner, resultBar, show };
}
