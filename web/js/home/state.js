// The home page's state: one plain object holding what the page knows (the chosen game, the
// choices a redrawn form keeps, the place of play the create form shows and the one that the
// server being out of reach replaced, whether the server is reachable, the account's access,
// the create form's and the join form's messages, the match just created, the live lists) and
// the questions the views ask of it. transitions.js makes the next state; the views only read
// it. No DOM here, and no game named.

// The choices a first form starts with; a form drawn for another game keeps the last ones.
export const FIRST_CHOICES = { opponent: 'friend', here: false, guestsWatch: true, rated: false, chat: true };

// A share code: six capital letters or digits.
export const CODE_RE = /^[A-Z0-9]{6}$/;

// The game the page starts with: the one `/?game=ID` asks for (asked) if it can be played, else
// the first playable one of games; its id, or undefined when none can be played.
export function firstGame(games, asked) {
  return (games.find((g) => g.available && g.id === asked) || games.find((g) => g.available))?.id;
}

// A new page's state: games (the registry's list), asked (the `game` of the address, or null),
// offline (the server cannot be reached), membersOnly (only members create matches and sit),
// signedIn (this browser's account has a user).
export function createHomeState({ games, asked, offline = false, membersOnly = false, signedIn = false }) {
  return {
    gameId: firstGame(games, asked),
    choices: { ...FIRST_CHOICES }, // what the next form drawn starts with
    // The place of play the form shows after the last settling: opponent ('friend',
    // 'bot.<level>', 'local') and here (played in this browser).
    place: { opponent: FIRST_CHOICES.opponent, here: FIRST_CHOICES.here },
    // The opponent and place of play that the server being out of reach replaced, put back when
    // it is reachable again unless the user chose otherwise meanwhile; null when none.
    replaced: null,
    offline,
    membersOnly,
    signedIn,
    createError: { text: '' }, // the message under the create form (see errorWords in form.js)
    joinError: { text: '' }, // the message under the join form
    shared: null, // the match created for a friend: {code, link}, shown instead of the form
    live: { matches: [], finished: [] }, // the live list's last matches and finished ones
  };
}

// What the place of play shows: the join and live cards hidden (offline: nobody to join or
// watch), the friend choice disabled (offline), the fields hidden by the opponent (here: only
// against the computer or on this device; rated: a member against a friend; chat: against a
// friend), the here box disabled (offline: always here), the server's options hidden (played in
// this browser) and the offline note hidden (reachable).
export function placeModel(state) {
  const { opponent, here } = state.place;
  const friend = opponent === 'friend';
  return {
    cardsHidden: state.offline,
    friendDisabled: state.offline,
    hereHidden: friend,
    ratedHidden: !state.signedIn || !friend,
    chatHidden: !friend,
    hereDisabled: state.offline,
    serverOnlyHidden: here && !friend,
    offlineNoteHidden: !state.offline,
  };
}

// What the account's access shows: guest (only members play and this browser is not signed in:
// the note instead of the form) and watchHidden (the guests-watch choice, only where members
// alone play).
export function accessModel(state) {
  return { guest: state.membersOnly && !state.signedIn, watchHidden: !state.membersOnly };
}
