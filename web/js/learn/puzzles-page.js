// Puzzles (`/?puzzles=<game>`): positions mined from whole games by `tabuleiro puzzles` (the
// game's puzzles.json), served by difficulty. A puzzle is played like a lesson — the real match
// page on a LessonMatch, every move checked by the rules engine in this browser — with a goal
// the set gives (win at once, or capture the most). A wrong try ends the puzzle and shows its
// solution played on the board; the streak of puzzles solved in a row is kept in this browser.
import { h } from '../dom.js';
import { t, onLangChange } from '../i18n.js';
import { gameById, gameTitle, seatLabel } from '../games.js';
import { loadStylesheet } from '../stylesheets.js';
import { renderMatch } from '../match.js';
import { LessonMatch } from './lesson-match.js';
import { loadJson, loadEngine } from './load.js';
import { puzzlesHref } from './routes.js';
import { gameNav, statusLine } from './learn-page.js';

const STREAK_KEY = (game) => `tabuleiro.puzzles.${game}`;
const LEVELS = [1, 2, 3, 4];
const SHOW_STEP_MS = 700;

// {streak, best, solved: [ids]} of game in this browser.
function loadRecord(game) {
  try {
    const r = JSON.parse(localStorage.getItem(STREAK_KEY(game)) || '{}');
    return {
      streak: Number(r.streak) || 0,
      best: Number(r.best) || 0,
      solved: Array.isArray(r.solved) ? r.solved : [],
    };
  } catch {
    return { streak: 0, best: 0, solved: [] };
  }
}
// Keeps record r of game.
function saveRecord(game, r) {
  try {
    localStorage.setItem(STREAK_KEY(game), JSON.stringify(r));
  } catch {
    /* private mode: not kept */
  }
}

// The words of puzzle p's goal in game.
function goalText(game, p) {
  const side = seatLabel(game, p.side);
  if (p.kind === 'material') return t('puzzles.goal_material', { side, n: p.goal.count.at_least });
  return t(p.solutions.some((l) => l.length > 1) ? 'puzzles.goal_win_turn' : 'puzzles.goal_win', { side });
}

// The page in place of the puzzles when there are none to show: a sentence (key with params)
// and the choice of game.
function noticePage(key, params) {
  return h(
    'section',
    { class: 'learn-page' },
    h('h1', {}, t('puzzles.heading')),
    h('p', { class: 'notice', id: 'puzzles-notice' }, t(key, params)),
    gameNav(null, 'puzzles', puzzlesHref)
  );
}

// The next puzzle of set at difficulty level not solved yet here (record), the first again
// once all are; null when the level has none.
function nextPuzzle(set, level, record) {
  const pool = set.puzzles.filter((p) => p.difficulty === level);
  return pool.find((p) => !record.solved.includes(p.id)) ?? pool[0] ?? null;
}

// Record r after puzzle id was solved: one more in the streak (the best kept), id among the solved.
function solvedRecord(r, id) {
  return {
    ...r,
    streak: r.streak + 1,
    best: Math.max(r.best, r.streak + 1),
    solved: [...new Set([...r.solved, id])],
  };
}

// The panel beside the puzzle's board: where it is, the puzzle's number, the difficulty choice,
// the goal, the status (loading, playing, solved, failed, shown…), the streak and the buttons.
// on: {level(n), next(), show()}, the user's choices.
function puzzlePanel({ game, set, puzzle, level, status, record }, on) {
  return [
    h(
      'nav',
      { class: 'learn-crumbs', 'aria-label': t('learn.where') },
      h('span', {}, t('puzzles.title', { game: gameTitle(game.id) }))
    ),
    h(
      'h1',
      { id: 'puzzle-title' },
      puzzle ? t('puzzles.number', { n: puzzle.id.split('-').pop() }) : t('puzzles.empty')
    ),
    levelChoice(set, level, on.level),
    puzzle
      ? h(
          'div',
          { class: 'lesson-goal', id: 'lesson-goal' },
          h('strong', {}, t('learn.goal')),
          h('p', {}, goalText(game, puzzle))
        )
      : null,
    statusLine(status, status === 'loading' ? t('learn.loading') : t(`puzzles.${status}`)),
    h(
      'p',
      { class: 'puzzle-streak', id: 'puzzle-streak' },
      t('puzzles.streak', { n: record.streak, best: record.best })
    ),
    puzzleActions(puzzle, status, on),
  ];
}

// The difficulty choice, each level with its number of puzzles in set; a change calls
// choose(the level).
function levelChoice(set, level, choose) {
  return h(
    'label',
    { class: 'puzzle-level' },
    t('puzzles.difficulty'),
    ' ',
    h(
      'select',
      {
        id: 'puzzle-level',
        onchange: (e) => choose(Number(e.target.value)),
      },
      LEVELS.map((n) =>
        h(
          'option',
          { value: String(n), selected: n === level },
          t(`puzzles.level${n}`, { n: set.puzzles.filter((p) => p.difficulty === n).length })
        )
      )
    )
  );
}

