// Entry point: the service worker (offline use, updates), the language switch, the account
// slot, then the page for the current path (/, /m/CODE, /signin, /signup, /games, /account,
// /players/NAME, /leaderboard, /lobby, /reset, /admin, a game's How to play page: /?how-to-play=ID, its
// lessons: /?learn=ID (one lesson: &lesson=LESSON), its puzzles: /?puzzles=ID, or a game played in this browser: /?offline=ID).
import { setLang, lang, translatePage, t, onLangChange } from './i18n.js';
import { renderHome } from './home.js';
import { renderMatch } from './match.js';
import { renderJoinStep } from './join-step.js';
import { loadSeat, loadLocal } from './seats.js';
import { soundOn, setSoundOn, onSoundChange } from './sounds.js';
import { loadAccount } from './account.js';
import { getHeldSeats } from './api.js';
import { renderMyGames } from './my-games.js';
import { renderPlayer, renderLeaderboard } from './ratings-pages.js';
import { renderLobby } from './lobby-page.js';
import { renderAccountPage, renderAccountSlot } from './account-page.js';
import { renderSettings } from './settings-page.js';
import { renderReset } from './reset-page.js';
import { renderAdmin } from './admin/page.js';
import { renderHowToPlay, howToPlayRoute } from './how-to-play.js';
import { renderOffline, offlineRoute } from './offline/offline-page.js';
import { renderLearn } from './learn/learn-page.js';
import { renderPuzzles } from './learn/puzzles-page.js';
import { learnRoute, puzzlesRoute } from './learn/routes.js';
import { startServiceWorker } from './offline/service-worker.js';

// Every module loaded: web/js/boot-check.js reloads a page whose modules never got here.
window.tabuleiroStarted = true;
startServiceWorker();

for (const b of document.querySelectorAll('.lang-switch [data-lang]')) {
  b.addEventListener('click', () => setLang(b.dataset.lang));
}
// The install manifest in the page's language (one file per language: a manifest has one).
const manifest = document.getElementById('manifest');
onLangChange((code) => {
  manifest.href = code === 'en' ? '/manifest.webmanifest' : `/manifest.${code}.webmanifest`;
});
setLang(lang());

// The mute switch (kept per browser).
const soundBtn = document.getElementById('sound-toggle');
const drawSound = () => {
  const on = soundOn();
  soundBtn.setAttribute('aria-pressed', String(on));
  const label = soundBtn.querySelector('.sound-label');
  label.dataset.i18n = on ? 'sound_on' : 'sound_off';
  label.textContent = t(label.dataset.i18n);
};
soundBtn.addEventListener('click', () => setSoundOn(!soundOn()));
onSoundChange(drawSound);
drawSound();

renderAccountSlot(document.getElementById('account-slot'));
const accountRead = loadAccount();

// Whether the signed-in account holds a seat of match code (it then resumes without a token).
async function accountHoldsSeat(code) {
  if (!(await accountRead).user) return false;
  try {
    return ((await getHeldSeats()).matches || []).some((m) => m.code === code.toUpperCase());
  } catch {
    return false;
  }
}

const app = document.getElementById('app');
const m = location.pathname.match(/^\/m\/([A-Za-z0-9]{4,12})\/?$/);
const howTo = howToPlayRoute(location);
const offlineId = offlineRoute(location);
const learn = learnRoute(location);
const puzzles = puzzlesRoute(location);
if (howTo != null) {
  renderHowToPlay(app, howTo);
} else if (learn != null) {
  renderLearn(app, learn);
} else if (puzzles != null) {
  renderPuzzles(app, puzzles);
} else if (offlineId != null) {
  renderOffline(app, offlineId);
} else if (location.pathname === '/signin' || location.pathname === '/signup') {
  renderAccountPage(app, location.pathname.slice(1));
} else if (location.pathname === '/games') {
  renderMyGames(app);
} else if (location.pathname.startsWith('/players/')) {
  renderPlayer(app, decodeURIComponent(location.pathname.slice('/players/'.length)));
} else if (location.pathname === '/leaderboard') {
  renderLeaderboard(app);
} else if (location.pathname === '/lobby') {
  renderLobby(app);
} else if (location.pathname === '/account') {
  renderSettings(app);
} else if (location.pathname === '/reset') {
  renderReset(app);
} else if (location.pathname === '/admin') {
  renderAdmin(app);
} else if (m) {
  const q = new URLSearchParams(location.search);
  const replay = q.has('replay');
  const spectate = q.has('watch') || replay;
  document.title = `${m[1].toUpperCase()} · Tabuleiro`;
  // A shared link asks first (join step); a stored seat (or both, on this device) resumes; a
  // spectator link only watches.
  if (spectate || loadSeat(m[1]) || loadLocal(m[1]) || (await accountHoldsSeat(m[1]))) {
    renderMatch(app, m[1], { spectate, replay });
  } else {
    renderJoinStep(app, m[1], {
      onPlay: () => {
        renderMatch(app, m[1], {});
        translatePage();
      },
      onWatch: () => {
        // The address becomes the spectator link, so a reload keeps watching.
        history.replaceState(null, '', `/m/${m[1].toUpperCase()}?watch`);
        renderMatch(app, m[1], { spectate: true });
        translatePage();
      },
    });
  }
} else {
  renderHome(app);
}
translatePage();
