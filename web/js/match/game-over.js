// The match page's game-over banner (the outcome with the winner's name and the reason in
// words, who lost it away when it ended by abandonment or on time, a rated match's new ratings, and
// home / rematch / replay / close) beside the board, never over it, and the result line that
// stays above the board. A closed banner stays closed for that match in this browser
// (localStorage), across reloads.
import { h } from '../dom.js';
import { t, reasonText, durationText } from '../i18n.js';
import { canRematch } from './state.js';

const DISMISSED = 'tabuleiro.over-closed.';

// Whether the banner of match code was closed in this browser.
function wasClosed(code) {
  try {
    return localStorage.getItem(DISMISSED + code) === '1';
  } catch {
    return false;
  }
}
// Remembers that the banner of match code was closed.
function rememberClosed(code) {
  try {
    localStorage.setItem(DISMISSED + code, '1');
  } catch {
    /* storage may be unavailable */
  }
}

// Builds the banner and result line for one match page. state: the page's state (code, seat,
// gameName, presence, rematch, oneDevice; read only); act(name): a user intent (messages.js);
// seatName(n) labels a seat; history: the page's record (replay is offered once it is loaded);
// onReplay(): show the first version; log: the match log, told the outcome when the banner opens.
// Returns the banner and result bar elements to place and show(outcome, open).
export function gameOverBanner({ state, act, seatName, history, onReplay, log }) {
  const banner = h('section', { class: 'banner', id: 'banner', hidden: true, 'aria-labelledby': 'banner-title' });
  const resultBar = h('div', { class: 'result-bar', id: 'result', hidden: true, role: 'status', tabindex: '-1' });

  // Hides the banner; closed: for good (this match, this browser), the focus on the result line.
  function hide(closed = false) {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    if (closed) rememberClosed(state.code);
    if (hadFocus) resultBar.focus({ preventScroll: true });
  }

  // Writes outcome (null: none, both hidden) into the result line and the banner; with open the
  // banner opens (unless closed before in this browser) and the log gets the outcome
  // (messages.js opens it once per page).
  function show(outcome, open = false) {
    if (!outcome) {
      banner.hidden = true;
      resultBar.hidden = true;
      return;
    }
    const { winner, reason } = outcome;
    const { title, detail } = outcomeText(outcome, state, seatName);
    resultBar.textContent = t('result_line', { text: `${title} — ${detail}` });
    resultBar.dataset.reason = reason || '';
    const away = awayLines(outcome, state, seatName);
    if (away.length) resultBar.textContent += ` · ${away.join(' · ')}`;
    resultBar.hidden = false;
    banner.className = `banner ${winner == null ? 'draw' : `w${winner}`} ${state.seat && winner === state.seat ? 'won' : ''}`;
    banner.dataset.reason = reason || '';
    banner.dataset.winner = winner == null ? 'draw' : String(winner);
    const ratings = ratingLines(state, seatName);
    if (ratings.own) resultBar.textContent += ` · ${ratings.own}`;
    banner.replaceChildren(
      h(
        'div',
        { class: 'banner-card' },
        h('h2', { id: 'banner-title' }, title),
        h('p', { class: 'banner-reason' }, detail),
        away.length
          ? h(
              'ul',
              { class: 'banner-away', id: 'banner-away' },
              away.map((line) => h('li', {}, line))
            )
          : null,
        ratings.el,
        h(
          'div',
          { class: 'row-btns' },
          state.lesson ? null : h('a', { class: 'btn', href: '/' }, t('back_home')),
          canRematch(state)
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'btn ok',
                  id: 'banner-rematch',
                  onclick: () => {
                    hide();
                    act('rematch');
                  },
                },
                t('rematch')
              )
            : null,
          history.loaded
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'btn ghost',
                  id: 'banner-replay',
                  onclick: () => {
                    hide();
                    onReplay();
                  },
                },
                t('replay')
              )
            : null,
          h('button', { type: 'button', class: 'btn ghost', id: 'banner-close', onclick: () => hide(true) }, t('close'))
        )
      )
    );
    if (open) {
      if (!wasClosed(state.code)) banner.hidden = false;
      log.add(() => [`${title} — ${detail}`], 'over');
    }
  }

  return { banner, resultBar, show };
}

// A rated match's ratings (state.ratings, once the server sent them): each player's line
// ("Ana (White): 1500 → 1662? (+162)") in the banner, or why they did not change; own: this
// player's change ("+162") for the result line. {el: null, own: ''} before they are known.
// seatName(n) labels a seat (here and below).
function ratingLines(state, seatName) {
  const r = state.ratings;
  if (!r) return { el: null, own: '' };
  if (!r.counted) {
    return {
      el: h('p', { class: 'banner-ratings', id: 'banner-ratings' }, t(`ratings.not_counted.${r.reason}`)),
      own: '',
    };
  }
  const shown = (s) => `${s.after}${s.provisional ? '?' : ''}`;
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
  const mine = state.seat && !state.oneDevice ? r.seats.find((s) => s.seat === state.seat) : null;
  return {
    el: h(
      'div',
      { class: 'banner-ratings', id: 'banner-ratings' },
      h('h3', {}, t('ratings.title')),
      h(
        'ul',
        {},
        r.seats.map((s) =>
          h(
            'li',
            { 'data-seat': String(s.seat) },
            t('ratings.line', {
              player: playerOf(s.seat, state, seatName),
              before: s.before,
              after: shown(s),
              change: signed(s.change),
            })
          )
        )
      )
    ),
    own: mine ? `${t('ratings.title')} ${shown(mine)} (${signed(mine.change)})` : '',
  };
}

// When the match ended by abandonment or on time: each player who did not win and went offline
// during it, how often and for how long in all (the server's connection record), else nothing.
function awayLines({ winner, reason }, state, seatName) {
  if (reason !== 'abandoned' && reason !== 'timeout') return [];
  return (state.connections?.seats || [])
    .filter((s) => s.disconnections > 0 && s.seat !== winner)
    .map((s) =>
      t(s.disconnections === 1 ? 'conn.away_once' : 'conn.away_times', {
        player: playerOf(s.seat, state, seatName),
        n: s.disconnections,
        time: durationText(s.offline_ms),
      })
    );
}

// A seat's player: "name (seat)" from presence (the computer when a bot holds it), else the seat.
function playerOf(n, state, seatName) {
  const x = state.presence?.seats?.find((s) => s.seat === n);
  const name = x?.name || (x?.bot ? t(`opp.bot.${x.bot}`) : '');
  return name ? `${name} (${seatName(n)})` : seatName(n);
}

// The outcome's title (from this seat's side for a player, else the winner's name) and its
// detail (the winner by name for a player, and the reason in words), in the current language.
function outcomeText({ winner, reason, note }, state, seatName) {
  const why = reasonText(reason, state.gameName);
  if (reason === 'aborted') return { title: t('outcome.aborted'), detail: why };
  if (reason === 'aborted_by_host') {
    return { title: t('outcome.aborted_by_host'), detail: note ? t('reason.aborted_by_host_note', { note }) : why };
  }
  if (winner == null) return { title: t('outcome.draw'), detail: why };
  if (state.seat && !state.oneDevice) {
    return {
      title: t(winner === state.seat ? 'outcome.you_win' : 'outcome.you_lose'),
      detail: t('outcome.won_by', { player: playerOf(winner, state, seatName), reason: why }),
    };
  }
  return { title: t('outcome.win', { player: playerOf(winner, state, seatName) }), detail: why };
}
