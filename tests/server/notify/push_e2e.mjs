// Web Push end to end on loopback: a real `tabuleiro serve` told to trust a test CA
// (--outbound-ca-file) and to reach loopback (--outbound-allow-private yes), two members
// signed up over HTTP and seated over WebSocket in a correspondence match, and a fake push
// service (node:https with a certificate of that CA) whose endpoints answer by path:
//   /ok/…    201;   /gone/…  410;   /busy/…  429 with Retry-After: 1 the first time, then 201;
//   /hang/…  never answers (a push service that is down but accepts connections).
// Checked with Node's crypto (push_tools.mjs): each message's VAPID token (signed by the key of
// GET /api/push/key, for the endpoint's origin, expiring within 24 hours, naming the server's
// contact) and its body, decrypted with the subscribing browser's own key pair to the member's
// notice in their language: "match started" to the member who waited, "your turn" after each
// move. 410 deletes the subscription; 429 is tried again after its Retry-After; a push service
// that hangs or refuses connections never delays a move's acknowledgement (its p99 printed).
//   node --experimental-websocket tests/server/notify/push_e2e.mjs PATH/TO/tabuleiro
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decryptPush, readVapid, testCa } from './push_tools.mjs';
import { api, freePort, seat, until } from './e2e_tools.mjs';

const binary = resolve(process.argv[2]);
const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-push-e2e-'));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
let server = null;
const watchdog = setTimeout(() => {
  console.error('push_e2e: overall timeout (120 s)');
  server?.kill('SIGKILL');
  process.exit(1);
}, 120_000);
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// --- the fake push service --------------------------------------------------------------
const { ca, cert } = testCa(dir);
ca('ca');
const received = []; // {path, headers, body, at}
const busySeen = new Set();
const push = createServer(cert('localhost', 'ca', 'DNS:localhost,IP:127.0.0.1'), (req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    const path = req.url;
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
    if (path.startsWith('/ok/')) {
      res.writeHead(201);
      res.end();
    } else if (path.startsWith('/gone/')) {
      res.writeHead(410);
      res.end();
    } else if (path.startsWith('/busy/') && !busySeen.has(path)) {
      busySeen.add(path);
      res.writeHead(429, { 'retry-after': '1' });
      res.end();
    } else if (path.startsWith('/busy/')) {
      res.writeHead(201);
      res.end();
    } else if (path.startsWith('/hang/')) {
      /* never answers */
    } else {
      res.writeHead(404);
      res.end();
    }
  });
});
await new Promise((r) => push.listen(0, '127.0.0.1', r));
const pushOrigin = `https://localhost:${push.address().port}`;
const closedPort = await freePort(); // nothing listens there: connections are refused

// --- the server -------------------------------------------------------------------------
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
server = spawn(
  binary,
  [
    'serve',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--db',
    join(dir, 't.db'),
    '--log-level',
    'error',
    '--outbound-ca-file',
    join(dir, 'ca.pem'),
    '--outbound-allow-private',
    'yes',
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] }
);
await until(
  () =>
    fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false
    ),
  'the server to start'
);
const { http, member } = api(base);

// Subscribes member's browser at endpoint path (a fresh key pair and auth secret); the keys.
async function subscribe(m, endpoint) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const r = await http(
    'POST',
    '/api/push/subscriptions',
    {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      label: 'test browser',
    },
    m
  );
  if (r.status !== 201) throw new Error(`subscription of ${m.name}: ${r.status} ${JSON.stringify(r.body)}`);
  return { ecdh, auth };
}

// The push messages received at path so far, each checked and decrypted with keys.
const messagesAt = (path) => received.filter((r) => r.path === path);
const {
  body: { public_key: vapidPublic },
} = await http('GET', '/api/push/key');
function readMessage(r, keys, what) {
  const auth = /^vapid t=([^,]+), k=(.+)$/.exec(r.headers.authorization ?? '');
  check(!!auth && auth[2] === vapidPublic, `${what}: Authorization names a VAPID token and the server's key`);
  if (auth) {
    const t = readVapid(auth[1], vapidPublic);
    const left = t.claims.exp - Date.now() / 1000;
    check(t.header.alg === 'ES256' && t.verifies(), `${what}: the token verifies (ES256, Node crypto)`);
    check(
      t.claims.aud === pushOrigin && left > 3600 && left <= 24 * 3600 && t.claims.sub === 'mailto:admin@localhost',
      `${what}: the token's claims ${JSON.stringify(t.claims)}`
    );
  }
  check(
    r.headers['content-encoding'] === 'aes128gcm' &&
      Number(r.headers.ttl) > 0 &&
      ['normal', 'high'].includes(r.headers.urgency),
    `${what}: Content-Encoding ${r.headers['content-encoding']}, TTL ${r.headers.ttl}, Urgency ${r.headers.urgency}`
  );
  const plain = decryptPush(r.body, keys.ecdh, keys.auth);
  return JSON.parse(plain.text);
}

