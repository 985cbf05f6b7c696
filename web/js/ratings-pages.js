// The ratings' pages: a member's profile (/players/{name}: each rating with its record, a chart of
// its history drawn as SVG and the recent rated matches) and a game's leaderboard (/leaderboard:
// the 50 best active members, by game and speed). Both read the server's JSON (api.js) and
// redraw on a language change.
import { h, fill } from './dom.js';
import { t, errorText, onLangChange, translated } from './i18n.js';
import { GAMES, gameTitle } from './games.js';
import { getPlayer, getLeaderboard } from './api.js';

const SPEEDS = ['live', 'correspondence'];

// A rating as shown: "1662", or "1662?" while provisional.
const shownRating = (value, provisional) => `${value}${provisional ? '?' : ''}`;

// The SVG chart of a rating's history (points oldest first): the rating after each game as a
// line with a dot per game (its tooltip the match and the rating), the lowest and highest
// ratings on the left. Read out as one sentence.
export function ratingChart(points) {
  const W = 320,
    H = 120,
    PAD_L = 40,
    PAD_R = 8,
    PAD_Y = 12;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values),
    hi = Math.max(...values);
  const span = Math.max(hi - lo, 20);
  const mid = (hi + lo) / 2;
  const x = (i) =>
    points.length === 1 ? (PAD_L + W - PAD_R) / 2 : PAD_L + (i * (W - PAD_L - PAD_R)) / (points.length - 1);
  const y = (v) => H / 2 - ((v - mid) * (H - 2 * PAD_Y)) / span;
  const label = t('player.chart', { first: values[0], last: values[values.length - 1], games: points.length });
  return h(
    'svg',
    { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label },
    h('title', {}, label),
    h('line', { class: 'chart-axis', x1: PAD_L, y1: PAD_Y / 2, x2: PAD_L, y2: H - PAD_Y / 2 }),
    h('text', { class: 'chart-label', x: PAD_L - 4, y: y(hi) + 4, 'text-anchor': 'end' }, String(hi)),
    lo !== hi
      ? h('text', { class: 'chart-label', x: PAD_L - 4, y: y(lo) + 4, 'text-anchor': 'end' }, String(lo))
      : null,
    points.length > 1
      ? h('polyline', {
          class: 'chart-line',
          points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '),
        })
      : null,
    points.map((p, i) =>
      h(
        'circle',
        {
          class: `chart-dot s${String(p.score).replace('.', '')}`,
          cx: x(i).toFixed(1),
          cy: y(p.rating).toFixed(1),
          r: 3,
        },
        h('title', {}, `${p.code} · ${p.rating}`)
      )
    )
  );
}

// One recent rated match of a profile: the result against whom, the rating after, the link.
function recentLine(p) {
  const key = p.score === 1 ? 'player.result.win' : p.score === 0 ? 'player.result.loss' : 'player.result.draw';
  return h(
    'li',
    { class: 'rated-match' },
    h(
      'a',
      { class: 'live-item', href: `/m/${p.code}?watch` },
      h('span', { class: 'li-code' }, p.code),
      h('span', { class: 'li-status' }, t(key, { name: p.opponent || '?' })),
      h('span', { class: 'li-rating' }, String(p.rating))
    )
  );
}

// Draws profile p (the server's answer) into el.
function drawProfile(el, p) {
  fill(
    el,
    h(
      'div',
      { class: 'settings-head' },
      h('h1', { id: 'player-name' }, p.display_name),
      h('a', { href: '/leaderboard', id: 'player-board' }, t('board.title'))
    ),
    h('p', { class: 'hint', id: 'player-username' }, `@${p.username}`),
    p.ratings.length ? null : h('p', { class: 'empty', id: 'player-none' }, t('player.no_ratings')),
    p.ratings.map((r) =>
      h(
        'section',
        { class: 'player-rating', dataset: { game: r.game, speed: r.speed } },
        h('h2', {}, `${gameTitle(r.game)} · ${t(`speed.${r.speed}`)}`),
        h(
          'p',
          { class: 'rating-now' },
          h('strong', {}, shownRating(r.rating, r.provisional)),
          h('span', { class: 'hint' }, ` ± ${r.deviation * 2}`)
        ),
        h(
          'p',
          { class: 'rating-record' },
          t('player.record', { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses })
        ),
        r.history.length ? ratingChart(r.history) : null,
        r.history.length ? h('h3', {}, t('player.recent')) : null,
        h('ul', { class: 'live-list' }, r.history.slice(-10).reverse().map(recentLine))
      )
    )
  );
}

