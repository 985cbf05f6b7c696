// The lessons (web/js/games/<game>/lessons.json) against the WebAssembly engine (web/engine/, in Node), as
// the lesson page plays them: for every lesson of every game,
//   - its data is whole: both languages of every text, a well-formed goal, a position the engine
//     opens, the learner's seat to act, and the goal not already reached;
//   - its solution, played action by action, is accepted and reaches the goal (at its last
//     action, not before);
//   - each of its wrong tries does not reach the goal;
//   - each of its refused actions is refused with its rule error code;
// and the lessons of a game together teach every section of its rules file (RULES below). Then
// the puzzles (below).
//   node tests/wasm/lessons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from './engine_module.mjs';
import { holds, goalProblems, lessonStatus } from '../../web/js/learn/goal.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LANGS = ['en', 'pt-BR'];
// The sections of each game's rules file (../shared/rules/<game>.md) that teach play (errors,
// formats and determinism aside): each must be some lesson's.
const RULES = {
  taixu: ['1', '2', '3', '4.1', '4.2', '4.3', '4.4', '4.5', '5', '6', '7', '8'],
  cyvasse: ['1', '2', '3', '4', '5', '6', '7'],
  quadri: ['1', '2', '3', '4', '5.1', '5.2', '5.3', '5.4', '6'],
};
const MIN_LESSONS = 8;
// The seed the lesson page plays a lesson with (web/js/learn/lesson-match.js LESSON_SEED).
const SEED = '1';

const { call } = await loadEngine(join(ROOT, 'web', 'engine'));
let failures = 0;
let passed = 0;
// Records one check.
function expect(ok, what) {
  if (ok) passed++;
  else {
    failures++;
    console.log(`FAIL ${what}`);
  }
}

// A fresh engine match of lesson; its id.
function open(game, lesson) {
  const a = call({ op: 'new', game, position: lesson.position, seed: SEED });
  if (!a.ok) throw new Error(`the engine refuses the position: ${a.error.code} ${a.error.message}`);
  return a.match;
}

// What the learner's seat has seen of match m, with events so far.
function seen(m, seat, events) {
  const s = call({ op: 'state', match: m, viewer: seat });
  return { seen: { view: s.view, events, outcome: s.outcome ?? null }, toAct: s.to_act ?? [] };
}

// Plays actions as seat from lesson's position: the statuses after each ('refused: code' when
// the engine refuses one, and then stops).
function play(game, lesson, actions) {
  const m = open(game, lesson);
  const events = [];
  const out = [];
  try {
    for (const action of actions) {
      const a = call({ op: 'apply', match: m, seat: lesson.seat, action });
      if (!a.ok) {
        out.push(`refused: ${a.error.code}`);
        break;
      }
      events.push(...(a.events?.[lesson.seat] ?? []));
      const { seen: now, toAct } = seen(m, lesson.seat, events);
      out.push(lessonStatus(lesson.done, now, lesson.seat, toAct));
    }
  } finally {
    call({ op: 'free', match: m });
  }
  return out;
}

