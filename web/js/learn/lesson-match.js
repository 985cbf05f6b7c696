// A lesson played on the match page: a LocalMatch (offline/local-match.js) of one seat, the
// learner's, started from the lesson's position, stored nowhere, nobody playing the other
// seat; after every change it says where the lesson stands (goal.js lessonStatus).
import { LocalMatch } from '../offline/local-match.js';
import { lessonStatus } from './goal.js';

// The seed of a lesson whose position carries none (whatever the game draws at random). The lessons'
// test (tests/wasm/lessons.mjs) plays them with it too.
export const LESSON_SEED = '1';

export class LessonMatch extends LocalMatch {
  constructor(engine, record) {
    super(engine, record, async () => {});
    this.seen = []; // every event the learner's seat was shown, in order
    this.status = 'playing'; // 'playing', 'solved' or 'failed'
    this.onStatus = () => {}; // told each new status, after every change
  }

  // Opens lesson (of game id) on the engine; resolves with the LessonMatch.
  static start(engine, game, lesson) {
    return this.open(engine, {
      id: `lesson-${game}-${lesson.id}`,
      game,
      options: null,
      position: lesson.position,
      seed: LESSON_SEED,
      mode: 'lesson',
      human: lesson.seat,
      level: null,
      actions: [],
      end: null,
      lesson,
    });
  }

  // Records the change as LocalMatch does, then checks the lesson's goal.
  async changed(seat, events) {
    await super.changed(seat, events);
    const learner = this.record.human;
    this.seen.push(...(events?.[learner] ?? []));
    const s = this.now[learner];
    this.status = lessonStatus(
      this.record.lesson.done,
      { view: s.view, events: this.seen, outcome: s.outcome ?? null },
      learner,
      s.to_act ?? []
    );
    this.onStatus(this.status);
  }
}