// Renders /players/{name} into app.
export async function renderPlayer(app, name) {
  const body = h('div', { class: 'player-body' }, h('p', { class: 'empty' }, t('connecting')));
  fill(app, h('section', { class: 'card player-page', id: 'player-page' }, body));
  let profile = null;
  const draw = () => {
    if (profile) drawProfile(body, profile);
  };
  try {
    profile = await getPlayer(name);
    document.title = `${profile.display_name} · Tabuleiro`;
    draw();
  } catch (e) {
    fill(
      body,
      h(
        'p',
        { class: 'field-error', id: 'player-error', role: 'alert' },
        e.code === 'unknown_player' ? t('player.unknown') : e.code === 'network' ? t('network_error') : errorText(e)
      )
    );
  }
  return onLangChange(draw);
}

// Draws leaderboard b (the server's answer) into list.
function drawBoard(list, b) {
  if (!b.lines.length) {
    fill(list, h('li', { class: 'empty', id: 'board-empty' }, t('board.empty')));
    return;
  }
  fill(
    list,
    b.lines.map((l) =>
      h(
        'li',
        { class: 'board-line', dataset: { rank: String(l.rank) } },
        h(
          'a',
          { class: 'live-item', href: `/players/${encodeURIComponent(l.username)}` },
          h('span', { class: 'board-rank' }, `${l.rank}.`),
          h('span', { class: 'board-name' }, l.display_name),
          h('span', { class: 'board-rating' }, String(l.rating)),
          h('span', { class: 'hint' }, t('board.games', { games: l.games }))
        )
      )
    )
  );
}

// Renders /leaderboard into app: a game and speed chosen by the query (?game=…&speed=…).
export async function renderLeaderboard(app) {
  const q = new URLSearchParams(location.search);
  let game = GAMES.some((g) => g.id === q.get('game')) ? q.get('game') : GAMES[0].id;
  let speed = SPEEDS.includes(q.get('speed')) ? q.get('speed') : 'live';
  let board = null;
  const list = h(
    'ol',
    { class: 'live-list board-list', id: 'board-list' },
    h('li', { class: 'empty' }, t('connecting'))
  );
  const err = h('p', { class: 'field-error', role: 'alert' });
  const gameSelect = h(
    'select',
    { id: 'board-game', 'aria-label': t('choose_game') },
    GAMES.map((g) => h('option', { value: g.id, selected: g.id === game }, gameTitle(g.id)))
  );
  const speedSelect = h(
    'select',
    { id: 'board-speed', 'aria-label': t('speed.label') },
    SPEEDS.map((s) => h('option', { value: s, selected: s === speed, 'data-i18n': `speed.${s}` }, t(`speed.${s}`)))
  );
  fill(
    app,
    h(
      'section',
      { class: 'card board-page', id: 'board-page' },
      h('div', { class: 'settings-head' }, translated('h1', {}, 'board.title')),
      translated('p', { class: 'hint' }, 'board.hint'),
      h('div', { class: 'board-choice' }, gameSelect, speedSelect),
      list,
      err
    )
  );
  async function load() {
    err.textContent = '';
    history.replaceState(null, '', `/leaderboard?game=${game}&speed=${speed}`);
    try {
      board = await getLeaderboard(game, speed);
      drawBoard(list, board);
    } catch (e) {
      fill(list);
      err.textContent = e.code === 'network' ? t('network_error') : errorText(e);
    }
  }
  gameSelect.addEventListener('change', () => {
    game = gameSelect.value;
    load();
  });
  speedSelect.addEventListener('change', () => {
    speed = speedSelect.value;
    load();
  });
  await load();
  return onLangChange(() => {
    for (const o of gameSelect.options) o.textContent = gameTitle(o.value);
    if (board) drawBoard(list, board);
  });
}
