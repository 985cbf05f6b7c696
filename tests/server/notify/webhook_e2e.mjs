// Webhooks end to end on loopback: a real `tabuleiro serve` told to trust a test CA
// (--outbound-ca-file) and to reach loopback (--outbound-allow-private yes), two members signed
// up over HTTP and seated over WebSocket in a correspondence match, and a receiver (node:https
// with a certificate of that CA) that answers by path:
//   /ok/…        200;   /redirect/…  302 to /moved/… (which must never be hit);
//   /busy/…      503 with Retry-After: 1 the first time, then 200.
// Each delivery's Tabuleiro-Signature is verified here with Node's crypto (HMAC-SHA-256 of
// "<t>.<body>" under the secret shown once, compared in constant time, t within 5 minutes):
// "turn" to bia after ana moves, "result" to both after bia resigns. A redirect is not
// followed and its 302 is the webhook's last status; one URL takes 30 deliveries a minute and
// drops the rest. A second server, WITHOUT --outbound-allow-private, refuses to register
// https://127.0.0.1:PORT/ and https://10.0.0.1/ (internal_url) and registers
// https://localhost:PORT/ but refuses to deliver to it (the receiver is never hit).
//   node --experimental-websocket tests/server/notify/webhook_e2e.mjs PATH/TO/tabuleiro
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testCa } from './push_tools.mjs';
import { api, freePort, seat, until } from './e2e_tools.mjs';

