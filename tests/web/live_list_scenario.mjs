// The live list browser scenario: a visitor keeps the home page open while a TAIXU match is
// created, both seats are taken, moves are played, both players leave, and the match ends.
// Without a reload the list shows each status (waiting for a player, both seated with no move,
// live with its round and whose turn, both players left, then the result among the recently
// finished), and the miniature board follows the moves. The two players are WebSockets opened
// by a driver page of the same site (the server's own protocol, no UI), so every step waits
// only for the expected DOM state.
import { check, steps, newPage, screenshots } from './steps.mjs';

// The driver's in-page helpers: players as WebSockets kept in window.__seats.
function installDriver() {
  window.__seats = {};
  window.__open = (name, join) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
      const seat = { ws, legal: [], view: null, version: -1, waiters: [] };
      window.__seats[name] = seat;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'join', ...join }));
      ws.onerror = () => reject(new Error(`${name}: socket error`));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'joined') {
          seat.legal = m.legal;
          seat.view = m.view;
          seat.version = m.version;
          resolve(m);
        }
        if (m.type === 'patch') {
          seat.legal = m.legal;
          seat.version = m.version;
        }
        for (const w of seat.waiters.splice(0)) w(m);
      };
    });
  window.__next = (name, type) =>
    new Promise((resolve) => {
      const seat = window.__seats[name];
      const wait = (m) => (m.type === type ? resolve(m) : seat.waiters.push(wait));
      seat.waiters.push(wait);
    });
  // Sends the seat's first legal action; resolves with the acknowledged version.
  window.__act = async (name) => {
    const seat = window.__seats[name];
    if (!seat.legal.length) throw new Error(`${name} has nothing to play`);
    const ack = window.__next(name, 'ack');
    seat.ws.send(JSON.stringify({ type: 'act', id: 'a', action: seat.legal[0] }));
    return (await ack).version;
  };
  window.__close = (name) =>
    new Promise((resolve) => {
      const seat = window.__seats[name];
      seat.ws.onclose = () => resolve();
      seat.ws.close();
    });
}

export async function liveListScenario({ browser, url, out }) {
  const { results, step } = steps();
  const shot = screenshots(out, { prefix: 'live-list-' });

  const H = await newPage(browser, { viewport: { width: 1280, height: 1000 } });
  const D = await newPage(browser, { viewport: { width: 800, height: 600 } });
  let code = '';
  let token = '';
  const item = () => `#live-list li[data-code="${code}"]`;
  const waitStatus = (status) => H.waitForSelector(`${item()}[data-status="${status}"]`);
  const itemText = () => H.textContent(item());
  // The number of pieces the home page's miniature draws, and the number in the server's view.
  const miniPieces = () =>
    H.$$eval(`${item()} .li-preview [data-piece]`, (els) => els.filter((e) => e.dataset.piece).length);
  const viewPieces = () =>
    D.evaluate(async (code) => {
      const list = await (await fetch('/api/matches?preview=1&status=live')).json();
      const m = list.matches.find((x) => x.code === code);
      return { pieces: Object.keys(m.preview.pieces).length, version: m.version };
    }, code);

  try {
    await step('live list: the home page lists a new match as waiting for a player, without a reload', async () => {
      await H.goto(url);
      await H.evaluate(() => {
        window.__sameDocument = true;
      });
      await H.waitForSelector('#live-list');
      await D.goto(url);
      await D.evaluate(installDriver);
      const created = await D.evaluate(async () => {
        const r = await fetch('/api/matches', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'taixu' }),
        });
        return r.json();
      });
      code = created.code;
      token = created.token;
      check(/^[A-Z0-9]{6}$/.test(code), `created ${JSON.stringify(created)}`);
      await waitStatus('open');
      check((await itemText()).includes('Waiting for a player'), 'the item says waiting for a player');
    });

    await step('live list: both seats taken and no move yet is "both seated — no move yet"', async () => {
      await D.evaluate(({ code, token }) => window.__open('one', { code, token }), { code, token });
      await D.evaluate((code) => window.__open('two', { code }), code);
      await waitStatus('ready');
      const text = await itemText();
      check(text.includes('Both seated'), `ready text: ${text}`);
      check(!text.includes('Waiting for a player'), 'a full match is not waiting for a player');
      check(text.includes('Round 1') && text.includes('Player 1 to move'), `round and turn: ${text}`);
    });

    await step('live list: a move makes it live; the miniature board shows the move', async () => {
      const v = await D.evaluate(() => window.__act('one'));
      await waitStatus('live');
      await H.waitForSelector(`${item()} .li-preview[data-version="${v}"]`);
      const server = await viewPieces();
      check(server.version === v, `server at v${server.version}, expected v${v}`);
      check(
        (await miniPieces()) === server.pieces,
        `the miniature draws ${await miniPieces()} pieces, the view has ${server.pieces}`
      );
      await shot(H, 'live');
    });

    await step('live list: the turn passes to Player 2 and the list says so', async () => {
      for (let i = 0; i < 12; i++) {
        const toMove = await D.evaluate(
          async (code) => (await (await fetch(`/api/matches/${code}`)).json()).to_act[0],
          code
        );
        if (toMove === 2) break;
        await D.evaluate(() => window.__act('one'));
      }
      await H.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes('Player 2 to move'), item());
      const server = await viewPieces();
      await H.waitForSelector(`${item()} .li-preview[data-version="${server.version}"]`);
      check((await miniPieces()) === server.pieces, 'the miniature follows every move');
    });

    await step('live list: both players leave and the list says so', async () => {
      await D.evaluate(() => window.__close('two'));
      await waitStatus('away');
      await D.evaluate(() => window.__close('one'));
      await waitStatus('left');
      check((await itemText()).includes('Both players left'), 'the item says both players left');
      await shot(H, 'left');
    });

    await step('live list: the match ends and moves to the recently finished list with its result', async () => {
      await D.evaluate(({ code, token }) => window.__open('back', { code, token }), { code, token });
      await D.evaluate(() => {
        const ended = window.__next('back', 'game_over');
        window.__seats.back.ws.send(JSON.stringify({ type: 'resign', id: 'r' }));
        return ended;
      });
      await H.waitForSelector(`#recent-list li[data-code="${code}"]`);
      await H.waitForSelector(item(), { state: 'detached' });
      const text = await H.textContent(`#recent-list li[data-code="${code}"]`);
      check(text.includes('Player 2 wins'), `result: ${text}`);
      check(text.includes('ended'), `end time: ${text}`);
      check(await H.evaluate(() => window.__sameDocument === true), 'the home page was never reloaded');
      await shot(H, 'finished');
    });
  } finally {
    await H.context()
      .close()
      .catch(() => {});
    await D.context()
      .close()
      .catch(() => {});
  }
  return results;
}
