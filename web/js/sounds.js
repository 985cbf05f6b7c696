// Short sound cues generated with WebAudio (no audio files): move, capture, explosion, your
// turn, game end, the opponent's arrival. A mute switch is kept per browser (localStorage); without a stored choice
// sound starts off when the browser asks for reduced motion. Games name the cues of their
// events through the module's optional `sounds(events)`; the shell adds 'turn' and 'end'.

const STORAGE_KEY = 'tabuleiro.sound';
export const CUES = ['move', 'capture', 'explosion', 'turn', 'end', 'arrive'];

// Each cue: oscillator notes [type, start Hz, end Hz, start s, length s, gain] or noise bursts.
const VOICES = {
  move: [['triangle', 520, 660, 0, 0.09, 0.18]],
  capture: [
    ['square', 330, 160, 0, 0.14, 0.12],
    ['noise', 0, 0, 0, 0.08, 0.1],
  ],
  explosion: [
    ['noise', 0, 0, 0, 0.5, 0.35],
    ['sine', 120, 40, 0, 0.45, 0.4],
  ],
  turn: [
    ['sine', 660, 660, 0, 0.12, 0.16],
    ['sine', 880, 880, 0.13, 0.16, 0.16],
  ],
  arrive: [
    ['sine', 523, 523, 0, 0.1, 0.16],
    ['sine', 784, 784, 0.1, 0.1, 0.16],
    ['sine', 1047, 1047, 0.2, 0.2, 0.16],
  ],
  end: [
    ['triangle', 523, 523, 0, 0.18, 0.18],
    ['triangle', 659, 659, 0.18, 0.18, 0.18],
    ['triangle', 784, 784, 0.36, 0.35, 0.18],
  ],
};

const listeners = new Set();
let ctx = null;
// The cues played on this page, in order (for the page's tests; see data-sound-count).
export const played = [];

const prefersQuiet = () => {
  try {
    return !!globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
};

// Is sound on? The stored choice, else off when reduced motion is asked for, else on.
export function soundOn() {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (v === 'on') return true;
    if (v === 'off') return false;
  } catch {
    /* storage may be unavailable */
  }
  return !prefersQuiet();
}

// Stores the mute switch's position and tells the listeners.
export function setSoundOn(on) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    /* ignore */
  }
  for (const fn of listeners) fn(on);
}

// Calls fn(on) after every switch.
export function onSoundChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Plays cue (one of CUES) unless sound is off; true when it was played.
export function play(cue) {
  if (!VOICES[cue] || !soundOn()) return false;
  played.push(cue);
  if (globalThis.document?.documentElement?.dataset) {
    const d = globalThis.document.documentElement.dataset;
    d.soundCount = String(played.length);
    d.lastSound = cue;
  }
  try {
    synth(VOICES[cue]);
  } catch {
    /* no audio here */
  }
  return true;
}

// Plays each distinct cue of a list once, the strongest first (explosion > capture > move).
export function playAll(cues) {
  const order = ['explosion', 'capture', 'move'];
  const first = order.find((c) => cues.includes(c));
  if (first) play(first);
}

function synth(notes) {
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return;
  ctx = ctx || new AC();
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  const now = ctx.currentTime + 0.01;
  for (const [type, f0, f1, at, len, gain] of notes) {
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, now + at);
    g.gain.exponentialRampToValueAtTime(gain, now + at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
    g.connect(ctx.destination);
    let src;
    if (type === 'noise') {
      const buf = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * len), ctx.sampleRate);
      const data = buf.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
      src = ctx.createBufferSource();
      src.buffer = buf;
    } else {
      src = ctx.createOscillator();
      src.type = type;
      src.frequency.setValueAtTime(f0, now + at);
      if (f1 !== f0) src.frequency.exponentialRampToValueAtTime(f1, now + at + len);
    }
    src.connect(g);
    src.start(now + at);
    src.stop(now + at + len + 0.02);
  }
}
