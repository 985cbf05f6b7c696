// Learn to play (`/?learn=<game>`: the game's lessons in order; `/?learn=<game>&lesson=<id>`: one
// lesson). A lesson (the game's lessons.json, tests/wasm/lessons.mjs checks every one) is a
// position and a goal: the learner plays on the real match page, fed by a LessonMatch
// (lesson-match.js) on the rules engine in this browser, so every move is checked by the rules
// and a refused one is explained with the match page's sentence for its code; the panel beside
// the board says when the goal is reached. Progress is kept in this browser (localStorage).
// Works offline: the service worker keeps the page, the lessons and the engine.
import { h } from '../dom.js';
import { t, lang, onLangChange } from '../i18n.js';
import { GAMES, gameById, gameTitle } from '../games.js';
import { loadStylesheet } from '../stylesheets.js';
import { renderMatch } from '../match.js';
import { LessonMatch } from './lesson-match.js';
import { loadJson, loadEngine } from './load.js';
import { learnHref, puzzlesHref } from './routes.js';

const PROGRESS_KEY = (game) => `tabuleiro.learn.${game}`;

// The ids of game's lessons solved in this browser.
export function solvedLessons(game) {
  try {
    const ids = JSON.parse(localStorage.getItem(PROGRESS_KEY(game)) || '[]');
    return new Set(Array.isArray(ids) ? ids.filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

// Remembers that lesson id of game is solved.
function markSolved(game, id) {
  const done = solvedLessons(game);
  done.add(id);
  try {
    localStorage.setItem(PROGRESS_KEY(game), JSON.stringify([...done]));
  } catch {
    /* private mode: not kept */
  }
}

// A lesson text in the page's language (English when it has none).
const text = (field) => field?.[lang()] ?? field?.en;

// Draws the page route asks for into app; returns its teardown.
export function renderLearn(app, route) {
  const game = gameById(route.game);
  let stop = () => {};
  let offLang = () => {};
  const notice = (key, params) => {
    app.replaceChildren(
      h(
        'section',
        { class: 'learn-page' },
        h('h1', {}, t('learn.heading')),
        h('p', { class: 'notice', id: 'learn-notice' }, t(key, params)),
        gameNav(null)
      )
    );
  };
  if (!game?.lessons) {
    notice('learn.unknown');
    offLang = onLangChange(() => notice('learn.unknown'));
    return () => offLang();
  }
  app.replaceChildren(h('p', { class: 'notice', role: 'status' }, t('learn.loading')));
  let stopped = false;
  Promise.all([loadJson(game.lessons), loadStylesheet(game.stylesheet)]).then(
    ([track]) => {
      if (stopped) return;
      const index = route.lesson ? track.lessons.findIndex((l) => l.id === route.lesson) : -1;
      if (route.lesson && index < 0) {
        notice('learn.no_lesson');
        return;
      }
      if (index < 0) {
        const draw = () => {
          app.replaceChildren(trackPage(game, track));
          document.title = `${t('learn.title', { game: gameTitle(game.id) })} · Tabuleiro`;
        };
        draw();
        offLang = onLangChange(draw);
      } else {
        stop = lessonPage(app, game, track, index);
      }
    },
    (e) => {
      if (!stopped) notice('learn.failed_load', { reason: e?.message || String(e) });
    }
  );
  return () => {
    stopped = true;
    stop();
    offLang();
  };
}

// The page's status line, announced politely (loading, playing, solved, failed…): text.
export function statusLine(status, text) {
  return h(
    'p',
    {
      class: `lesson-status ${status}`,
      id: 'lesson-status',
      role: 'status',
      'aria-live': 'polite',
      dataset: { status },
    },
    text
  );
}

// The links to every game that has field ('lessons' or 'puzzles'), each to href(id), the
// current one marked.
export function gameNav(current, field = 'lessons', href = learnHref) {
  return h(
    'nav',
    { class: 'howto-nav', 'aria-label': t('learn.games') },
    GAMES.filter((g) => g.available && g[field]).map((g) =>
      h(
        'a',
        { href: href(g.id), class: 'howto-game', 'aria-current': g.id === current ? 'page' : null },
        gameTitle(g.id)
      )
    )
  );
}

// The list of game's lessons, each marked when solved, with where to go on.
function trackPage(game, track) {
  const done = solvedLessons(game.id);
  const next = track.lessons.find((l) => !done.has(l.id)) ?? track.lessons[0];
  const all = track.lessons.every((l) => done.has(l.id));
  return h(
    'section',
    { class: 'learn-page learn-track', id: 'learn', dataset: { game: game.id } },
    gameNav(game.id),
    h(
      'header',
      { class: 'learn-head' },
      h('h1', { id: 'learn-title' }, t('learn.title', { game: gameTitle(game.id) })),
      h(
        'p',
        { class: 'lead' },
        t(all ? 'learn.all_done' : 'learn.lead', { game: gameTitle(game.id), n: track.lessons.length })
      ),
      h(
        'a',
        { class: 'btn primary', id: 'learn-go', href: learnHref(game.id, next.id) },
        t(done.size ? 'learn.continue' : 'learn.start')
      )
    ),
    h(
      'ol',
      { class: 'lesson-list', id: 'lesson-list' },
      track.lessons.map((l) =>
        h(
          'li',
          { class: done.has(l.id) ? 'done' : null },
          h(
            'a',
            { href: learnHref(game.id, l.id) },
            h('span', { class: 'lesson-name' }, text(l.title)),
            done.has(l.id) ? h('span', { class: 'badge ok' }, t('learn.done')) : null
          )
        )
      )
    ),
    h(
      'p',
      { class: 'learn-more' },
      h('a', { href: `/?how-to-play=${encodeURIComponent(game.id)}` }, t('howto.read', { game: gameTitle(game.id) })),
      game.puzzles
        ? h('a', { href: puzzlesHref(game.id), id: 'learn-puzzles' }, t('puzzles.title', { game: gameTitle(game.id) }))
        : null
    )
  );
}

// One lesson: its panel (text, goal, hint, status, start again, next) and its board (the match
// page on a LessonMatch). Returns its teardown.
function lessonPage(app, game, track, index) {
  const lesson = track.lessons[index];
  const nextLesson = track.lessons[index + 1] ?? null;
  let match = null;
  let stopBoard = () => {};
  let status = 'loading';
  let hintShown = false;
  const panel = h('div', { class: 'lesson-panel' });
  const board = h('div', { class: 'lesson-board' });
  app.replaceChildren(
    h(
      'section',
      { class: 'learn-page learn-lesson', id: 'lesson', dataset: { game: game.id, lesson: lesson.id } },
      panel,
      board
    )
  );

  const drawPanel = () => {
    const solved = status === 'solved';
    panel.replaceChildren(
      h(
        'nav',
        { class: 'learn-crumbs', 'aria-label': t('learn.where') },
        h('a', { href: learnHref(game.id), id: 'learn-back' }, t('learn.title', { game: gameTitle(game.id) })),
        h('span', {}, t('learn.lesson_of', { n: index + 1, total: track.lessons.length }))
      ),
      h('h1', { id: 'lesson-title' }, text(lesson.title)),
      ...text(lesson.text).map((p) => h('p', {}, p)),
      h(
        'div',
        { class: 'lesson-goal', id: 'lesson-goal' },
        h('strong', {}, t('learn.goal')),
        h('p', {}, text(lesson.goal))
      ),
      statusLine(status, status === 'loading' ? t('learn.loading') : t(`learn.${status}`)),
      h(
        'div',
        { class: 'lesson-actions' },
        h(
          'button',
          {
            type: 'button',
            class: 'btn ghost',
            id: 'lesson-hint-btn',
            'aria-expanded': String(hintShown),
            'aria-controls': 'lesson-hint',
            onclick: () => {
              hintShown = !hintShown;
              drawPanel();
            },
          },
          t(hintShown ? 'learn.hide_hint' : 'learn.hint')
        ),
        h(
          'button',
          { type: 'button', class: 'btn ghost', id: 'lesson-restart', onclick: () => restart() },
          t('learn.restart')
        ),
        nextLesson
          ? h(
              'a',
              { class: `btn${solved ? ' primary' : ''}`, id: 'lesson-next', href: learnHref(game.id, nextLesson.id) },
              t('learn.next')
            )
          : h(
              'a',
              { class: `btn${solved ? ' primary' : ''}`, id: 'lesson-next', href: learnHref(game.id) },
              t('learn.finish')
            )
      ),
      h('p', { class: 'lesson-hint hint', id: 'lesson-hint', hidden: !hintShown }, text(lesson.hint))
    );
    document.title = `${text(lesson.title)} · ${t('learn.title', { game: gameTitle(game.id) })} · Tabuleiro`;
  };

  // A fresh match of the lesson on the board.
  const restart = async () => {
    stopBoard();
    match?.stop();
    status = 'loading';
    drawPanel();
    try {
      match = await LessonMatch.start(await loadEngine(), game.id, lesson);
    } catch (e) {
      status = 'error';
      board.replaceChildren(
        h('p', { class: 'notice', id: 'learn-notice' }, t('learn.failed_load', { reason: e?.message || String(e) }))
      );
      drawPanel();
      return;
    }
    match.onStatus = (s) => {
      if (s === status) return;
      status = s;
      if (s === 'solved') markSolved(game.id, lesson.id);
      drawPanel();
    };
    status = 'playing';
    drawPanel();
    stopBoard = renderMatch(board, match.record.id, { source: match, lesson: true });
  };

  drawPanel();
  restart();
  const offLang = onLangChange(drawPanel);
  window.addEventListener('pagehide', () => match?.stop(), { once: true });
  return () => {
    offLang();
    stopBoard();
    match?.stop();
  };
}
