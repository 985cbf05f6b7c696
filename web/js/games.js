// The registry of games this client can show: one import and one list line per game module.
// A game module (web/js/games/<id>/index.js) exports one descriptor:
//   id            the server's game name
//   Table         class (root, send(action) → Promise) drawing the game into root (the
//                 shared frame and behaviour: it extends board-frame.js's BoardFrame); exposes
//                 sideEl (where the shell adds rules, room controls and log), and
//                 update({view, legal, expects, toAct, seat, version, prev, events, lastTurn}),
//                 (lastTurn: the other side's last whole turn's events, to highlight; select,
//                 optional: a square or cell shown selected with its legal targets, for the
//                 How to play page's diagrams),
//                 setPresence(presence), relabel(); focusBoard() (optional) puts the keyboard
//                 focus on the board's cursor cell (one device: the table shown after a turn)
//   describe      (event, {seat, actor, toAct, prev, names}) → log line or null (names: seat →
//                 the player's display name, used instead of the seat's name when present)
//   isTurnMarker  (event) → true when the event starts or ends a turn (a log separator)
//   sounds        (events) → sound cues of one change ('move', 'capture', 'explosion'); optional
//   turnTitle     ({seat, view, viewer, names}) → the move list's heading of a turn by seat, view = the
//                 view before it; optional (the shell writes "Turn n — <seat>")
//   progressText  (progress) → the live list's progress line from a summary's `progress`
//                 (PROTOCOL.md "Match summaries"); optional (the shell writes "Round n")
//   rules         {summary: [string keys], legend: [{label: key (what it means), name?: key (its
//                 short name), and its picture: draw?() → node (drawn as on the board), else
//                 mark: CSS classes with icon? (an /icons.svg id)}]} (rules-panel.js)
//   howToPlay     the How to play page (how-to-play.js): {summary: key (one paragraph, shown by
//                 the create form too), sections: [{title, text: [keys], list?: [keys],
//                 diagrams?: [{view, seat, legal?, select?, lastTurn?, caption}]}]}; optional
//   options       create-form schema: [{name, label, kind: 'number'|'select'|'boolean',
//                 value (default), min/max (number), choices: [[value, label]] (select)}]
//   strings       {en: {...}, 'pt-BR': {...}}, keys local to the game (i18n.js namespaces them;
//                 'name', 'blurb' and 'seat.<n>' are required, 'opt.seat.<n>' optional)
//   stylesheet    URL of the game's CSS, loaded when the shell shows the game
//   lessons       URL of the game's lessons (lessons.json beside it: learn/learn-page.js); optional
//   puzzles       URL of the game's puzzles (puzzles.json, written by `tabuleiro puzzles`:
//                 learn/puzzles-page.js); optional
//   seats         the seat numbers; seatName(seat, lang) → that seat's name
//   art           SVG markup for the home page's game card
// Games still being written are plain data here: {id, available: false, strings, art}.
import { registerGameStrings, t, tFirst, lang } from './i18n.js';
import { taixu } from './games/taixu/index.js';
import { cyvasse } from './games/cyvasse/index.js';
import { quadri } from './games/quadri/index.js';

export const GAMES = [
  { ...taixu, available: true },
  { ...cyvasse, available: true },
  { ...quadri, available: true },
];

for (const g of GAMES) registerGameStrings(g.id, g.strings);

// The game entry for a server game name, or undefined.
export const gameById = (id) => GAMES.find((g) => g.id === id);

// The display name of a server game name (the name itself when this client does not know it).
export const gameTitle = (id) => tFirst([`${id}.name`], {}, id || '?');

// The name of seat n in game, with "(you)" when it is the viewer's seat; '?' for no seat.
export function seatLabel(game, n, viewerSeat = null) {
  if (n == null) return '?';
  const name = game?.seatName ? game.seatName(n, lang()) : tFirst([`${game?.id}.seat.${n}`], {}, t('player', { n }));
  return n === viewerSeat ? t('seat_you', { player: name }) : name;
}

// The player in seat n: the display name names (seat → name) holds for it, else the seat's
// name; "(you)" as seatLabel.
export function playerLabel(game, n, viewerSeat = null, names = null) {
  const name = n == null ? null : names?.[n];
  if (!name) return seatLabel(game, n, viewerSeat);
  return n === viewerSeat ? t('seat_you', { player: name }) : name;
}
