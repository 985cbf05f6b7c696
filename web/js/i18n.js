// English and Brazilian Portuguese strings of the generic shell, each registered game's strings
// under its own namespace, the current language (remembered in localStorage) and helpers that
// translate the static page (data-i18n attributes), dynamic text and the server's refusals.
// No game is named here: games register their strings through registerGameStrings().

const STORAGE_KEY = 'tabuleiro.lang';

const en = {
  skip: 'Skip to content',
  language: 'Language',
  home: 'Home',
  tagline: 'Board games you can share with a link. Every move checked by the server.',
  new_match: 'New match',
  choose_game: 'Game',
  soon: 'Coming soon',
  options: 'Options',
  'opt.seat': 'Your seat',
  'opt.seat.random': 'Random',
  'opt.visibility': 'Visibility',
  'opt.visibility.public': 'Public — listed for spectators',
  'opt.visibility.unlisted': 'Unlisted — only people with the code',
  'opt.position': 'Start from a position (JSON, optional)',
  'opt.position.hint': 'Paste a {game} position to set up a puzzle or continue an analysis.',
  create: 'Create match',
  creating: 'Creating…',
  share_title: 'Match created',
  share_text: 'Share this code or link with your friend:',
  share_code: 'Share code',
  share_link: 'Link',
  copy: 'Copy',
  copied: 'Copied!',
  copy_failed: 'Copy failed — select the link and copy it.',
  qr_alt: 'QR code of the match link',
  go_to_match: 'Go to the match',
  join_title: 'Join by code',
  join_label: 'Share code',
  join: 'Join',
  join_placeholder: 'e.g. K7M2QX',
  unknown_code: 'No match has this code.',
  bad_code: 'A code has 6 letters or digits.',
  watch_title: 'Live matches',
  watch_empty: 'No public match right now. Create one!',
  watch: 'Watch',
  take_seat: 'Sit',
  spectators_n: '{n} watching',
  'status.open': 'Waiting for a player',
  'status.ready': 'Both seated — no move yet',
  'status.live': 'Live',
  'status.away': 'Live — a player is away',
  'status.left': 'Both players left',
  'status.finished': 'Finished',
  recent_title: 'Recently finished',
  'list.round': 'Round {n}',
  'list.to_act': '{player} to move',
  'list.to_act_both': 'Both to move',
  'list.ended_at': 'ended {time}',
  replay: 'Replay',
  network_error: 'Cannot reach the server.',
  // match page
  connecting: 'Connecting…',
  reconnecting: 'Connection lost — reconnecting…',
  replaced: 'This seat was opened in another window.',
  you_are: 'You are {player}',
  watching: 'You are watching',
  player: 'Player {n}',
  seat_you: '{player} (you)',
  connected: 'connected',
  disconnected: 'away',
  empty_seat: 'free seat',
  seat_taken: 'taken',
  waiting_opponent: 'Waiting for an opponent — share the code',
  your_turn: 'Your turn',
  their_turn: "{player}'s turn",
  hint_wait: 'Waiting for the other player…',
  hint_spectator: 'Live view.',
  resign: 'Resign',
  resign_confirm: 'Resign this match?',
  resign_yes: 'Yes, resign',
  cancel: 'Cancel',
  offer_draw: 'Offer draw',
  draw_offered_you: 'You offered a draw.',
  draw_offered_them: '{player} offers a draw.',
  accept: 'Accept',
  decline: 'Decline',
  draw_declined: '{player} declined the draw.',
  log: 'Event log',
  how_to_play: 'How to play',
  'outcome.win': '{player} wins',
  'outcome.you_win': 'You win!',
  'outcome.you_lose': 'You lost',
  'outcome.draw': 'Draw',
  'reason.resign': 'by resignation',
  'reason.agreement': 'by agreement',
  'reason.abandoned': 'the match was abandoned',
  'reason.timeout': 'on time',
  back_home: 'New match',
  close: 'Close',
  // room-level events (any game)
  'ev.resigned': '{player} resigned',
  'ev.draw_agreed': 'Draw agreed',
  'ev.abandoned': 'The match was abandoned',
  'ev.timeout': '{player} ran out of time',
  'ev.timeout_both': 'Both players ran out of set-up time',
  // errors any game may get (a game's own codes live in its module)
  'err.not_your_turn': 'It is not your turn.',
  'err.game_over': 'The game is over.',
  'err.bad_action': 'That action is not valid.',
  'err.spectator': 'Spectators cannot act.',
  'err.unknown_match': 'No match has this code.',
  'err.bad_token': 'Your seat token was refused.',
  'err.rate_limited': 'Too many requests — slow down.',
  'err.disconnected': 'Not connected to the server — try again in a moment.',
  'err.timeout': 'The server did not answer in time.',
  'err.busy': 'The server is busy — try again.',
  'err.storage_error': 'The server could not save that — try again.',
  'err.no_draw_offer': 'There is no draw offer to answer.',
  'err.unknown_message': 'The server does not know this request.',
  home_label: 'Tabuleiro — home',
  sound_on: 'Sound on',
  sound_off: 'Sound off',
  'hist.title': 'Moves',
  'hist.controls': 'Step through the match',
  'hist.first': 'Start of the match',
  'hist.prev': 'Previous move',
  'hist.next': 'Next move',
  'hist.last': 'Last move (live)',
  'hist.back_live': 'Back to live',
  'hist.download': 'Download log',
  'hist.turn': 'Turn {n} — {player}',
  'hist.server': 'Server',
  'hist.at_live': 'Live · move {v}',
  'hist.at_end': 'End · move {v}',
  'hist.back_end': 'To the end',
  'hist.at': 'Move {v} of {n}',
  'hist.viewing': 'You are looking at move {v} of {n} — the match goes on.',
  'hist.viewing_start': 'You are looking at the start of the match — it goes on.',
  'hist.export_failed': 'The log could not be downloaded.',
  'clock.left': '{player}: {time} left',
  'clock.flag': 'Time out',
  'clock.setup': 'Set-up time: {time}',
  'clock.deadline': '{player} moves by {when}',
  'opt.clock': 'Clock',
  'opt.clock.none': 'No clock',
  'opt.clock.custom': 'Custom (minutes + seconds)',
  'opt.clock.correspondence': 'Correspondence (days per turn)',
  'opt.clock.minutes': 'Minutes per player',
  'opt.clock.increment': 'Seconds added per turn',
  'opt.clock.days': 'Days per turn',
  'err.out_of_time': 'Your time has run out.',
  'err.bad_clock': 'Those clock settings are not allowed.',
  'opt.opponent': 'Opponent',
  'opp.friend': 'A friend — share a link',
  'opp.bot.easy': 'The computer — easy',
  'opp.bot.medium': 'The computer — medium',
  'opp.bot.hard': 'The computer — hard',
  'opp.local': 'Play on this device (two players)',
  'level.easy': 'easy',
  'level.medium': 'medium',
  'level.hard': 'hard',
  bot_seat: '{player}: the computer ({level})',
  'local.both': 'Both players play on this device.',
  'local.to_move': '{player} to move',
  'local.pass': 'Pass the device to {player}',
  'local.pass_hint': 'The other player should look away: what comes next is secret.',
  'local.ready': 'I am {player} — show my board',
  // the match's life around the game
  join_step_title: 'Join this match',
  join_as_player: 'Join as player',
  join_watch: 'Watch',
  join_seats: 'Players',
  join_options: 'Options',
  join_clock: 'Clock',
  join_full: 'Both seats are taken — you can watch.',
  join_over: 'This match is over — you can watch it.',
  your_name: 'Your name (optional, shown to everyone)',
  clock_fischer: '{m} min + {s} s',
  clock_days: '{d} day(s) per move',
  spectator_link: 'Link for spectators (never takes a seat)',
  waiting_board: 'Waiting for your opponent',
  opponent_arrived: '{player} has arrived — the match begins!',
  title_arrived: 'Opponent arrived',
  abort: 'Abort',
  'reason.aborted': 'aborted before it really began — no result',
  'outcome.aborted': 'Match aborted',
  'ev.aborted': '{player} aborted the match',
  rematch: 'Rematch',
  rematch_offered_you: 'You offered a rematch.',
  rematch_offered_them: '{player} offers a rematch.',
  rematch_declined: '{player} declined the rematch.',
  rematch_withdrawn: '{player} withdrew the rematch offer.',
  rematch_follow: 'Follow to the rematch',
  rematch_next: 'Rematch: {code}',
  result_line: 'Result: {text}',
  offline: 'You are offline — reconnecting…',
  opponent_away: '{player} disconnected — {n} s until the match is recorded as abandoned',
  'err.not_started': 'The match starts once both seats are taken.',
  'err.abort_too_late': 'Both players have moved — the match can no longer be aborted.',
  'err.not_over': 'A rematch can be offered once the match is over.',
  'err.no_rematch_offer': 'There is no rematch offer to answer.',
  'err.rematch_exists': 'This match already has a rematch.',
  illegal: 'Illegal move',
};

