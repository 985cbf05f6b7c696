// What every game module (web/js/games/<game>/, its descriptor's contract in games.js) builds the
// same way: its players' and seats' names from its own strings, and the files beside its
// index.js. It names no game: each passes its translator, its strings or its address.
import { t } from './i18n.js';

// The playerName(n, seat, names) of a two-seat game whose translator is tx: seat n's name (tx's
// `seat.<n>`, or the player's display name when names, seat → name, has one), with "(you)" for
// the viewer's own seat; '?' for anything but 1 and 2.
export function playerNames(tx) {
  return (n, seat, names = null) => {
    if (n !== 1 && n !== 2) return '?';
    const name = names?.[n] || tx(`seat.${n}`);
    return n === seat ? t('seat_you', { player: name }) : name;
  };
}

// The descriptor's seatName(seat, lang) from the game's strings ({en, 'pt-BR'}): its `seat.<n>`
// in lang (in English for a language it lacks), else the seat's number.
export function seatNames(strings) {
  return (seat, lang = 'en') => (strings[lang] || strings.en)[`seat.${seat}`] ?? String(seat);
}

// The descriptor's files beside the game's index.js (url: that module's import.meta.url): its
// stylesheet (the file named stylesheet), its lessons and its puzzles.
export function moduleFiles(url, stylesheet) {
  return {
    stylesheet: new URL(stylesheet, url).href,
    lessons: new URL('./lessons.json', url).href,
    puzzles: new URL('./puzzles.json', url).href,
  };
}
