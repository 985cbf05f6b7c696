// What the notification end-to-end tests (push_e2e.mjs, webhook_e2e.mjs) share: bounded waits,
// a free loopback port, a server's HTTP API as a member's browser calls it, members signed up,
// and a member's WebSocket seat.
import { createServer as createTcpServer } from 'node:net';

export const STEP_MS = 15_000;

// Waits (bounded) until ready() is truthy; its value.
export async function until(ready, what, ms = STEP_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await ready();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// A loopback port nothing listens on (now).
export const freePort = () =>
  new Promise((res, rej) => {
    const s = createTcpServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

// The HTTP API of the server at base: http(method, path, body?, member?) sends a request as a
// browser of the member (their cookie and CSRF token) sends it; {status, body (parsed when
// JSON), text, cookie}. member(username, language) signs one up: {name, cookie, csrf}.
export function api(base) {
  const http = async (method, path, body, member = {}) => {
    const headers = {
      Origin: base,
      ...(member.cookie ? { Cookie: member.cookie } : {}),
      ...(member.csrf ? { 'X-CSRF-Token': member.csrf } : {}),
    };
    if (method === 'POST') body ??= {}; // every POST's body is JSON, {} when it carries nothing
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(STEP_MS),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, text, cookie: (res.headers.get('set-cookie') || '').split(';')[0] };
  };
  const member = async (username, language) => {
    const made = await http('POST', '/api/account/signup', { username, password: `${username} password 1`, language });
    if (made.status !== 201) throw new Error(`sign-up of ${username}: ${made.status} ${JSON.stringify(made.body)}`);
    const me = await http('GET', '/api/account', undefined, { cookie: made.cookie });
    return { name: username, cookie: made.cookie, csrf: me.body.csrf };
  };
  return { http, member };
}

// A WebSocket seat of member m on the server at base: its messages queued, next(pred, what)
// waits (bounded) for one; legal, toAct and version follow what the server sent.
export function seat(base, m) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { Cookie: m.cookie, Origin: base } });
  const queue = [];
  let wake = null;
  const s = { ws, legal: [], version: 0, toAct: [] };
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (Array.isArray(msg.legal)) s.legal = msg.legal;
    if (Array.isArray(msg.to_act)) s.toAct = msg.to_act;
    if (typeof msg.version === 'number' && ['joined', 'patch'].includes(msg.type)) s.version = msg.version;
    queue.push(msg);
    wake?.();
  };
  s.opened = new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = () => j(new Error(`${m.name}: socket error`));
  });
  s.next = async (pred, what) => {
    const deadline = Date.now() + STEP_MS;
    for (;;) {
      while (queue.length) {
        const msg = queue.shift();
        if (pred(msg)) return msg;
        if (['error', 'reject'].includes(msg.type))
          throw new Error(`${m.name}: waiting for ${what}, got ${JSON.stringify(msg)}`);
      }
      if (Date.now() > deadline) throw new Error(`${m.name}: timed out waiting for ${what}`);
      await new Promise((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
  return s;
}
