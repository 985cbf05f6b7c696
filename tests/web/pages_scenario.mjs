// Every page of the client, in both languages and at both sizes, without a console error, an
// uncaught exception or a Content-Security-Policy violation (the server's policy is strict:
// no inline style or script). Pages: for each game the match page as a player (a seat still
// free: the invitation), against the computer, as a spectator, on one device (both seats
// here) and the replay of a finished match; then the home page, whose live list shows each
// game's match with a miniature board. One match per kind is made and
// each page is loaded in English and in Portuguese, and drawn at 1280×800 and 390×844;
// screenshots of every page at both sizes land in pages-*.png of the run's screenshots directory. Every board
// shown has its file and rank labels, none covered by a piece, and lies inside the viewport
// (nothing scrolls the page by itself), also on the page waiting for an opponent with its
// invitation. Every game has the same frame: at 1280×800 the column beside the board holds
// the players (names, presence, clocks), whose turn, the move list and the actions; on a
// phone those panels come below the board. Every anomaly, terrain and talisman icon and every
// legend picture has a tooltip and an accessible name in the page's language; Cyvasse draws
// its terrain one way and shows the Tower's protection ring in its legend. Each game's How to
// play page is visited too (diagrams drawn by the game's table), and the links to it from the
// home page's cards, the create form and the match page are followed. Every page state (each
// page, language and size) is checked with axe-core and for its board coordinates' contrast
// (axe.mjs): a step per page fails on any serious or critical WCAG 2 A/AA violation.
import { check, steps, newPage, screenshots, STEP_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS } from './steps.mjs';
import { axeProblems } from './axe.mjs';

const GAMES = ['taixu', 'cyvasse', 'quadri'];
const LANGS = ['en', 'pt-BR'];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

