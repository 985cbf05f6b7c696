// Sound cues: a mute switch kept per browser, off by default when reduced motion is asked for,
// nothing played while muted; TAIXU names the cue of each change's events.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => store.get(k) ?? null,
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
};
let reduce = false;
globalThis.matchMedia = (q) => ({ matches: q.includes('reduced-motion') && reduce });

const { soundOn, setSoundOn, play, playAll, played, onSoundChange, CUES } = await import('../../../web/js/sounds.js');
const { sounds } = await import('../../../web/js/games/taixu/events.js');

test('sound is on by default, off by default under reduced motion, and the switch is stored', () => {
  store.clear();
  reduce = false;
  assert.equal(soundOn(), true);
  reduce = true;
  assert.equal(soundOn(), false);
  setSoundOn(true);
  assert.equal(soundOn(), true, 'an explicit choice wins over the preference');
  assert.equal(store.get('tabuleiro.sound'), 'on');
  let seen = null;
  const off = onSoundChange((on) => {
    seen = on;
  });
  setSoundOn(false);
  off();
  assert.equal(seen, false);
  assert.equal(soundOn(), false);
  reduce = false;
});

test('nothing plays while muted; every cue plays when on (without an AudioContext too)', () => {
  store.clear();
  played.length = 0;
  setSoundOn(false);
  for (const c of CUES) assert.equal(play(c), false);
  assert.deepEqual(played, []);
  setSoundOn(true);
  for (const c of CUES) assert.equal(play(c), true);
  assert.deepEqual(played, CUES);
  assert.equal(play('no_such_cue'), false);
  played.length = 0;
  playAll(['move', 'explosion', 'capture']);
  assert.deepEqual(played, ['explosion'], 'one cue per change, the strongest');
});

test('TAIXU events name move, capture and explosion cues', () => {
  assert.deepEqual(
    sounds([
      { type: 'moved', from: 'd7', to: 'd5' },
      { type: 'captured', at: 'd5' },
    ]).sort(),
    ['capture', 'move']
  );
  assert.deepEqual(
    sounds([
      { type: 'moved' },
      { type: 'exploded', at: 'f6' },
      { type: 'wave' },
      { type: 'destroyed', at: 'g5' },
    ]).sort(),
    ['capture', 'explosion', 'move']
  );
  assert.deepEqual(sounds([{ type: 'turn_ended' }, { type: 'turn_started' }]), []);
});