try {
  const ana = await member('ana', 'en');
  const bia = await member('bia', 'pt-BR');
  const anaKeys = await subscribe(ana, `${pushOrigin}/busy/ana`);
  const biaKeys = await subscribe(bia, `${pushOrigin}/ok/bia`);

  // A correspondence match: ana creates it and sits; bia takes the second seat.
  const made = await http('POST', '/api/matches', { game: 'taixu', seat: 1, clock: { days_per_turn: 1 } }, ana);
  check(made.status === 201, `ana's correspondence match: ${made.status}`);
  const { code, token } = made.body;
  const one = seat(base, ana);
  const two = seat(base, bia);
  await Promise.all([one.opened, two.opened]);
  one.ws.send(JSON.stringify({ type: 'join', code, as: 'player', token }));
  await one.next((m) => m.type === 'joined', 'ana joined');
  two.ws.send(JSON.stringify({ type: 'join', code, as: 'player' }));
  const joined = await two.next((m) => m.type === 'joined', 'bia joined');
  check(joined.seat === 2, `bia sits in seat ${joined.seat}`);

  // ana waited: she hears the match started, through a push service that first says 429.
  const busy = await until(
    () => messagesAt('/busy/ana').length >= 2 && messagesAt('/busy/ana'),
    'the retried "started" message'
  );
  check(busy[1].at - busy[0].at >= 1000, `429 with Retry-After: 1 is tried again ${busy[1].at - busy[0].at} ms later`);
  const started = readMessage(busy[1], anaKeys, '"started" to ana');
  check(
    started.kind === 'started' &&
      started.title === 'Your match has started' &&
      started.body === 'TAIXU against bia' &&
      started.url === `/m/${code}`,
    `ana's notice: ${JSON.stringify(started)}`
  );

  // ana moves: bia hears it is her turn, in Portuguese.
  let version = one.version;
  const act = async (s, id) => {
    const sent = Date.now();
    s.ws.send(JSON.stringify({ type: 'act', id, action: s.legal[0] }));
    const ack = await s.next((m) => m.type === 'ack' && m.id === id, `ack of ${id}`);
    version = ack.version;
    await Promise.all([one, two].map((p) => until(() => p.version >= version, `patch ${version}`)));
    return Date.now() - sent;
  };
  // A whole turn of the seat s holds (seatNo): its actions until the other seat is to act.
  let n = 0;
  const playTurn = async (s, seatNo) => {
    do await act(s, `t${++n}`);
    while (s.toAct.includes(seatNo) && s.legal.length);
  };
  await playTurn(one, 1);
  const turn = readMessage(
    await until(() => messagesAt('/ok/bia')[0], 'bia\'s "turn" message'),
    biaKeys,
    '"turn" to bia'
  );
  check(
    turn.kind === 'turn' &&
      turn.title === 'Sua vez' &&
      turn.body === 'TAIXU contra ana' &&
      turn.url === `/m/${code}` &&
      turn.tag === code,
    `bia's notice: ${JSON.stringify(turn)}`
  );

  // A subscription whose push service says 410 is deleted.
  await subscribe(bia, `${pushOrigin}/gone/bia`);
  check((await http('GET', '/api/push', undefined, bia)).body.subscriptions.length === 2, 'bia has two subscriptions');
  await playTurn(two, 2);
  await playTurn(one, 1);
  await until(() => messagesAt('/gone/bia').length === 1, 'the message to the gone endpoint');
  const left = await until(async () => {
    const subs = (await http('GET', '/api/push', undefined, bia)).body.subscriptions;
    return subs.length === 1 && subs;
  }, 'the gone subscription to be deleted');
  check(left.length === 1, 'after 410 the subscription is deleted; the other stays');
  check(messagesAt('/ok/bia').length === 2, "bia's other browser got her second turn");

  // Push services that hang or refuse connections: every move still acknowledged at once.
  await subscribe(bia, `${pushOrigin}/hang/bia`);
  await subscribe(ana, `https://localhost:${closedPort}/down/ana`);
  const times = [];
  for (let i = 0; i < 30 && one.toAct.length; ++i) {
    const mover = one.legal.length ? one : two;
    if (!mover.legal.length) break;
    times.push(await act(mover, `m${i}`));
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
  console.log(
    `act -> ack with push services down: ${times.length} moves, p50 ${times[Math.floor(times.length / 2)]} ms, p99 ${p99} ms`
  );
  check(times.length >= 10, `${times.length} moves played beside the push services that are down`);
  check(
    p99 < 500,
    `acknowledgements are not held by push deliveries (p99 ${p99} ms; a held one would wait the 10 s timeout)`
  );
  check(messagesAt('/hang/bia').length >= 1, 'the hanging push service was reached');
  one.ws.close();
  two.ws.close();
} catch (e) {
  check(false, e.message);
}

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
check(server.exitCode === 0, `the server stops with status 0 on SIGTERM (${server.exitCode})`);
server = null;
push.closeAllConnections?.();
push.close();
clearTimeout(watchdog);
process.exit(failures.length ? 1 : 0);
