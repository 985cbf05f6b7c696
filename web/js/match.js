// The match page (/m/CODE): the wiring. One state object (match/state.js); every server
// message, connection status, history page and user intent goes through match/messages.js,
// which changes the state and returns effects; this file carries them out: the view
// (match/view.js) draws, the connection sends, sounds play, the page moves to a rematch.
// It names no game: the table, rules, strings and stylesheet come from the game's module (via
// the registry), and whose turn it is from the server's `to_act` (kept by ViewSync).
import { toast } from './dom.js';
import { t, onLangChange, errorText } from './i18n.js';
import { MatchConnection } from './connection.js';
import { seatLabel } from './games.js';
import { play, playAll } from './sounds.js';
import { saveSeat, loadLocal } from './seats.js';
import { createState } from './match/state.js';
import {
  receive,
  connectionStatus,
  historyPage,
  historyFailed,
  intent,
  step,
  opponentSeen,
  networkChanged,
  published,
} from './match/messages.js';
import { matchView } from './match/view.js';
import { DevicePlay } from './match/device-play.js';
import { showAccountDisabled } from './account-banner.js';
import { engineClient } from './engine/engine-client.js';
import { engineLegality, engineWithin } from './match/engine-legality.js';
import { network } from './network.js';

// Draws the match page for code into app; spectate: join as a spectator; replay: a finished
// match's link opened to replay it (start at the first position). A player's seat uses the
// browser's engine for its legal actions when it loads (match/engine-legality.js). Play on this device: when
// this browser holds both seats' tokens (seats.js loadLocal), seat 1's connection drives the
// page and a DevicePlay (match/device-play.js) holds seat 2 and the tables.
// source: a match played in this browser (offline/local-match.js) instead of the server's:
// {connect(opts, seat) → a connection like MatchConnection, tokens ({1, 2} on one device, else
// null), publish() → Promise of {code, link}, publishedAs (the code once published, else null)};
// its page has no code to share and no offers.
// Returns the page's teardown.
export function renderMatch(app, code, { spectate = false, replay = false, source = null, lesson = false } = {}) {
  code = code.toUpperCase();
  const localTokens = spectate || replay ? null : source ? source.tokens : loadLocal(code);
  const state = createState({
    code,
    spectate,
    replay,
    oneDevice: !!localTokens,
    offline: !!source,
    lesson,
    publishedAs: source?.publishedAs ?? null,
  });
  const run = (effects) => {
    for (const e of effects) (WIRING[e.do] ?? view[e.do])(e);
  };
  let legality = engineLegality(null);
  // A connection to the match for seat (one device: 1 or 2; null: this page's own).
  const connect = source ? (opts, seat) => source.connect(opts, seat) : (opts) => new MatchConnection(code, opts);

  const conn = connect(
    {
      spectate,
      token: localTokens?.[1],
      versionOf: () => state.sync.version,
      withoutLegal: () => legality.active(),
      onStatus: (s) => {
        if (s === 'disabled') showAccountDisabled();
        run(connectionStatus(state, s));
      },
      onMessage: (msg) => {
        run(receive(state, msg));
        if (['joined', 'snapshot', 'patch'].includes(msg.type))
          legality.fill(state, () => run([{ do: 'table', prev: null, events: [] }]));
      },
    },
    localTokens ? 1 : null
  );
  const local = localTokens
    ? new DevicePlay({
        connect,
        tokens: localTokens,
        primary: state.sync,
        seatName: (n) => seatLabel(state.game, n),
        onChange: () => view.deviceChanged(),
        paused: () => state.viewing != null,
      })
    : null;
  const view = matchView({
    app,
    state,
    local,
    primary: conn,
    act: (name) => run(intent(state, name)),
    onStep: (v) => run(step(state, v)),
    precheck: (action) => legality.precheck(state, action),
  });

  // The effects that are not drawing (messages.js names them all).
  const WIRING = {
    send: ({ body }) => conn.sendRaw(body),
    // A request as the acting seat (on one device: the side to move); a refusal is told.
    request: ({ body, after }) =>
      (local ? local.acting(conn) : conn).request(body).then(
        () => {
          if (after) run(after(state));
        },
        (err) => toast(errorText(err, state.gameName), 'error')
      ),
    history: ({ from }) =>
      conn.request({ type: 'history', from }).then(
        (page) => run(historyPage(state, page)),
        () => run(historyFailed(state))
      ),
    sound: ({ cue }) => play(cue),
    sounds: ({ cues }) => playAll(cues),
    // The tab title says the opponent arrived until this player touches the page.
    arrived: () => onFirstTouch(() => run(opponentSeen(state))),
    // Both players move to the new match at once, with their new seats.
    navigate: ({ code: next, seat, token }) => {
      saveSeat(next, seat, token);
      conn.stop();
      location.assign(`/m/${next}`);
    },
    // An offline match goes onto the server and its page opens there (to watch: the seats are
    // nobody's there); a refusal is told.
    publish: () =>
      source.publish().then(
        ({ code }) => location.assign(`/m/${code}?watch`),
        (err) => {
          run(published(state));
          toast(publishRefusal(err, state.gameName), 'error', 10_000);
        }
      ),
    unknownMatch: () => {
      conn.stop();
      view.unknownMatch();
    },
    signInRequired: () => {
      conn.stop();
      view.signInRequired();
    },
  };

  // A player (not a spectator, a replay, one device's two seats or a match played in this
  // browser, whose lists come from its engine already) waits up to 3 s for the engine.
  const engine = spectate || replay || localTokens || source ? Promise.resolve(null) : engineWithin(engineClient, 3000);
  engine.then((e) => {
    legality = engineLegality(e, () => conn.rejoin());
    conn.start();
    local?.start();
  });
  const offLang = onLangChange(() => view.relabel());
  // Publishing needs the network: the offer follows it.
  const onNetwork = () => run(networkChanged(state, network().reachable()));
  const offNetwork = network().onChange(onNetwork);
  onNetwork();
  window.addEventListener(
    'pagehide',
    () => {
      conn.stop();
      local?.stop();
    },
    { once: true }
  );
  return () => {
    offLang();
    conn.stop();
    local?.stop();
    view.stop();
    offNetwork();
  };
}

// Calls seen() once, the first time this player touches the page (a pointer down or a key).
function onFirstTouch(seen) {
  const once = () => {
    document.removeEventListener('pointerdown', once);
    document.removeEventListener('keydown', once);
    seen();
  };
  document.addEventListener('pointerdown', once);
  document.addEventListener('keydown', once);
}

// Why publishing a match of the game gameName failed (err: the refusal), in words.
function publishRefusal(err, gameName) {
  return err?.code === 'network'
    ? t('network_error')
    : t('offline.publish_refused', { reason: errorText(err, gameName) });
}