// The buttons: the next puzzle (on.next; the main one once this one is over) and, while it is
// played, the solution (on.show).
function puzzleActions(puzzle, status, on) {
  return h(
    'div',
    { class: 'lesson-actions' },
    h(
      'button',
      {
        type: 'button',
        class: `btn${status === 'solved' || status === 'shown' ? ' primary' : ' ghost'}`,
        id: 'puzzle-next',
        onclick: () => on.next(),
      },
      t('puzzles.next')
    ),
    puzzle && status === 'playing'
      ? h(
          'button',
          { type: 'button', class: 'btn ghost', id: 'puzzle-show', onclick: () => on.show() },
          t('puzzles.show')
        )
      : null
  );
}

// Draws `/?puzzles=<game>[&level=<1-4>]` into app; returns its teardown.
export function renderPuzzles(app, route) {
  const game = gameById(route.game);
  let stopBoard = () => {};
  let match = null;
  let stopped = false;
  let offLang = () => {};
  const notice = (key, params) => app.replaceChildren(noticePage(key, params));
  if (!game?.puzzles) {
    notice('puzzles.unknown');
    return () => {};
  }
  app.replaceChildren(h('p', { class: 'notice', role: 'status' }, t('learn.loading')));
  Promise.all([loadJson(game.puzzles), loadStylesheet(game.stylesheet)]).then(
    ([set]) => {
      if (stopped) return;
      // The difficulty asked for, else the easiest the set has.
      let level = LEVELS.includes(Number(route.level))
        ? Number(route.level)
        : Math.min(...set.puzzles.map((p) => p.difficulty), 4);
      let record = loadRecord(game.id);
      let puzzle = null;
      let status = 'loading';
      const panel = h('div', { class: 'lesson-panel' });
      const board = h('div', { class: 'lesson-board' });
      app.replaceChildren(
        h('section', { class: 'learn-page learn-lesson', id: 'puzzles', dataset: { game: game.id } }, panel, board)
      );

      const pick = () => nextPuzzle(set, level, record);
      const drawPanel = () => {
        panel.replaceChildren(
          ...puzzlePanel(
            { game, set, puzzle, level, status, record },
            {
              level: (n) => {
                level = n;
                next();
              },
              next: () => next(),
              show: () => show(),
            }
          )
        );
        document.title = `${t('puzzles.title', { game: gameTitle(game.id) })} · Tabuleiro`;
      };
      // A fresh board of the current puzzle; settle(status) is told where it ends.
      const setUp = async (settle) => {
        stopBoard();
        match?.stop();
        const lesson = { id: puzzle.id, seat: puzzle.side, position: puzzle.position, done: puzzle.goal };
        match = await LessonMatch.start(await loadEngine(), game.id, lesson);
        match.onStatus = settle;
        stopBoard = renderMatch(board, match.record.id, { source: match, lesson: true });
      };
      const result = (s) => {
        if (status !== 'playing') return;
        if (s === 'solved') {
          record = solvedRecord(record, puzzle.id);
          saveRecord(game.id, record);
          status = 'solved';
          drawPanel();
        } else if (s === 'failed') {
          record = { ...record, streak: 0 };
          saveRecord(game.id, record);
          status = 'failed';
          drawPanel();
          setTimeout(() => show(), SHOW_STEP_MS);
        }
      };
      // Plays the puzzle's first solution on a fresh board, one action at a time.
      const show = async () => {
        if (!puzzle) return;
        if (status === 'playing') {
          record = { ...record, streak: 0 };
          saveRecord(game.id, record);
        }
        status = 'shown';
        drawPanel();
        await setUp(() => {});
        for (const action of puzzle.solutions[0]) {
          await new Promise((r) => setTimeout(r, SHOW_STEP_MS));
          if (stopped) return;
          await match.act(puzzle.side, action).catch(() => {});
        }
      };
      const next = async () => {
        puzzle = pick();
        status = puzzle ? 'loading' : 'none';
        drawPanel();
        if (!puzzle) {
          stopBoard();
          board.replaceChildren();
          return;
        }
        try {
          await setUp(result);
          status = 'playing';
        } catch (e) {
          status = 'error';
          board.replaceChildren(
            h('p', { class: 'notice' }, t('learn.failed_load', { reason: e?.message || String(e) }))
          );
        }
        drawPanel();
      };
      next();
      offLang = onLangChange(drawPanel);
    },
    (e) => {
      if (!stopped) notice('learn.failed_load', { reason: e?.message || String(e) });
    }
  );
  window.addEventListener('pagehide', () => match?.stop(), { once: true });
  return () => {
    stopped = true;
    offLang();
    stopBoard();
    match?.stop();
  };
}
