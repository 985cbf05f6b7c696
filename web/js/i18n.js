// The current language (remembered in localStorage), the string lookup t() over the shell's
// strings (one file per language under lang/) and each registered game's strings (under its
// own namespace), and helpers that translate the static page (data-i18n attributes), dynamic
// text and the server's refusals. No game is named here: games register their strings
// through registerGameStrings().
import { h } from './dom.js';
import { en as EN } from './lang/en.js';
import { ptBR as PT_BR } from './lang/pt-BR.js';

const STORAGE_KEY = 'tabuleiro.lang';

// The shell's tables, copied so that registering a game's strings leaves lang/ untouched.
const en = { ...EN };
const pt = { ...PT_BR };

export const LANGS = { en, 'pt-BR': pt };

let current = pickInitial();
const listeners = new Set();

// The remembered language, else the browser's (Portuguese when it prefers pt), else English.
function pickInitial() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved && LANGS[saved]) return saved;
  } catch {
    /* storage may be unavailable */
  }
  const nav = typeof navigator === 'undefined' ? '' : navigator.language || '';
  return nav.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

// The current language code ('en' or 'pt-BR').
export function lang() {
  return current;
}

// Switches language, remembers it, re-translates the page and notifies listeners.
export function setLang(code) {
  if (!LANGS[code]) return;
  current = code;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    /* ignore */
  }
  if (typeof document !== 'undefined') translatePage();
  for (const fn of listeners) fn(code);
}

// Calls fn(code) after every language change.
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Has the current language (or English) a string for key?
export function has(key) {
  return key in LANGS[current] || key in en;
}

// String families with a generic fallback: a game's `err.<code>` is registered as
// `err.<game>.<code>` (looked up before `err.<code>`), and likewise `reason.<r>`.
const FALLBACK_FAMILIES = ['err', 'reason'];

// The registered (global) key of a game's own string key: `<family>.<game>.<rest>` for the
// fallback families, `<game>.<key>` for everything else.
export function gameKey(game, key) {
  const dot = key.indexOf('.');
  const family = dot > 0 ? key.slice(0, dot) : '';
  return FALLBACK_FAMILIES.includes(family) ? `${family}.${game}.${key.slice(dot + 1)}` : `${game}.${key}`;
}

// Adds a game's strings ({en: {...}, 'pt-BR': {...}}, keys local to the game) under its namespace.
export function registerGameStrings(game, strings) {
  for (const [code, table] of Object.entries(strings || {})) {
    if (!LANGS[code]) continue;
    for (const [k, s] of Object.entries(table)) LANGS[code][gameKey(game, k)] = s;
  }
}

// A t() for one game's own keys: tg('ev.moved', …) reads `<game>.ev.moved`.
export function gameTranslator(game) {
  return (key, params) => t(gameKey(game, key), params);
}

// The first of keys that has a string, translated; fallback when none has.
export function tFirst(keys, params = {}, fallback = undefined) {
  const key = keys.find((k) => k && has(k));
  return key ? t(key, params) : fallback;
}

// The key that translates a refusal code: `err.<game>.<code>`, else `err.<code>`, else null.
export function errorKey(code, game) {
  if (!code) return null;
  return [game ? `err.${game}.${code}` : null, `err.${code}`].find((k) => k && has(k)) || null;
}

// The text for a refusal {code, message}: err.<game>.<code> → err.<code> → the server's message.
export function errorText(err, game) {
  const key = errorKey(err?.code, game);
  return key ? t(key) : err?.message || err?.code || '?';
}

// The text for an outcome reason: reason.<game>.<r> → reason.<r> → the reason as sent.
export function reasonText(reason, game) {
  return tFirst([game ? `reason.${game}.${reason}` : null, `reason.${reason}`], {}, reason ?? '');
}

// The string for key in the current language (English fallback), {name} filled from params.
export function t(key, params = {}) {
  const s = LANGS[current][key] ?? en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// A length of time in words, its two largest units ("1 min 20 s", "2 h 5 min", "3 d 4 h").
export function durationText(ms) {
  let n = Math.max(0, Math.floor(ms / 1000));
  const parts = [];
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ]) {
    const v = Math.floor(n / size);
    n -= v * size;
    if (parts.length || v > 0 || unit === 's') parts.push([unit, v]);
  }
  return parts
    .slice(0, 2)
    .filter(([, v], i) => i === 0 || v > 0)
    .map(([unit, v]) => t(`dur.${unit}`, { n: v }))
    .join(' ');
}

// A <tag> with attrs whose text is key's translation, kept current by translatePage ([data-i18n]).
export function translated(tag, attrs, key) {
  return h(tag, { ...attrs, 'data-i18n': key }, t(key));
}

// Translates every [data-i18n] (text), [data-i18n-aria] (aria-label), [data-i18n-title],
// [data-i18n-placeholder] element under root.
// A [data-i18n-args] attribute holds the JSON parameters of its element's [data-i18n] text.
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n, argsOf(el));
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-alt]')) el.alt = t(el.dataset.i18nAlt);
  for (const b of document.querySelectorAll('.lang-switch [data-lang]')) {
    b.setAttribute('aria-pressed', String(b.dataset.lang === current));
  }
}

function argsOf(el) {
  try {
    return el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {};
  } catch {
    return {};
  }
}