for (const game of Object.keys(RULES)) {
  const track = JSON.parse(readFileSync(join(ROOT, 'web', 'js', 'games', game, 'lessons.json'), 'utf8'));
  expect(track.game === game, `${game}.json names its game (${track.game})`);
  expect(track.lessons.length >= MIN_LESSONS, `${game}: at least ${MIN_LESSONS} lessons (${track.lessons.length})`);
  const ids = new Set();
  const taught = new Set();
  for (const lesson of track.lessons) {
    const name = `${game}/${lesson.id}`;
    expect(!ids.has(lesson.id), `${name}: its id is unique`);
    ids.add(lesson.id);
    for (const field of ['title', 'goal', 'hint', 'text']) {
      for (const lang of LANGS) {
        const v = lesson[field]?.[lang];
        const ok =
          field === 'text'
            ? Array.isArray(v) && v.length > 0 && v.every((p) => typeof p === 'string' && p.trim())
            : typeof v === 'string' && v.trim() !== '';
        expect(ok, `${name}: ${field} in ${lang}`);
      }
    }
    expect(lesson.text.en.length === lesson.text['pt-BR'].length, `${name}: as many paragraphs in both languages`);
    const problems = goalProblems(lesson.done);
    expect(!problems.length, `${name}: a well-formed goal (${problems.join('; ')})`);
    if (problems.length) continue;
    for (const r of lesson.rules) {
      expect(RULES[game].includes(r), `${name}: teaches a section of the rules (${r})`);
      taught.add(r);
    }
    let m;
    try {
      m = open(game, lesson);
    } catch (e) {
      expect(false, `${name}: ${e.message}`);
      continue;
    }
    const start = seen(m, lesson.seat, []);
    call({ op: 'free', match: m });
    expect(start.toAct.includes(lesson.seat), `${name}: the learner's seat ${lesson.seat} is to act at the start`);
    expect(!holds(lesson.done, start.seen), `${name}: the goal is not reached before the first move`);

    const solved = play(game, lesson, lesson.solution);
    const last = solved.length - 1;
    expect(
      solved.length === lesson.solution.length &&
        solved[last] === 'solved' &&
        solved.slice(0, last).every((s) => s === 'playing'),
      `${name}: the solution reaches the goal at its last action (${solved.join(', ')})`
    );
    for (const wrong of lesson.wrong) {
      const got = play(game, lesson, wrong);
      expect(
        got.length === wrong.length && !got.includes('solved'),
        `${name}: the wrong try ${JSON.stringify(wrong)} does not reach the goal (${got.join(', ')})`
      );
    }
    for (const { action, code } of lesson.refused) {
      const got = play(game, lesson, [action]);
      expect(got[0] === `refused: ${code}`, `${name}: ${JSON.stringify(action)} is refused with ${code} (${got[0]})`);
    }
  }
  const missing = RULES[game].filter((r) => !taught.has(r));
  expect(!missing.length, `${game}: every section of the rules is taught (missing: ${missing.join(', ')})`);
  console.log(`${game}: ${track.lessons.length} lessons`);
}
// The puzzles (web/js/games/<game>/puzzles.json, written by `tabuleiro puzzles`): at least
// MIN_PUZZLES per game, each opening with its side to act and its goal not yet reached; every
// solution reaches the goal at its last action, and none of its wrong first actions does.
const MIN_PUZZLES = 50;
for (const game of Object.keys(RULES)) {
  const set = JSON.parse(readFileSync(join(ROOT, 'web', 'js', 'games', game, 'puzzles.json'), 'utf8'));
  expect(set.game === game, `puzzles of ${game}: the set names its game (${set.game})`);
  expect(set.puzzles.length >= MIN_PUZZLES, `${game}: at least ${MIN_PUZZLES} puzzles (${set.puzzles.length})`);
  const levels = new Set();
  for (const p of set.puzzles) {
    const name = `${game}/${p.id}`;
    const problems = goalProblems(p.goal);
    expect(!problems.length, `${name}: a well-formed goal (${problems.join('; ')})`);
    expect([1, 2, 3, 4].includes(p.difficulty), `${name}: a difficulty 1-4 (${p.difficulty})`);
    levels.add(p.difficulty);
    const lesson = { seat: p.side, position: p.position, done: p.goal };
    let m;
    try {
      m = open(game, lesson);
    } catch (e) {
      expect(false, `${name}: ${e.message}`);
      continue;
    }
    const start = seen(m, p.side, []);
    call({ op: 'free', match: m });
    expect(
      start.toAct.includes(p.side) && !holds(p.goal, start.seen),
      `${name}: its side is to act and the goal is not reached yet`
    );
    for (const sol of p.solutions) {
      const got = play(game, lesson, sol);
      expect(
        got.length === sol.length && got[got.length - 1] === 'solved',
        `${name}: the solution ${JSON.stringify(sol)} reaches the goal (${got.join(', ')})`
      );
    }
    for (const w of p.wrong) {
      const got = play(game, lesson, [w]);
      expect(
        got.length === 1 && got[0] !== 'solved',
        `${name}: the wrong first action ${JSON.stringify(w)} does not (${got[0]})`
      );
    }
  }
  console.log(`${game}: ${set.puzzles.length} puzzles, difficulties ${[...levels].sort().join(' ')}`);
}
console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