export async function pagesScenario({ browser, url, out }) {
  const results = [];
  let step = null; // the current group's step runner (home, then one per game)
  // Starts a group of steps: a failed step skips the rest of its group only.
  const group = () => {
    const g = steps({ prefix: 'pages: ' });
    step = g.step;
    return g.results;
  };
  const shot = screenshots(out, { prefix: 'pages-', timeout: STEP_TIMEOUT_MS });
  // Problems per page label; `current` is the label of what the page shows now.
  const problems = new Map();
  let current = 'start';
  // axe-core's serious and critical WCAG A/AA violations per page label (language and size).
  const axe = new Map();
  const report = (text) => {
    if (!problems.has(current)) problems.set(current, []);
    problems.get(current).push(text);
  };
  const page = await newPage(
    browser,
    { viewport: SIZES.desktop },
    {
      prepare: async (ctx) => {
        await ctx.exposeBinding('reportCspViolation', (_src, v) => report(`CSP: ${v}`));
        await ctx.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            window.reportCspViolation(
              `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`
            )
          )
        );
      },
    }
  );
  page.on('console', (m) => {
    if (m.type() === 'error') report(`console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => report(`exception: ${e.message}`));
  // The page's last navigations and WebSocket events (opened, frames each way, closed), told
  // when a match page does not draw in time.
  const sockets = [];
  const heard = (what) => {
    sockets.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
    if (sockets.length > 16) sockets.shift();
  };
  // Requests not finished yet (the page's and its service worker's), told with their age when a
  // match page does not draw in time.
  const pending = new Map();
  const track = (r) => pending.set(r, Date.now());
  const done = (r) => pending.delete(r);
  page.context().on('request', track);
  page.context().on('requestfinished', done);
  page.context().on('requestfailed', done);
  const unfinished = () =>
    [...pending]
      .map(
        ([r, at]) =>
          `${r.method()} ${r.url().replace(url, '')}${r.serviceWorker() ? ' (service worker)' : ''} ${Date.now() - at} ms`
      )
      .slice(0, 12);
  // The page's own navigations (a reload or a new address nobody asked for shows here).
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) heard(`navigated ${f.url()}`);
  });
  page.on('websocket', (ws) => {
    heard(`open ${ws.url()}`);
    ws.on('framesent', (f) => heard(`sent ${String(f.payload).slice(0, 80)}`));
    ws.on('framereceived', (f) => heard(`received ${String(f.payload).slice(0, 80)}`));
    ws.on('socketerror', (e) => heard(`error ${e}`));
    ws.on('close', () => heard('closed'));
  });

  // POST /api/matches with req; {code, seat, token}.
  const create = async (req) => {
    const res = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req),
    });
    check(res.ok, `creating ${JSON.stringify(req)}: HTTP ${res.status}`);
    return res.json();
  };
  // Stores a seat's token in the page's browser (as the home page does after creating).
  const keepSeat = async ({ code, seat, token }) => {
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k, v),
      [`tabuleiro.seat.${code}`, JSON.stringify({ seat, token })]
    );
  };
  // The page has drawn a match: a board at some version, styled (the game's sheet loaded). It
  // follows a navigation (the page's modules, its connection, the joined view): that wait has
  // a navigation's time.
  // What the page shows and what it waits for, for a failure after a navigation: its address,
  // title and what #app holds, the connection status, the table, the game's stylesheets, its
  // parsing state, service worker and files loaded, the requests not finished yet, and its last
  // navigations and socket events.
  const describePage = async () => {
    const shown = await page
      .evaluate(() => ({
        url: location.href,
        title: document.title,
        app: [...(document.querySelector('#app')?.children ?? [])]
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
          .join(' '),
        status: document.querySelector('#conn-status')?.textContent ?? null,
        table: document.querySelector('#table')
          ? {
              hidden: document.querySelector('#table').hidden,
              drawn: !!document.querySelector('#table [data-version]'),
            }
          : null,
        stylesheets: document.querySelectorAll('link.game-stylesheet').length,
        // Whether the document finished parsing, which service worker controls it (and its
        // state), and how many of the shell's files it loaded: a page whose modules never ran
        // shows whether they were asked for at all.
        ready: document.readyState,
        worker: navigator.serviceWorker?.controller?.state ?? 'none',
        sheets: document.styleSheets.length,
        started: window.tabuleiroStarted === true,
        retried: sessionStorage.getItem('tabuleiro.boot-retry'),
        files: performance.getEntriesByType('resource').filter((e) => /\.(m?js|css)$/.test(new URL(e.name).pathname))
          .length,
      }))
      .catch((err) => `unreadable: ${err.message}`);
    return `the page: ${JSON.stringify(shown)}; unfinished requests: ${unfinished().join(', ') || 'none'}; its socket and navigations: ${sockets.join(' | ')}`;
  };
  // Runs a wait that follows a navigation; when it fails, the failure describes the page.
  const afterNavigation = (wait) =>
    wait.catch(async (e) => {
      throw new Error(`${current}: ${e.message.split('\n')[0]}; ${await describePage()}`);
    });
  // When it does not, the failure says what the page showed and what it waited for.
  const matchDrawn = () =>
    afterNavigation(
      page.waitForFunction(
        () => {
          const host = document.querySelector('#table');
          return (
            host &&
            !host.hidden &&
            host.querySelector('[data-version]') &&
            document.querySelectorAll('link.game-stylesheet').length > 0
          );
        },
        null,
        { timeout: NAVIGATION_TIMEOUT_MS }
      )
    );
  // The problems reported under labels starting with prefix, as one line each.
  const problemsOf = (match) =>
    [...problems.entries()]
      .filter(([k]) => match(k))
      .map(([k, v]) => `${k}: ${v.slice(0, 5).join(' | ')}${v.length > 5 ? ` (+${v.length - 5} more)` : ''}`);
  // A step of its own (a failure skips no other page) that fails on any problem of label.
  const clean = async (label) => {
    const own = steps({ prefix: 'pages: ' });
    await own.step(`${label}: no console error, exception or CSP violation`, async () => {
      const seen = problemsOf((k) => k.startsWith(`${label} (`));
      check(!seen.length, seen.join('; '));
    });
    await own.step(
      `${label}: no serious or critical accessibility violation (axe-core, WCAG 2 A/AA), in both languages at both sizes`,
      async () => {
        const seen = [...axe.entries()]
          .filter(([k, v]) => k.startsWith(`${label} (`) && v.length)
          .map(([k, v]) => `${k}: ${v.join(' | ')}`);
        check(!seen.length, seen.join('; '));
      }
    );
    results.push(...own.results);
  };
  // Loads path as label in each language and screenshots it at both sizes (ready() resolves
  // once the page has drawn); then checks that no problem was reported meanwhile. frame: what
  // the match page's frame must show ({seated, clock, moves}; checkFrame).
  const visit = async (label, path, ready, frame = null) => {
    await step(label, async () => {
      const texts = {}; // language → the icons' tooltips and names
      for (const lang of LANGS) {
        current = `${label} (${lang})`;
        await page.setViewportSize(SIZES.desktop);
        await page.evaluate((l) => localStorage.setItem('tabuleiro.lang', l), lang);
        await page.goto(`${url}${path}`);
        await ready();
        const htmlLang = await page.evaluate(() => document.documentElement.lang);
        check(htmlLang === lang, `${current}: the page is in ${htmlLang}`);
        // The icons' texts, and a How to play page's headings and captions.
        texts[lang] = [
          ...(await checkIcons()),
          ...(await page.$$eval('.howto h1, .howto h2, .howto figcaption', (els) =>
            els.map((e) => e.textContent.trim())
          )),
        ];
        if (label.startsWith('cyvasse-')) await checkCyvasseMarks();
        for (const [size, viewport] of Object.entries(SIZES)) {
          current = `${label} (${lang}, ${size})`;
          await page.setViewportSize(viewport);
          // Once laid out: nothing scrolled the page by itself, and the whole board shows.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
          const y = await page.evaluate(() => window.scrollY);
          check(y === 0, `${current}: the page scrolled by itself to ${y}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          check(wide <= viewport.width, `${current}: the page is ${wide} px wide, wider than the screen`);
          await shot(page, `${label}-${lang}-${size}`);
          if (path.startsWith('/m/')) {
            await checkLabels();
            await checkBoardShown();
          }
          if (frame) await checkFrame(size, frame);
          axe.set(current, await axeProblems(page));
        }
      }
      // Every icon's tooltip and name follow the language: none of the Portuguese ones is
      // also an English one.
      const english = new Set(texts.en);
      const same = texts['pt-BR'].filter((x) => english.has(x));
      check(!same.length, `${label}: texts not translated: ${[...new Set(same)].slice(0, 5).join(' | ')}`);
      current = `after ${label}`;
    });
    await clean(label);
  };

  // Every anomaly, terrain and talisman icon on the page (boards and legends; a closed rules
  // panel's legend too) and every legend picture has a tooltip (title, or an anomaly's
  // data-tip) and an accessible name (aria-label, on it or on an image inside it, or an SVG
  // <title>), worded (not a bare string key). Returns their texts.
  const checkIcons = async () => {
    const icons = await page.$$eval('.legend-mark, .board-wrap .anomaly, .cy-terrain, .board-wrap .q-tile', (els) =>
      els.map((e) => ({
        what: e.getAttribute('class'),
        tip: e.getAttribute('title') || e.dataset.tip || '',
        name:
          e.getAttribute('aria-label') ||
          e.querySelector('[role="img"][aria-label]')?.getAttribute('aria-label') ||
          e.querySelector('svg > title')?.textContent ||
          '',
      }))
    );
    const bad = icons.filter(
      (i) => !i.tip.trim() || !i.name.trim() || /^[\w]+(\.[\w]+)+$/.test(i.tip) || /^[\w]+(\.[\w]+)+$/.test(i.name)
    );
    check(!bad.length, `${current}: icons without a worded tooltip or name: ${JSON.stringify(bad.slice(0, 3))}`);
    return icons.flatMap((i) => [i.tip, i.name]);
  };

  // Cyvasse draws each terrain one way: every mountain (and water) square of the board looks
  // like every other and like the legends' sample, with the same mark; and its legends show the
  // ring of a piece its Tower protects.
  const checkCyvasseMarks = async () => {
    const looks = await page.$$eval('.cy-sq.mountain, .cy-sq.water, .cy-swatch', (els) =>
      els.map((e) => ({
        kind: e.classList.contains('mountain') ? 'mountain' : e.classList.contains('water') ? 'water' : '?',
        where: e.classList.contains('cy-swatch') ? 'legend' : 'board',
        shown: e.getBoundingClientRect().width > 0,
        look: getComputedStyle(e).backgroundImage,
        mark: e.querySelector('.cy-terrain use')?.getAttribute('href') ?? '',
      }))
    );
    for (const kind of ['mountain', 'water']) {
      const all = looks.filter((x) => x.kind === kind && (x.shown || x.where === 'legend'));
      check(
        all.some((x) => x.where === 'legend'),
        `${current}: no ${kind} in the legends`
      );
      const drawings = new Set(all.filter((x) => x.shown).map((x) => `${x.look} ${x.mark}`));
      check(
        drawings.size <= 1 && all.every((x) => x.mark.endsWith(`#${kind}`)),
        `${current}: ${kind} drawn ${drawings.size} ways: ${[...drawings].join(' / ')}`
      );
    }
    const rings = await page.$$eval('.legend-mark .cy-piece.protected', (els) =>
      els.map((e) => getComputedStyle(e).boxShadow)
    );
    check(
      rings.length >= 1 && rings.every((b) => b && b !== 'none'),
      `${current}: the Tower's protection ring is not in the legend: ${rings}`
    );
  };

  // Every board shown: one file label per column and one rank label per row, each drawn
  // inside the board and clear of every piece (a round piece: its inscribed circle).
  const checkLabels = async () => {
    const boards = await page.$$eval('.board-wrap [role="grid"]', (grids) =>
      grids
        .filter((g) => g.getBoundingClientRect().width > 0)
        .map((g) => {
          const rows = [...g.querySelectorAll('[role="row"]')];
          const b = g.getBoundingClientRect();
          const pieces = [...g.querySelectorAll('.piece, .cy-piece, .q-pred')].map((e) => e.getBoundingClientRect());
          const labels = [...g.querySelectorAll('.coord')].map((e) => ({
            kind: e.classList.contains('file') ? 'file' : 'rank',
            text: e.textContent,
            r: e.getBoundingClientRect(),
          }));
          const covered = labels
            .filter(({ r }) =>
              pieces.some((p) => {
                const cx = p.left + p.width / 2;
                const cy = p.top + p.height / 2;
                const dx = Math.max(r.left - cx, 0, cx - r.right);
                const dy = Math.max(r.top - cy, 0, cy - r.bottom);
                return dx * dx + dy * dy < (Math.min(p.width, p.height) / 2) ** 2;
              })
            )
            .map((l) => l.text);
          const outside = labels
            .filter(
              ({ r }) =>
                r.width === 0 ||
                r.left < b.left - 1 ||
                r.right > b.right + 1 ||
                r.top < b.top - 1 ||
                r.bottom > b.bottom + 1
            )
            .map((l) => l.text);
          return {
            label: g.getAttribute('aria-label'),
            rows: rows.length,
            cols: rows[0]?.children.length ?? 0,
            files: new Set(labels.filter((l) => l.kind === 'file').map((l) => l.text)).size,
            ranks: new Set(labels.filter((l) => l.kind === 'rank').map((l) => l.text)).size,
            covered,
            outside,
          };
        })
    );
    for (const x of boards) {
      check(
        x.files === x.cols && x.ranks === x.rows,
        `${current}: ${x.label} has ${x.files} file and ${x.ranks} rank labels for ${x.cols}×${x.rows}`
      );
      check(!x.covered.length, `${current}: labels covered by a piece: ${x.covered}`);
      check(!x.outside.length, `${current}: labels outside the board: ${x.outside}`);
    }
  };

  // The whole board shown (both sides) lies inside the viewport, without scrolling (also while
  // it waits for an opponent: the invitation stays beside it, or below it on a phone).
  const checkBoardShown = async () => {
    const boxes = await page.$$eval('.board-wrap', (els) =>
      els
        .filter((e) => e.getBoundingClientRect().width > 0)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
        })
    );
    for (const b of boxes)
      check(
        b.top >= 0 && b.left >= 0 && b.bottom <= b.h && b.right <= b.w,
        `${current}: the board ${JSON.stringify(b)} is not inside the ${b.w}×${b.h} viewport`
      );
  };

  // A game's How to play page is drawn: its title names the game, its sections and legend are
  // there, and its diagrams are boards drawn by the game's own table (each with squares, at
  // least one with a piece selected and where it may go), each with a caption.
  // It may follow a click on a link, a navigation: that wait has a navigation's time.
  const howToShown = async (game) => {
    await afterNavigation(
      page.waitForSelector(`#howto[data-game="${game}"] .howto-diagram [data-version]`, {
        timeout: NAVIGATION_TIMEOUT_MS,
      })
    );
    const p = await page.evaluate(() => ({
      title: document.querySelector('#howto-title')?.textContent ?? '',
      name: document.querySelector('.howto-game[aria-current="page"]')?.textContent ?? '',
      sections: document.querySelectorAll('.howto-section h2').length,
      legend: document.querySelectorAll('.howto-legend .legend li').length,
      keys: document.querySelector('#howto').textContent.match(/\bhowto\.[\w.]+/)?.[0] ?? '',
      diagrams: [...document.querySelectorAll('.howto-diagram')].map((f) => ({
        squares: f.querySelectorAll('[role="grid"] [role="gridcell"]').length,
        selected: f.querySelectorAll('.selected').length,
        targets: f.querySelectorAll('.target, .capture').length,
        caption: f.querySelector('figcaption')?.textContent.trim() ?? '',
      })),
    }));
    check(p.name && p.title.includes(p.name), `${current}: the title names the game: ${p.title}`);
    check(!p.keys, `${current}: a string key shows instead of its text: ${p.keys}`);
    check(p.sections >= 5 && p.legend >= 3, `${current}: ${p.sections} sections and ${p.legend} legend entries`);
    check(
      p.diagrams.length >= 3 && p.diagrams.every((d) => d.squares >= 64 && d.caption.length > 20),
      `${current}: diagrams drawn by the game's table with captions: ${JSON.stringify(p.diagrams)}`
    );
    check(
      p.diagrams.some((d) => d.selected === 1 && d.targets > 0),
      `${current}: no diagram shows a move: ${JSON.stringify(p.diagrams)}`
    );
  };

  // The match page's frame, the same for every game. At 1280×800 the column beside the board
  // (to its right, starting level with it) holds the players panel (a row per seat with its
  // name and presence dot, and its clock when the match has one), the turn card, the move list
  // (when moves: true) and, for a seated player (seated: true), the room controls and the
  // game's actions; on a phone the players, the move list, the log and the room controls come
  // below the board. Not checked while no board shows (one device's pass screen).
  const checkFrame = async (size, { seated = false, clock = false, moves = true }) => {
    const visible = () => page.$$eval('.board-wrap', (els) => els.some((e) => e.getBoundingClientRect().width > 0));
    if (!(await visible())) return;
    if (moves) await page.waitForSelector('#moves:not([hidden])');
    const f = await page.evaluate(() => {
      const shown = (e) => !!e && e.getBoundingClientRect().width > 0;
      const box = (e) => {
        const r = e.getBoundingClientRect();
        return {
          top: Math.round(r.top),
          bottom: Math.round(r.bottom),
          left: Math.round(r.left),
          right: Math.round(r.right),
        };
      };
      const wrap = [...document.querySelectorAll('.board-wrap')].find(shown);
      const table = wrap.closest('.table');
      const side = table.querySelector('.control-col');
      const parts = {};
      const sels = {
        players: '#players',
        turn: '.turn-card',
        moves: '#moves',
        controls: '.room-controls',
        log: '.log',
        actions: '.actions, .cy-setup',
      };
      for (const [name, sel] of Object.entries(sels)) {
        const e = [...table.querySelectorAll(sel)].find(shown);
        parts[name] = e ? { ...box(e), inSide: side.contains(e) } : null;
      }
      const rows = [...table.querySelectorAll('#players .seat-name')].filter(shown).map((li) => ({
        seat: li.dataset.seat,
        label: li.querySelector('.seat-label')?.textContent.trim() ?? '',
        dot: shown(li.querySelector('.presence-dot')),
        clock: shown(li.querySelector('.clock .clock-time')),
      }));
      return { board: box(wrap), parts, rows };
    });
    const where = `${current}: ${JSON.stringify(f)}`;
    const { board, parts, rows } = f;
    const need = ['players', 'turn', 'log', ...(moves ? ['moves'] : []), ...(seated ? ['controls', 'actions'] : [])];
    for (const name of need) check(parts[name], `${current}: no ${name} panel shown`);
    check(
      rows.length === 2 && rows.every((r) => r.label && r.dot),
      `${current}: the players panel names both seats with their presence: ${JSON.stringify(rows)}`
    );
    if (clock)
      check(
        rows.every((r) => r.clock),
        `${current}: each player's clock is in the players panel: ${JSON.stringify(rows)}`
      );
    if (size === 'desktop') {
      for (const name of need) {
        const p = parts[name];
        check(
          p.inSide && p.left >= board.right - 1,
          `${current}: the ${name} panel is not in the column beside the board: ${where}`
        );
      }
      check(
        parts.players.top < board.top + 60,
        `${current}: the column beside the board does not start level with it: ${where}`
      );
    } else {
      for (const name of ['players', 'log', ...(moves ? ['moves'] : []), ...(seated ? ['controls'] : [])]) {
        check(
          parts[name].top >= board.bottom - 1,
          `${current}: the ${name} panel is not below the board on a phone: ${where}`
        );
      }
    }
  };

  const groups = [];
  const codes = {}; // game → the match against the computer
  await page.goto(url);
  for (const game of GAMES) {
    groups.push(group());
    let friend = null;
    let bot = null;
    let local = '';
    await step(`${game}: a match with a free seat, one against the computer, one on this device`, async () => {
      current = `${game} setup`;
      friend = await create({ game, seat: 1, visibility: 'public', clock: { initial_s: 600, increment_s: 5 } });
      bot = await create({ game, seat: 2, visibility: 'unlisted', opponent: { bot: 'easy' } });
      codes[game] = bot.code;
      await keepSeat(friend);
      await keepSeat(bot);
      // One device, the way a player makes it: the home page's form.
      await page.setViewportSize(SIZES.desktop);
      await page.goto(url);
      await afterNavigation(page.check(`input[name="game"][value="${game}"]`, { timeout: NAVIGATION_TIMEOUT_MS }));
      await page.selectOption('#opt-opponent', 'local');
      await page.click('#create-btn');
      await page.waitForURL(/\/m\/[A-Z0-9]{6}$/);
      local = page.url().match(/\/m\/([A-Z0-9]{6})$/)[1];
      await matchDrawn();
    });
    await visit(
      `${game}-player`,
      `/m/${friend?.code}`,
      async () => {
        await matchDrawn();
        await page.waitForSelector('.invite:not([hidden]) img.qr');
      },
      { seated: true, clock: true }
    );
    await visit(
      `${game}-computer`,
      `/m/${bot?.code}`,
      async () => {
        await matchDrawn();
        await page.waitForSelector('#bot-seat');
      },
      { seated: true }
    );
    await visit(
      `${game}-spectator`,
      `/m/${bot?.code}?watch`,
      async () => {
        await matchDrawn();
        await page.waitForSelector('.you.spectator');
      },
      {}
    );
    await visit(
      `${game}-one-device`,
      `/m/${local}`,
      async () => {
        await matchDrawn();
        await page.waitForSelector('#table[data-active]');
      },
      { seated: true, moves: game !== 'cyvasse' }
    ); // no stepping back while a secret set-up is pending
    await step(`${game}: the game against the computer is resigned`, async () => {
      current = `${game} resign`;
      await page.setViewportSize(SIZES.desktop);
      await page.goto(`${url}/m/${bot.code}`);
      await matchDrawn();
      await page.click('#resign');
      await page.click('#resign-yes');
      await page.waitForSelector('#result:not([hidden])');
    });
    await visit(
      `${game}-replay`,
      `/m/${bot?.code}?replay`,
      async () => {
        await matchDrawn();
        await page.waitForSelector('#moves:not([hidden])');
      },
      {}
    );
  }
  // The home page last: its live list then shows every game's public match, each with a
  // miniature of its board (the game's own table).
  groups.push(group());
  await visit('home', '/', async () => {
    await page.waitForSelector('#create-btn');
    for (const game of GAMES) await page.waitForSelector(`.live-item .li-preview.g-${game}[data-version]`);
  });
  // Each game's How to play page: the rules in sections, with diagrams drawn by the game's own
  // table, and its legend; and the links to it from the home page's game cards, the create
  // form (under the chosen game's summary) and the match page.
  groups.push(group());
  for (const game of GAMES) {
    await visit(`howto-${game}`, `/?how-to-play=${game}`, () => howToShown(game));
  }
  groups.push(group());
  await step('how to play: linked from the game cards, the create form and every match page', async () => {
    current = 'how-to-play links';
    await page.setViewportSize(SIZES.desktop);
    await page.evaluate(() => localStorage.setItem('tabuleiro.lang', 'en'));
    for (const game of GAMES) {
      await page.goto(url);
      await afterNavigation(page.check(`input[name="game"][value="${game}"]`, { timeout: NAVIGATION_TIMEOUT_MS }));
      const summary = (await page.textContent('#game-summary p')).trim();
      check(
        summary.length > 150 && !/howto\./.test(summary),
        `the create form sums ${game} up in a paragraph: ${summary}`
      );
      const [card, form] = await Promise.all([
        page.getAttribute(`.game-card.g-${game} .card-howto`, 'href'),
        page.getAttribute('#summary-howto', 'href'),
      ]);
      check(card && card === form, `the ${game} card and the form link to one page: ${card} ${form}`);
      await page.click(`.game-card.g-${game} .card-howto`);
      await howToShown(game);
      await page.goto(`${url}/m/${codes[game]}?watch`);
      await matchDrawn();
      await page.waitForSelector('#howto-link:not([hidden])');
      const [head, rules] = await Promise.all([
        page.getAttribute('#howto-link', 'href'),
        page.getAttribute('#rules-howto', 'href'),
      ]);
      check(head === card && rules === card, `the ${game} match page links to its How to play page: ${head} ${rules}`);
      await page.click('#howto-link');
      await howToShown(game);
    }
  });
  const other = steps({ prefix: 'pages: ' });
  await other.step('no console error, exception or CSP violation while making and ending the matches', async () => {
    const seen = problemsOf(
      (k) => !GAMES.some((g) => k.startsWith(`${g}-`) || k.startsWith(`howto-${g} (`)) && !k.startsWith('home (')
    );
    check(!seen.length, seen.join('; '));
  });
  await page
    .context()
    .close()
    .catch(() => {});
  return [...groups.flat(), ...results, ...other.results];
}