const binary = resolve(process.argv[2]);
const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-webhook-e2e-'));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const servers = [];
const watchdog = setTimeout(() => {
  console.error('webhook_e2e: overall timeout (120 s)');
  for (const s of servers) s.kill('SIGKILL');
  process.exit(1);
}, 120_000);
process.on('exit', () => {
  for (const s of servers) s.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// --- the receiver ---------------------------------------------------------------------------
const { ca, cert } = testCa(dir);
ca('ca');
const received = []; // {path, headers, raw, body, at}
const busySeen = new Set();
const receiver = createServer(cert('localhost', 'ca', 'DNS:localhost,IP:127.0.0.1'), (req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString();
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {
      /* checked below */
    }
    received.push({ path: req.url, method: req.method, headers: req.headers, raw, body, at: Date.now() });
    if (req.url.startsWith('/ok/')) {
      res.writeHead(200);
      res.end('thanks');
    } else if (req.url.startsWith('/redirect/')) {
      res.writeHead(302, { location: req.url.replace('/redirect/', '/moved/') });
      res.end();
    } else if (req.url.startsWith('/busy/') && !busySeen.has(req.url)) {
      busySeen.add(req.url);
      res.writeHead(503, { 'retry-after': '1' });
      res.end();
    } else if (req.url.startsWith('/busy/')) {
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const rport = receiver.address().port;
const at = (path) => received.filter((r) => r.path === path);

// A delivery's signature checked by the verification example of PROTOCOL.md "Webhooks" itself
// (its code block, run as written): the HMAC of "<t>.<raw body>" under the secret, compared in
// constant time, t no older than 5 minutes.
const example =
  /```js\n(import \{ createHmac, timingSafeEqual \} from 'node:crypto';\n[\s\S]*?function verifyTabuleiro[\s\S]*?)```/.exec(
    readFileSync(new URL('../../../protocol/PROTOCOL.md', import.meta.url), 'utf8')
  );
if (!example) throw new Error('PROTOCOL.md has no verifyTabuleiro example');
const verifyTabuleiro = new Function(
  'createHmac',
  'timingSafeEqual',
  `${example[1].replace(/^import .*\n/, '')}\nreturn verifyTabuleiro;`
)(createHmac, timingSafeEqual);
const verified = (r, secret) => verifyTabuleiro(secret, r.headers['tabuleiro-signature'], r.raw);
const signedAt = (t) => `t=${t},v1=${createHmac('sha256', 'whsec_x').update(`${t}.{}`).digest('hex')}`;
const nowS = Math.floor(Date.now() / 1000);
check(
  verifyTabuleiro('whsec_x', signedAt(nowS - 200), '{}', nowS) &&
    !verifyTabuleiro('whsec_x', signedAt(nowS - 301), '{}', nowS),
  'the example takes a signature 200 s old and refuses one older than 5 minutes'
);

// --- a server -------------------------------------------------------------------------------
async function startServer(name, allowPrivate) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = [
    'serve',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--db',
    join(dir, `${name}.db`),
    '--log-level',
    'error',
    '--outbound-ca-file',
    join(dir, 'ca.pem'),
  ];
  if (allowPrivate) args.push('--outbound-allow-private', 'yes');
  const proc = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  servers.push(proc);
  await until(
    () =>
      fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false
      ),
    `server ${name} to start`
  );
  const { http, member } = api(base);
  // member's webhook by id as listed, once its last delivery satisfies pred.
  const lastDelivery = (m, id, pred, what) =>
    until(async () => {
      const w = (await http('GET', '/api/webhooks', undefined, m)).body.webhooks.find((x) => x.id === id);
      return w?.last_delivery && pred(w.last_delivery) && w;
    }, what);
  return { proc, base, http, member, lastDelivery, db: join(dir, `${name}.db`) };
}

const metric = async (base, name) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : -1;
};

try {
  const a = await startServer('a', true);
  const { http } = a;
  const ana = await a.member('ana', 'en');
  const bia = await a.member('bia', 'pt-BR');
  const origin = `https://localhost:${rport}`;

  // --- registration: who may, and what is refused ---
  check((await http('GET', '/api/webhooks')).status === 401, 'a guest may not list webhooks (401)');
  const noCsrf = await http('POST', '/api/webhooks', { url: `${origin}/ok/x` }, { cookie: bia.cookie });
  check(
    noCsrf.status === 403 && noCsrf.body.error?.code === 'bad_csrf',
    `a change without the CSRF token: ${noCsrf.status}`
  );
  for (const [body, code] of [
    [{ url: 'http://example.com/' }, 'bad_url'],
    [{ url: 'https://u:p@example.com/' }, 'bad_url'],
    [{ url: 'https://example.com/a b' }, 'bad_url'],
    [{ url: `https://example.com/${'a'.repeat(1100)}` }, 'bad_url'],
    [{ url: 'https://example.com/', events: [] }, 'bad_events'],
    [{ url: 'https://example.com/', events: ['turn', 'ping'] }, 'bad_events'],
    [{ url: 'https://example.com/', events: 'turn' }, 'bad_events'],
    [{}, 'bad_request'],
    [{ url: 'https://example.com/', x: 1 }, 'bad_request'],
  ]) {
    const r = await http('POST', '/api/webhooks', body, bia);
    check(
      r.status === 400 && r.body.error?.code === code,
      `${JSON.stringify(body).slice(0, 60)}: ${r.status} ${r.body.error?.code} (want 400 ${code})`
    );
  }
  const options = await fetch(`${a.base}/api/webhooks/7/test`, { method: 'OPTIONS' });
  check(
    options.status === 204 && options.headers.get('allow') === 'POST, OPTIONS',
    `OPTIONS: ${options.status} ${options.headers.get('allow')}`
  );
  const put = await http('PUT', '/api/webhooks/7', undefined, bia);
  check(put.status === 405 && put.body.error?.code === 'method_not_allowed', `PUT /api/webhooks/7: ${put.status}`);
  const foreign = await fetch(`${a.base}/api/webhooks`, {
    method: 'POST',
    headers: {
      Origin: 'https://evil.example',
      Cookie: bia.cookie,
      'X-CSRF-Token': bia.csrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ url: `${origin}/ok/x` }),
  });
  check(foreign.status === 403, `a POST from another origin: ${foreign.status}`);
  const add = async (m, url, events) => {
    const r = await http('POST', '/api/webhooks', events ? { url, events } : { url }, m);
    if (r.status !== 201) throw new Error(`webhook ${url} of ${m.name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const biaOk = await add(bia, `${origin}/ok/bia`);
  check(/^whsec_[A-Za-z0-9_-]{43}$/.test(biaOk.secret), 'the secret is shown once: whsec_ and 32 bytes in base64url');
  check(
    JSON.stringify(biaOk.webhook.events) === '["turn","challenge","result"]' &&
      biaOk.webhook.last_delivery === null &&
      biaOk.webhook.host === 'localhost',
    `a new webhook: ${JSON.stringify(biaOk.webhook)}`
  );
  const biaRedirect = await add(bia, `${origin}/redirect/bia`, ['turn']);
  const biaLimited = await add(bia, `${origin}/ok/limited`, ['started']);
  const biaBusy = await add(bia, `${origin}/busy/bia`, ['low_time']); // no low time in this test: only its test delivery
  const extra = await add(bia, `${origin}/ok/extra`, ['low_time']);
  const sixth = await http('POST', '/api/webhooks', { url: `${origin}/ok/sixth` }, bia);
  check(
    sixth.status === 409 && sixth.body.error?.code === 'too_many_webhooks',
    `a sixth webhook: ${sixth.status} ${sixth.body.error?.code}`
  );
  const listed = await http('GET', '/api/webhooks', undefined, bia);
  check(
    listed.body.webhooks.length === 5 && !listed.text.includes(biaOk.secret) && !listed.text.includes('whsec_'),
    'the list has the five webhooks and never a secret'
  );
  const anaHook = await add(ana, `https://127.0.0.1:${rport}/ok/ana`, ['result']); // an IP literal: --outbound-allow-private
  const dup = await http('POST', '/api/webhooks', { url: `https://127.0.0.1:${rport}/ok/ana` }, ana);
  check(
    dup.status === 409 && dup.body.error?.code === 'duplicate_url',
    `the same URL twice: ${dup.status} ${dup.body.error?.code}`
  );
  const notHers = await http('DELETE', `/api/webhooks/${extra.webhook.id}`, undefined, ana);
  check(
    notHers.status === 404 && notHers.body.error?.code === 'unknown_webhook',
    `ana removes bia's webhook: ${notHers.status}`
  );
  check(
    (await http('POST', `/api/webhooks/${extra.webhook.id}/test`, undefined, ana)).status === 404,
    "ana tests bia's webhook: 404"
  );
  check(
    (await http('DELETE', `/api/webhooks/${extra.webhook.id}`, undefined, bia)).status === 200,
    'bia removes her own'
  );
  check((await http('GET', '/api/webhooks', undefined, bia)).body.webhooks.length === 4, 'bia has four webhooks left');

  // --- a correspondence match: ana moves, bia hears it is her turn ---
  const made = await http('POST', '/api/matches', { game: 'taixu', seat: 1, clock: { days_per_turn: 1 } }, ana);
  check(made.status === 201, `ana's correspondence match: ${made.status}`);
  const { code, token } = made.body;
  const one = seat(a.base, ana);
  const two = seat(a.base, bia);
  await Promise.all([one.opened, two.opened]);
  one.ws.send(JSON.stringify({ type: 'join', code, as: 'player', token }));
  await one.next((m) => m.type === 'joined', 'ana joined');
  two.ws.send(JSON.stringify({ type: 'join', code, as: 'player' }));
  await two.next((m) => m.type === 'joined', 'bia joined');
  let n = 0;
  do {
    one.ws.send(JSON.stringify({ type: 'act', id: `t${++n}`, action: one.legal[0] }));
    await one.next((m) => m.type === 'ack' && m.id === `t${n}`, `ack of t${n}`);
  } while (one.toAct.includes(1) && one.legal.length);
  const [turn] = await until(() => at('/ok/bia').length >= 1 && at('/ok/bia'), 'bia\'s "turn" delivery');
  check(turn.method === 'POST' && turn.headers['content-type'] === 'application/json', 'a delivery is a JSON POST');
  check(
    verified(turn, biaOk.secret),
    'the "turn" delivery\'s signature verifies with the secret (Node crypto, timing-safe)'
  );
  check(!verified(turn, biaBusy.secret), "and not with another webhook's secret");
  check(
    turn.headers['tabuleiro-event'] === 'turn' && turn.headers['tabuleiro-delivery'] === turn.body.delivery,
    `Tabuleiro-Event ${turn.headers['tabuleiro-event']}, Tabuleiro-Delivery ${turn.headers['tabuleiro-delivery']}`
  );
  check(
    turn.body.event === 'turn' &&
      turn.body.match === code &&
      turn.body.game === 'taixu' &&
      turn.body.opponent === 'ana' &&
      turn.body.reminder === false &&
      turn.body.link === `/m/${code}` &&
      turn.body.title === 'Sua vez' &&
      turn.body.body === 'TAIXU contra ana' &&
      Math.abs(turn.body.at - Date.now()) < 60_000,
    `bia's "turn": ${turn.raw}`
  );
  const redirected = await until(() => at('/redirect/bia')[0], 'the "turn" delivery to the redirecting URL');
  check(verified(redirected, biaRedirect.secret), 'the redirecting URL got a signed delivery too');

  // --- bia resigns: both hear the result; ana chose only results ---
  two.ws.send(JSON.stringify({ type: 'resign', id: 'r1' }));
  const anaResult = await until(() => at('/ok/ana')[0], 'ana\'s "result" delivery');
  const biaResult = await until(
    () => at('/ok/bia').find((r) => r.body?.event === 'result'),
    'bia\'s "result" delivery'
  );
  check(
    verified(anaResult, anaHook.secret) &&
      anaResult.body.event === 'result' &&
      anaResult.body.outcome === 'won' &&
      anaResult.body.title === 'You won' &&
      anaResult.body.opponent === 'bia',
    `ana's "result": ${anaResult.raw}`
  );
  check(
    verified(biaResult, biaOk.secret) && biaResult.body.outcome === 'lost' && biaResult.body.title === 'Você perdeu',
    `bia's "result": ${biaResult.raw}`
  );
  check(at('/ok/ana').length === 1, 'ana, who chose results only, got nothing else');
  one.ws.close();
  two.ws.close();

  // --- ana challenges bia directly in the lobby: bia's webhook hears of it ---
  const lobby = seat(a.base, ana);
  await lobby.opened;
  lobby.ws.send(JSON.stringify({ type: 'challenge', id: 'c1', game: 'cyvasse', to: 'bia' }));
  const posted = await lobby.next((m) => m.type === 'challenge_posted', 'the challenge posted');
  const challenge = await until(
    () => at('/ok/bia').find((r) => r.body?.event === 'challenge'),
    'bia\'s "challenge" delivery'
  );
  check(
    verified(challenge, biaOk.secret) &&
      challenge.body.challenge === posted.challenge.id &&
      !('match' in challenge.body) &&
      challenge.body.game === 'cyvasse' &&
      challenge.body.opponent === 'ana' &&
      challenge.body.link === '/lobby' &&
      challenge.body.title === 'Novo desafio',
    `bia's "challenge": ${challenge.raw}`
  );
  lobby.ws.close();

  // --- events changed, and a new secret: shown once, and the old one no longer verifies ---
  const narrowed = await http(
    'POST',
    `/api/webhooks/${biaOk.webhook.id}/events`,
    { events: ['result', 'started'] },
    bia
  );
  check(
    narrowed.status === 200 && narrowed.body.webhook.events.join() === 'started,result' && !('secret' in narrowed.body),
    `events changed: ${narrowed.status} ${JSON.stringify(narrowed.body)}`
  );
  for (const [body, code] of [
    [{ events: [] }, 'bad_events'],
    [{}, 'bad_events'],
    [{ events: ['turn'], url: 'https://x.example/' }, 'bad_request'],
  ]) {
    const r = await http('POST', `/api/webhooks/${biaOk.webhook.id}/events`, body, bia);
    check(
      r.status === 400 && r.body.error?.code === code,
      `events ${JSON.stringify(body)}: ${r.status} ${r.body.error?.code}`
    );
  }
  check(
    (await http('POST', `/api/webhooks/${biaOk.webhook.id}/events`, { events: ['turn'] }, ana)).status === 404,
    "ana changes bia's: 404"
  );
  check(
    (await http('POST', `/api/webhooks/${biaOk.webhook.id}/secret`, undefined, ana)).status === 404,
    "ana renews bia's secret: 404"
  );
  const renewed = await http('POST', `/api/webhooks/${biaOk.webhook.id}/secret`, undefined, bia);
  check(
    renewed.status === 200 &&
      /^whsec_[A-Za-z0-9_-]{43}$/.test(renewed.body.secret) &&
      renewed.body.secret !== biaOk.secret &&
      renewed.body.webhook.events.join() === 'started,result',
    `a new secret: ${renewed.status}`
  );
  const before = at('/ok/bia').length;
  check(
    (await http('POST', `/api/webhooks/${biaOk.webhook.id}/test`, undefined, bia)).status === 202,
    'a test after the new secret'
  );
  const renewedPing = await until(() => at('/ok/bia')[before], 'the test signed with the new secret');
  check(
    verified(renewedPing, renewed.body.secret) && !verified(renewedPing, biaOk.secret),
    'it verifies with the new secret only'
  );

  // --- a redirect is not followed; its status is the webhook's last ---
  const w = await a.lastDelivery(bia, biaRedirect.webhook.id, (d) => d.status === 302, 'the redirect recorded');
  check(
    !w.last_delivery.ok && /redirect/.test(w.last_delivery.error),
    `the redirect's last delivery: ${JSON.stringify(w.last_delivery)}`
  );
  const ping = await http('POST', `/api/webhooks/${biaRedirect.webhook.id}/test`, undefined, bia);
  check(ping.status === 202, `a test delivery is accepted: ${ping.status}`);
  await until(() => at('/redirect/bia').length === 2, 'the test delivery to the redirecting URL');
  check(
    at('/redirect/bia')[1].body.event === 'ping' && verified(at('/redirect/bia')[1], biaRedirect.secret),
    'the test delivery is a signed ping'
  );
  check(
    received.every((r) => !r.path.startsWith('/moved/')),
    "the redirect's target was never requested"
  );
  check((await metric(a.base, 'tabuleiro_webhook_failed_total')) >= 2, 'the redirects count as failed in /metrics');

  // --- 503 with Retry-After: tried again, the same delivery, signed again ---
  check(
    (await http('POST', `/api/webhooks/${biaBusy.webhook.id}/test`, undefined, bia)).status === 202,
    'a test of the busy URL'
  );
  const busy = await until(() => at('/busy/bia').length >= 2 && at('/busy/bia'), 'the retried delivery');
  check(
    busy[1].at - busy[0].at >= 1000 &&
      busy[1].body.delivery === busy[0].body.delivery &&
      verified(busy[1], biaBusy.secret),
    `503 with Retry-After: 1 is tried again ${busy[1].at - busy[0].at} ms later, the same delivery, signed`
  );
  await a.lastDelivery(
    bia,
    biaBusy.webhook.id,
    (d) => d.status === 204 && d.ok && d.error === '',
    "the retry's success recorded"
  );

  // --- one URL takes 30 deliveries a minute ---
  for (let i = 0; i < 35; ++i)
    if ((await http('POST', `/api/webhooks/${biaLimited.webhook.id}/test`, undefined, bia)).status !== 202)
      throw new Error('a test delivery refused');
  await until(async () => (await metric(a.base, 'tabuleiro_webhook_dropped_total')) >= 5, 'five deliveries dropped');
  await until(() => at('/ok/limited').length >= 30, 'thirty deliveries to the limited URL');
  await until(async () => (await metric(a.base, 'tabuleiro_webhook_sent_total')) >= 30 + 4, 'their answers');
  check(
    at('/ok/limited').length === 30,
    `35 test deliveries within a minute: ${at('/ok/limited').length} reached the URL`
  );
  check(
    (await http('POST', `/api/webhooks/${biaLimited.webhook.id}/test`, undefined, bia)).status === 202,
    'one more test'
  );
  const limited = await a.lastDelivery(
    bia,
    biaLimited.webhook.id,
    (d) => /rate limited/.test(d.error),
    'the limit recorded as the last error'
  );
  check(
    limited.last_delivery.status === 0 && at('/ok/limited').length === 30,
    `over the limit: ${limited.last_delivery.error}`
  );

  // --- an administrator: their own webhooks like anyone's, and every member's listed ---
  execFileSync(binary, ['admin', 'create-user', 'root', '--admin', '--db', a.db], {
    encoding: 'utf8',
    input: 'root password 1\n',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const signin = await http('POST', '/api/account/signin', { username: 'root', password: 'root password 1' });
  check(signin.status === 200, `the administrator signs in: ${signin.status}`);
  const root = {
    name: 'root',
    cookie: signin.cookie,
    csrf: (await http('GET', '/api/account', undefined, { cookie: signin.cookie })).body.csrf,
  };
  const rootHook = await add(root, `${origin}/ok/root`, ['challenge']);
  check(rootHook.webhook.events.join() === 'challenge', 'an administrator registers a webhook of their own');
  const notAdmin = await http('GET', '/api/admin/webhooks', undefined, bia);
  check(
    notAdmin.status === 403 && notAdmin.body.error?.code === 'not_admin',
    `a member may not list everyone's webhooks: ${notAdmin.status}`
  );
  const all = await http('GET', '/api/admin/webhooks', undefined, root);
  const owners = all.body.webhooks?.map((w) => w.owner.username) ?? [];
  check(
    all.status === 200 &&
      owners[0] === 'root' &&
      owners.filter((o) => o === 'bia').length === 4 &&
      owners.includes('ana'),
    `the administrator lists every member's webhooks, newest first: ${owners.join(',')}`
  );
  check(
    !all.text.includes('whsec_') &&
      !all.text.includes('/ok/') &&
      !all.text.includes('"url"') &&
      all.body.webhooks.every((w) => w.host === 'localhost' || w.host === '127.0.0.1'),
    "by host: never a URL's path or a secret"
  );
  const listedBusy = all.body.webhooks.find((w) => w.id === biaBusy.webhook.id);
  check(
    listedBusy?.last_delivery?.status === 204,
    `with the last delivery: ${JSON.stringify(listedBusy?.last_delivery)}`
  );
  const removed = await http('POST', `/api/admin/webhooks/${biaBusy.webhook.id}/remove`, {}, root);
  check(removed.status === 200, `the administrator removes one of bia's: ${removed.status}`);
  check(
    !(await http('GET', '/api/webhooks', undefined, bia)).body.webhooks.some((w) => w.id === biaBusy.webhook.id),
    'bia no longer has it'
  );
  check(
    (await http('POST', `/api/admin/webhooks/${biaBusy.webhook.id}/remove`, {}, root)).status === 404,
    'removing it again: 404'
  );
  const audit = await http('GET', '/api/admin/audit', undefined, root);
  const entry = audit.body.entries?.find((e) => e.action === 'remove_webhook');
  check(
    entry?.detail === `webhook ${biaBusy.webhook.id} to localhost` && /^user \d+$/.test(entry?.target ?? ''),
    `the audit log: ${JSON.stringify(entry)}`
  );

  // --- a server without --outbound-allow-private ---
  const b = await startServer('b', false);
  const cara = await b.member('cara', 'en');
  for (const url of [
    `https://127.0.0.1:${rport}/ok/cara`,
    'https://10.0.0.1/',
    'https://[::1]/',
    'https://169.254.169.254/latest/meta-data',
  ]) {
    const r = await b.http('POST', '/api/webhooks', { url }, cara);
    check(
      r.status === 400 && r.body.error?.code === 'internal_url',
      `${url} is refused: ${r.status} ${r.body.error?.code}`
    );
  }
  const named = await b.http('POST', '/api/webhooks', { url: `https://localhost:${rport}/ok/cara` }, cara);
  check(named.status === 201, `a host name registers (checked when delivered): ${named.status}`);
  check(
    (await b.http('POST', `/api/webhooks/${named.body.webhook.id}/test`, undefined, cara)).status === 202,
    'its test is accepted'
  );
  const refused = await b.lastDelivery(cara, named.body.webhook.id, () => true, 'the refused delivery recorded');
  check(
    refused.last_delivery.status === 0 &&
      /internal address/.test(refused.last_delivery.error) &&
      !/tried again/.test(refused.last_delivery.error),
    `the delivery is refused, and not tried again: ${JSON.stringify(refused.last_delivery)}`
  );
  check(at('/ok/cara').length === 0, 'the receiver was never hit from the second server');
} catch (e) {
  check(false, e.message);
}

for (const s of servers) {
  s.kill('SIGTERM');
  await new Promise((r) => (s.exitCode !== null ? r() : s.once('exit', r)));
  check(s.exitCode === 0, `a server stops with status 0 on SIGTERM (${s.exitCode})`);
}
servers.length = 0;
receiver.closeAllConnections?.();
receiver.close();
clearTimeout(watchdog);
process.exit(failures.length ? 1 : 0);