const pt = {
  skip: 'Ir para o conteúdo',
  language: 'Idioma',
  home: 'Início',
  tagline: 'Jogos de tabuleiro para compartilhar com um link. Cada jogada conferida pelo servidor.',
  new_match: 'Nova partida',
  choose_game: 'Jogo',
  soon: 'Em breve',
  options: 'Opções',
  'opt.seat': 'Seu lugar',
  'opt.seat.random': 'Sorteado',
  'opt.visibility': 'Visibilidade',
  'opt.visibility.public': 'Pública — listada para espectadores',
  'opt.visibility.unlisted': 'Não listada — só quem tem o código',
  'opt.position': 'Começar de uma posição (JSON, opcional)',
  'opt.position.hint': 'Cole uma posição de {game} para montar um problema ou continuar uma análise.',
  create: 'Criar partida',
  creating: 'Criando…',
  share_title: 'Partida criada',
  share_text: 'Compartilhe este código ou link com seu amigo:',
  share_code: 'Código',
  share_link: 'Link',
  copy: 'Copiar',
  copied: 'Copiado!',
  copy_failed: 'Não deu para copiar — selecione o link e copie.',
  qr_alt: 'QR code do link da partida',
  go_to_match: 'Ir para a partida',
  join_title: 'Entrar com código',
  join_label: 'Código',
  join: 'Entrar',
  join_placeholder: 'ex.: K7M2QX',
  unknown_code: 'Nenhuma partida tem este código.',
  bad_code: 'O código tem 6 letras ou números.',
  watch_title: 'Partidas ao vivo',
  watch_empty: 'Nenhuma partida pública agora. Crie uma!',
  watch: 'Assistir',
  take_seat: 'Jogar',
  spectators_n: '{n} assistindo',
  'status.open': 'Esperando um jogador',
  'status.ready': 'Lugares ocupados — nenhuma jogada ainda',
  'status.live': 'Ao vivo',
  'status.away': 'Ao vivo — um jogador saiu',
  'status.left': 'Os dois jogadores saíram',
  'status.finished': 'Encerrada',
  recent_title: 'Encerradas há pouco',
  'list.round': 'Rodada {n}',
  'list.to_act': 'vez de {player}',
  'list.to_act_both': 'vez dos dois',
  'list.ended_at': 'terminou às {time}',
  replay: 'Rever',
  network_error: 'Não foi possível falar com o servidor.',
  connecting: 'Conectando…',
  reconnecting: 'Conexão perdida — reconectando…',
  replaced: 'Este lugar foi aberto em outra janela.',
  you_are: 'Você é o {player}',
  watching: 'Você está assistindo',
  player: 'Jogador {n}',
  seat_you: '{player} (você)',
  connected: 'conectado',
  disconnected: 'ausente',
  empty_seat: 'lugar livre',
  seat_taken: 'ocupado',
  waiting_opponent: 'Esperando um adversário — compartilhe o código',
  your_turn: 'Sua vez',
  their_turn: 'Vez do {player}',
  hint_wait: 'Esperando o outro jogador…',
  hint_spectator: 'Ao vivo.',
  resign: 'Desistir',
  resign_confirm: 'Desistir desta partida?',
  resign_yes: 'Sim, desistir',
  cancel: 'Cancelar',
  offer_draw: 'Propor empate',
  draw_offered_you: 'Você propôs empate.',
  draw_offered_them: '{player} propõe empate.',
  accept: 'Aceitar',
  decline: 'Recusar',
  draw_declined: '{player} recusou o empate.',
  log: 'Registro de eventos',
  how_to_play: 'Como jogar',
  'outcome.win': '{player} venceu',
  'outcome.you_win': 'Você venceu!',
  'outcome.you_lose': 'Você perdeu',
  'outcome.draw': 'Empate',
  'reason.resign': 'por desistência',
  'reason.agreement': 'por acordo',
  'reason.abandoned': 'a partida foi abandonada',
  'reason.timeout': 'por tempo',
  back_home: 'Nova partida',
  close: 'Fechar',
  'ev.resigned': '{player} desistiu',
  'ev.draw_agreed': 'Empate por acordo',
  'ev.abandoned': 'A partida foi abandonada',
  'ev.timeout': '{player} ficou sem tempo',
  'ev.timeout_both': 'Os dois jogadores ficaram sem tempo de preparação',
  'err.not_your_turn': 'Não é a sua vez.',
  'err.game_over': 'O jogo acabou.',
  'err.bad_action': 'Essa ação não é válida.',
  'err.spectator': 'Espectadores não podem jogar.',
  'err.unknown_match': 'Nenhuma partida tem este código.',
  'err.bad_token': 'Seu lugar não foi reconhecido.',
  'err.rate_limited': 'Muitas ações seguidas — vá com calma.',
  'err.disconnected': 'Sem conexão com o servidor — tente de novo em instantes.',
  'err.timeout': 'O servidor não respondeu a tempo.',
  'err.busy': 'O servidor está ocupado — tente de novo.',
  'err.storage_error': 'O servidor não conseguiu salvar isso — tente de novo.',
  'err.no_draw_offer': 'Não há proposta de empate para responder.',
  'err.unknown_message': 'O servidor não conhece este pedido.',
  home_label: 'Tabuleiro — início',
  sound_on: 'Som ligado',
  sound_off: 'Som desligado',
  'hist.title': 'Jogadas',
  'hist.controls': 'Percorrer a partida',
  'hist.first': 'Início da partida',
  'hist.prev': 'Jogada anterior',
  'hist.next': 'Próxima jogada',
  'hist.last': 'Última jogada (ao vivo)',
  'hist.back_live': 'Voltar ao vivo',
  'hist.download': 'Baixar registro',
  'hist.turn': 'Turno {n} — {player}',
  'hist.server': 'Servidor',
  'hist.at_live': 'Ao vivo · jogada {v}',
  'hist.at_end': 'Fim · jogada {v}',
  'hist.back_end': 'Ir para o fim',
  'hist.at': 'Jogada {v} de {n}',
  'hist.viewing': 'Você está vendo a jogada {v} de {n} — a partida continua.',
  'hist.viewing_start': 'Você está vendo o início da partida — ela continua.',
  'hist.export_failed': 'Não foi possível baixar o registro.',
  'clock.left': '{player}: restam {time}',
  'clock.flag': 'Tempo esgotado',
  'clock.setup': 'Tempo de preparação: {time}',
  'clock.deadline': '{player} joga até {when}',
  'opt.clock': 'Relógio',
  'opt.clock.none': 'Sem relógio',
  'opt.clock.custom': 'Personalizado (minutos + segundos)',
  'opt.clock.correspondence': 'Por correspondência (dias por turno)',
  'opt.clock.minutes': 'Minutos por jogador',
  'opt.clock.increment': 'Segundos somados por turno',
  'opt.clock.days': 'Dias por turno',
  'err.out_of_time': 'Seu tempo acabou.',
  'err.bad_clock': 'Essas configurações de relógio não são permitidas.',
  'opt.opponent': 'Adversário',
  'opp.friend': 'Um amigo — compartilhe um link',
  'opp.bot.easy': 'O computador — fácil',
  'opp.bot.medium': 'O computador — médio',
  'opp.bot.hard': 'O computador — difícil',
  'opp.local': 'Jogar neste aparelho (dois jogadores)',
  'level.easy': 'fácil',
  'level.medium': 'médio',
  'level.hard': 'difícil',
  bot_seat: '{player}: o computador ({level})',
  'local.both': 'Os dois jogadores jogam neste aparelho.',
  'local.to_move': 'Vez do {player}',
  'local.pass': 'Passe o aparelho para o {player}',
  'local.pass_hint': 'O outro jogador não deve olhar: o que vem agora é secreto.',
  'local.ready': 'Sou o {player} — mostrar meu tabuleiro',
  illegal: 'Jogada inválida',
  // a vida da partida em volta do jogo
  join_step_title: 'Entrar nesta partida',
  join_as_player: 'Entrar como jogador',
  join_watch: 'Assistir',
  join_seats: 'Jogadores',
  join_options: 'Opções',
  join_clock: 'Relógio',
  join_full: 'Os dois lugares estão ocupados — você pode assistir.',
  join_over: 'Esta partida acabou — você pode assisti-la.',
  your_name: 'Seu nome (opcional, visível para todos)',
  clock_fischer: '{m} min + {s} s',
  clock_days: '{d} dia(s) por lance',
  spectator_link: 'Link para espectadores (nunca ocupa um lugar)',
  waiting_board: 'Aguardando seu adversário',
  opponent_arrived: '{player} chegou — a partida começa!',
  title_arrived: 'Adversário chegou',
  abort: 'Cancelar partida',
  'reason.aborted': 'cancelada antes de começar de fato — sem resultado',
  'outcome.aborted': 'Partida cancelada',
  'ev.aborted': '{player} cancelou a partida',
  rematch: 'Revanche',
  rematch_offered_you: 'Você propôs uma revanche.',
  rematch_offered_them: '{player} propõe uma revanche.',
  rematch_declined: '{player} recusou a revanche.',
  rematch_withdrawn: '{player} retirou a proposta de revanche.',
  rematch_follow: 'Seguir para a revanche',
  rematch_next: 'Revanche: {code}',
  result_line: 'Resultado: {text}',
  offline: 'Você está sem conexão — reconectando…',
  opponent_away: '{player} desconectou — {n} s até a partida ser registrada como abandonada',
  'err.not_started': 'A partida começa quando os dois lugares estiverem ocupados.',
  'err.abort_too_late': 'Os dois jogadores já jogaram — a partida não pode mais ser cancelada.',
  'err.not_over': 'A revanche pode ser proposta quando a partida acabar.',
  'err.no_rematch_offer': 'Não há proposta de revanche para responder.',
  'err.rematch_exists': 'Esta partida já tem uma revanche.',
};

export const LANGS = { en, 'pt-BR': pt };

let current = pickInitial();
const listeners = new Set();

// The remembered language, else the browser's (Portuguese when it prefers pt), else English.
function pickInitial() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved && LANGS[saved]) return saved;
  } catch { /* storage may be unavailable */ }
  const nav = typeof navigator === 'undefined' ? '' : navigator.language || '';
  return nav.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

// The current language code ('en' or 'pt-BR').
export function lang() { return current; }

// Switches language, remembers it, re-translates the page and notifies listeners.
export function setLang(code) {
  if (!LANGS[code]) return;
  current = code;
  try { localStorage.setItem(STORAGE_KEY, code); } catch { /* ignore */ }
  if (typeof document !== 'undefined') translatePage();
  for (const fn of listeners) fn(code);
}

// Calls fn(code) after every language change.
export function onLangChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// Has the current language (or English) a string for key?
export function has(key) { return key in LANGS[current] || key in en; }

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
export function gameTranslator(game) { return (key, params) => t(gameKey(game, key), params); }

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
  try { return el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {}; } catch { return {}; }
}
