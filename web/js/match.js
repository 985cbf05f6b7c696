// The match page (/m/CODE): the wiring. One state object (match/state.js); every server
// message, connection status, history page and user intent goes through match/messages.js,
// which changes the state and returns effects; this file carries them out: the view
// (match/view.js) draws, the connection sends, sounds play, the page moves to a rematch.
// It names no game: the table, rules, strings and stylesheet come from the game's module (via
// the registry), and whose turn it is from the server's `to_act` (kept by ViewSync).
import { toast } from './dom.js';
import { onLangChange, errorText } from './i18n.js';
import { MatchConnection } from './connection.js';
import { seatLabel } from './games.js';
import { play, playAll } from './sounds.js';
import { saveSeat, loadLocal } from './seats.js';
import { createState } from './match/state.js';
import { receive, connectionStatus, historyPage, historyFailed, intent, step, opponentSeen } from './match/messages.js';
import { matchView } from './match/view.js';
import { DevicePlay } from './match/device-play.js';
import { showAccountDisabled } from './account-banner.js';
import { engineClient } from './engine/engine-client.js';
import { engineLegality, engineWithin } from './match/engine-legality.js';

// Draws the match page for code into app; spectate: join as a spectator; replay: a finished
// match's link opened to replay it (start at the first position). A player's seat uses the
// browser's engine for its legal actions when it loads (match/engine-legality.js). Play on this device: when
// this browser holds both seats' tokens (seats.js loadLocal), seat 1's connection drives the
// page and a DevicePlay (match/device-play.js) holds seat 2 and the tables.
// Returns the page's teardown.
export function renderMatch(app, code, { spectate = false, replay = false } = {}) {
  code = code.toUpperCase();
  const localTokens = spectate || replay ? null : loadLocal(code);
  const state = createState({ code, spectate, replay, oneDevice: !!localTokens });
  const run = (effects) => { for (const e of effects) (WIRING[e.do] ?? view[e.do])(e); };
  let legality = engineLegality(null);

  const conn = new MatchConnection(code, {
    spectate,
    token: localTokens?.[1],
    versionOf: () => state.sync.version,
    withoutLegal: () => legality.active(),
    onStatus: (s) => { if (s === 'disabled') showAccountDisabled(); run(connectionStatus(state, s)); },
    onMessage: (msg) => {
      run(receive(state, msg));
      if (['joined', 'snapshot', 'patch'].includes(msg.type)) legality.fill(state, () => run([{ do: 'table', prev: null, events: [] }]));
    },
  });
  const local = localTokens ? new DevicePlay({ code, tokens: localTokens, primary: state.sync,
    seatName: (n) => seatLabel(state.game, n), onChange: () => view.deviceChanged(), paused: () => state.viewing != null }) : null;
  const view = matchView({ app, state, local, primary: conn, act: (name) => run(intent(state, name)), onStep: (v) => run(step(state, v)),
    precheck: (action) => legality.precheck(state, action) });

  // The effects that are not drawing (messages.js names them all).
  const WIRING = {
    send: ({ body }) => conn.sendRaw(body),
    // A request as the acting seat (on one device: the side to move); a refusal is told.
    request: ({ body, after }) => (local ? local.acting(conn) : conn).request(body)
      .then(() => { if (after) run(after(state)); }, (err) => toast(errorText(err, state.gameName), 'error')),
    history: ({ from }) => conn.request({ type: 'history', from })
      .then((page) => run(historyPage(state, page)), () => run(historyFailed(state))),
    sound: ({ cue }) => play(cue),
    sounds: ({ cues }) => playAll(cues),
    // The tab title says the opponent arrived until this player touches the page.
    arrived: () => {
      const seen = () => { document.removeEventListener('pointerdown', seen); document.removeEventListener('keydown', seen); run(opponentSeen(state)); };
      document.addEventListener('pointerdown', seen);
      document.addEventListener('keydown', seen);
    },
    // Both players move to the new match at once, with their new seats.
    navigate: ({ code: next, seat, token }) => {
      saveSeat(next, seat, token);
      conn.stop();
      location.assign(`/m/${next}`);
    },
    unknownMatch: () => { conn.stop(); view.unknownMatch(); },
    signInRequired: () => { conn.stop(); view.signInRequired(); },
  };

  // A player (not a spectator, a replay or one device's two seats) waits up to 3 s for the engine.
  const engine = spectate || replay || localTokens ? Promise.resolve(null) : engineWithin(engineClient, 3000);
  engine.then((e) => {
    legality = engineLegality(e, () => conn.rejoin());
    conn.start();
    local?.start();
  });
  const offLang = onLangChange(() => view.relabel());
  window.addEventListener('pagehide', () => { conn.stop(); local?.stop(); }, { once: true });
  return () => { offLang(); conn.stop(); local?.stop(); view.stop(); };
}
