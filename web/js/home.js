// The home page: pick a game (each card links to its How to play page; the form shows the
// chosen game's summary) and its options, create a match (share code, link, QR) or start one
// played in this browser (offline/), join by code, the live list of public matches to watch
// (live-list.js), and the games kept on this device. `/?game=ID` picks a game.
// This file is the wiring: one state object (home/state.js); every user action, account,
// reachability, live list and language change goes through home/transitions.js, which returns
// the next state and effects; this file carries them out: the views (home/page.js, home/form.js)
// draw, api.js asks the server, seats.js stores, the page moves.
import { onLangChange, translatePage } from './i18n.js';
import { GAMES } from './games.js';
import { createMatch, getMatch } from './api.js';
import { saveSeat, saveLocal, loadName, saveName } from './seats.js';
import { claimFreeSeat } from './connection.js';
import { watchMatches, stopClocks } from './live-list.js';
import { account, onAccountChange, membersOnly } from './account.js';
import { showAccountDisabled } from './account-banner.js';
import { startOffline } from './offline/offline-page.js';
import { network } from './network.js';
import { createHomeState } from './home/state.js';
import * as T from './home/transitions.js';
import { buildHomePage, drawAccess, drawJoinError, drawShared, drawLiveLists } from './home/page.js';
import {
  drawCreateForm,
  drawPlace,
  shownPlace,
  keptChoices,
  readForm,
  drawCreateError,
  drawBusy,
} from './home/form.js';

// Draws the home page into app; returns the page's teardown.
export function renderHome(app) {
  // The page: its state (home/state.js), the parts of its frame (home/page.js) and the current
  // form's controls (home/form.js drawCreateForm).
  const page = {
    app,
    state: createHomeState({
      games: GAMES,
      asked: new URLSearchParams(location.search).get('game'),
      offline: !network().reachable(),
      membersOnly: membersOnly(),
      signedIn: !!account().user,
    }),
    parts: null,
    controls: null,
  };
  page.effects = { ...drawEffects(page), ...serverEffects(page) };
  page.parts = buildHomePage(app, {
    submit: () =>
      step(page, T.submitted(page.state, readForm(page.controls)), {
        button: page.parts.form.querySelector('#create-btn'),
      }),
    formChange: () => step(page, T.formChanged(page.state)),
    joinInput: (value) => step(page, T.joinTyped(page.state, value)),
    join: (value) => step(page, T.joinSubmitted(page.state, value)),
  });
  page.onForm = {
    pick: (id) => step(page, T.gamePicked(page.state, id, keptChoices(page.controls))),
    place: () => step(page, T.placeChosen(page.state, shownPlace(page.controls))),
  };

  step(page, T.started(page.state));
  const offAccount = onAccountChange(() =>
    step(
      page,
      T.accountChanged(
        page.state,
        { membersOnly: membersOnly(), signedIn: !!account().user },
        shownPlace(page.controls)
      )
    )
  );
  const offNetwork = network().onChange(() =>
    step(page, T.reachabilityChanged(page.state, !network().reachable(), shownPlace(page.controls)))
  );
  const stopWatching = watchMatches((matches, finished) => step(page, T.listsArrived(page.state, matches, finished)), {
    onDisabled: showAccountDisabled,
  });
  const offLang = onLangChange(() => step(page, T.langChanged(page.state)));
  return () => {
    stopWatching();
    stopClocks();
    offLang();
    offAccount();
    offNetwork();
  };
}

// Takes a transition's {state, fx}: the state becomes the page's and the effects are carried out
// (ctx: the Create button of the form sent, for the effects of a creation). Returns run()'s.
function step(page, { state, fx }, ctx = {}) {
  page.state = state;
  return run(page, fx, ctx);
}

// Carries out effects in order, at once until an async one, whose promise is returned; the
// effects after it wait for it.
function run(page, effects, ctx) {
  for (const [i, e] of effects.entries()) {
    const pending = page.effects[e.do](e, ctx);
    if (pending instanceof Promise) return pending.then(() => run(page, effects.slice(i + 1), ctx));
  }
  return undefined;
}

// The effects (home/transitions.js lists them) that draw, store or move at once.
function drawEffects(page) {
  const { app } = page;
  return {
    form: () => {
      page.controls = drawCreateForm(page.parts.form, page.state, loadName(), page.onForm);
    },
    place: () => drawPlace(page.parts, page.controls, page.state),
    access: () => drawAccess(page.parts, page.state, page.controls.guestsWatchField),
    createError: (e) => drawCreateError(page.parts.form, e.error),
    joinError: (e) => drawJoinError(page.parts, e.error),
    joinCode: (e) => {
      page.parts.joinInput.value = e.value;
    },
    share: () => drawShared(page.parts, page.state),
    idle: (e, ctx) => drawBusy(ctx.button, false),
    saveSeat: (e) => saveSeat(e.code, e.seat, e.token),
    saveLocal: (e) => saveLocal(e.code, e.tokens),
    saveName: () => saveName(page.controls.name.value.trim()),
    navigate: (e) => location.assign(e.href),
    lists: () => drawLiveLists(page.parts, page.state),
    translate: () => translatePage(app),
    offlineGames: () => page.parts.offlineGames.redraw(),
  };
}

// The effects that wait for the server or the engine; each feeds what comes back to its
// transition.
function serverEffects(page) {
  return {
    startHere: async (e, ctx) => {
      drawBusy(ctx.button, true);
      saveName(page.controls.name.value.trim());
      try {
        await startOffline(e.start);
      } catch (err) {
        await step(page, T.hereFailed(page.state, err), ctx);
      }
    },
    create: async (e, ctx) => {
      drawBusy(ctx.button, true);
      try {
        const res = await createMatch(e.req);
        await step(page, T.created(page.state, e, res, location.origin), ctx);
      } catch (err) {
        await step(page, T.createFailed(page.state, err), ctx);
      } finally {
        drawBusy(ctx.button, false);
      }
    },
    claimOther: async (e, ctx) => {
      const other = await claimFreeSeat(e.res.code).catch(() => null);
      await step(page, T.otherSeatClaimed(page.state, e.res, other), ctx);
    },
    lookup: async (e) => {
      try {
        await getMatch(e.code);
        await step(page, T.joinFound(page.state, e.code));
      } catch (err) {
        await step(page, T.joinFailed(page.state, err));
      }
    },
  };
}
