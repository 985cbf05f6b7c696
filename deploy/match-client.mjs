// A bounded HTTP and WebSocket client of a Tabuleiro server for the deploy tests
// (deploy/image-client.mjs, deploy/club-client.mjs); follows protocol/PROTOCOL.md. Every wait
// has a deadline.
import WebSocket from 'ws';

export const STEP_TIMEOUT_MS = 10_000;

// A failure with a message for the log.
export function fail(message) {
  throw new Error(message);
}

// fetch with a deadline and extra headers; returns { status, body, cookie } with body parsed
// as JSON when it is JSON and cookie the name=value of a Set-Cookie answered ('' if none).
export async function http(method, url, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* plain text, e.g. /healthz */
  }
  return { status: res.status, body: parsed, cookie: (res.headers.get('set-cookie') || '').split(';')[0] };
}

// One WebSocket connection that queues incoming messages and waits for them with a deadline;
// headers go with its upgrade (a session cookie and the Origin of a signed-in browser).
export class client {
  constructor(url, name, headers = {}) {
    this.name = name;
    this.queue = [];
    this.waiters = [];
    this.legal = [];
    this.version = -1;
    this.ws = new WebSocket(url, { handshakeTimeout: STEP_TIMEOUT_MS, headers });
    this.ws.on('message', (data, binary) => {
      if (binary) return this.push({ type: '<binary frame>' });
      this.push(JSON.parse(data.toString()));
    });
    this.ws.on('close', (code) => this.push({ type: '<closed>', code }));
    this.ws.on('error', (e) => this.push({ type: '<error>', message: e.message }));
  }

  // Resolves once the socket is open.
  open() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: open timed out`)), STEP_TIMEOUT_MS);
      this.ws.once('open', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.once('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`${this.name}: ${e.message}`));
      });
    });
  }

  send(msg) {
    this.ws.send(JSON.stringify(msg));
  }

  push(msg) {
    if (Array.isArray(msg.legal)) this.legal = msg.legal;
    if (['joined', 'patch', 'snapshot'].includes(msg.type)) this.version = msg.version;
    this.queue.push(msg);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  // The next queued message for which pred is true (earlier ones are dropped); errors,
  // rejects and closes fail at once.
  async next(pred, what) {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      while (this.queue.length) {
        const msg = this.queue.shift();
        if (pred(msg)) return msg;
        if (['error', 'reject', '<error>', '<closed>', '<binary frame>'].includes(msg.type))
          fail(`${this.name}: waiting for ${what}, got ${JSON.stringify(msg)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) fail(`${this.name}: timed out waiting for ${what}`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  // Sends a join and returns the `joined` answer.
  async join(code, as, token) {
    await this.open();
    this.send({ type: 'join', code, as, ...(token ? { token } : {}) });
    return this.next((m) => m.type === 'joined', 'joined');
  }

  // Plays its first legal action; returns the acknowledged version.
  async play_first_legal(id) {
    const action = this.legal[0];
    this.send({ type: 'act', id, action });
    const ack = await this.next((m) => m.type === 'ack' && m.id === id, `ack of ${id}`);
    console.log(`${this.name}: ${JSON.stringify(action)} -> version ${ack.version}`);
    return ack.version;
  }

  // Closes with 1000 and waits (bounded) for the server's close frame.
  close() {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      const timer = setTimeout(resolve, 2000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close(1000);
    });
  }
}

// The client whose seat holds legal actions now (after every patch of `version` arrived).
export async function seat_to_move(players, version) {
  for (const p of players)
    if (p.version < version) await p.next(() => p.version >= version, `patch to version ${version}`);
  const mover = players.find((p) => p.legal.length > 0);
  if (!mover) fail(`no seat holds a legal action at version ${version}`);
  return mover;
}
