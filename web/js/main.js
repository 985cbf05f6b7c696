// Entry point: language switch, then the page for the current path (/ or /m/CODE).
import { setLang, lang, translatePage } from './i18n.js';
import { renderHome } from './home.js';
import { renderMatch } from './match.js';

for (const b of document.querySelectorAll('.lang-switch [data-lang]')) {
  b.addEventListener('click', () => setLang(b.dataset.lang));
}
setLang(lang());

const app = document.getElementById('app');
const m = location.pathname.match(/^\/m\/([A-Za-z0-9]{4,12})\/?$/);
if (m) {
  const spectate = new URLSearchParams(location.search).has('watch');
  renderMatch(app, m[1], { spectate });
  document.title = `${m[1].toUpperCase()} · Tabuleiro`;
} else {
  renderHome(app);
}
translatePage();
