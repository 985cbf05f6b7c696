// Checks notify::outbound_client (through tests/server/notify/outbound_probe) against HTTPS servers on
// loopback with certificates of a test CA made here by the openssl command: an answer comes
// back with its status, Retry-After and body; a redirect is not followed; an internal address
// is refused unless allowed; a certificate of an unknown CA or for another host is refused;
// a server that does not answer ends at the timeout; a body over the limit is an error.
//   node tests/server/notify/outbound_check.mjs PATH/TO/outbound_probe
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCa } from './push_tools.mjs';

const probe = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-outbound-'));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// A CA, and certificates it signs (san: the names they are for); a second, self-signed CA.
const { ca, cert } = testCa(dir);
ca('ca');
ca('other');
const good = cert('localhost', 'ca', 'DNS:localhost,IP:127.0.0.1');
const wrongHost = cert('elsewhere', 'ca', 'DNS:elsewhere.example');
const unknownCa = cert('unknown', 'other', 'DNS:localhost,IP:127.0.0.1');
const caFile = join(dir, 'ca.pem');

// A server answering by path; seen: the requests it got.
const seen = [];
function serve(tls) {
  const server = createServer(tls, (req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      seen.push({ path: req.url, method: req.method, headers: req.headers, body });
      const path = req.url.split('?')[0];
      if (path === '/ok') {
        res.writeHead(201, { 'content-type': 'text/plain' });
        res.end('created');
      } else if (path === '/gone') {
        res.writeHead(410);
        res.end();
      } else if (path === '/busy') {
        res.writeHead(429, { 'retry-after': '7' });
        res.end();
      } else if (path === '/redirect') {
        res.writeHead(301, { location: `https://localhost:${server.address().port}/ok` });
        res.end();
      } else if (path === '/big') {
        res.writeHead(200);
        res.end('x'.repeat(100 * 1024));
      } else if (path === '/slow') {
        /* never answers */
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const servers = await Promise.all([serve(good), serve(wrongHost), serve(unknownCa)]);
const [port, wrongPort, unknownPort] = servers.map((s) => s.address().port);

// Runs the probe; its JSON answer.
const run = (...args) =>
  new Promise((resolve) => {
    execFile(probe, args, { timeout: 30_000 }, (err, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        resolve({ status: -1, error: `probe failed: ${err?.message} ${stderr}` });
      }
    });
  });
const allowed = ['--ca', caFile, '--allow-private'];

let a = await run(
  `https://localhost:${port}/ok?x=1`,
  ...allowed,
  '--header',
  'TTL:60',
  '--header',
  'Content-Encoding:aes128gcm',
  '--body',
  'hello'
);
const got = seen.find((r) => r.path === '/ok?x=1');
check(a.status === 201 && a.body === 'created' && !a.error, `an answer: ${JSON.stringify(a)}`);
check(
  got &&
    got.method === 'POST' &&
    got.body === 'hello' &&
    got.headers.ttl === '60' &&
    got.headers['content-encoding'] === 'aes128gcm' &&
    got.headers.host === `localhost:${port}` &&
    got.headers['content-length'] === '5',
  `the request as sent: ${JSON.stringify(got)}`
);

a = await run(`https://localhost:${port}/gone`, ...allowed);
check(a.status === 410, `410 comes back: ${JSON.stringify(a)}`);
a = await run(`https://localhost:${port}/busy`, ...allowed);
check(a.status === 429 && a.retry_after === '7', `429 with its Retry-After: ${JSON.stringify(a)}`);

const before = seen.length;
a = await run(`https://localhost:${port}/redirect`, ...allowed);
check(
  a.status === 301 && seen.length === before + 1,
  `a redirect is an answer, not followed: ${JSON.stringify(a)}, ${seen.length - before} request(s)`
);

const quiet = seen.length;
a = await run(`https://localhost:${port}/ok`, '--ca', caFile);
check(
  a.status === 0 && /internal address/.test(a.error) && seen.length === quiet,
  `loopback refused unless allowed: ${JSON.stringify(a)}`
);
a = await run(`https://127.0.0.1:${port}/ok`, '--ca', caFile);
check(a.status === 0 && /internal address/.test(a.error), `an address literal too: ${JSON.stringify(a)}`);

a = await run(`https://localhost:${port}/ok`, '--allow-private');
check(a.status === 0 && /TLS/.test(a.error), `the system's CAs do not know the test CA: ${JSON.stringify(a)}`);
a = await run(`https://localhost:${unknownPort}/ok`, ...allowed);
check(a.status === 0 && /TLS/.test(a.error), `a certificate of another CA is refused: ${JSON.stringify(a)}`);
a = await run(`https://localhost:${wrongPort}/ok`, ...allowed);
check(a.status === 0 && /TLS/.test(a.error), `a certificate for another host is refused: ${JSON.stringify(a)}`);

a = await run(`https://localhost:${port}/slow`, ...allowed, '--timeout-ms', '1000');
check(
  a.status === 0 && a.ms >= 900 && a.ms < 5000,
  `a server that does not answer ends at the timeout: ${JSON.stringify(a)}`
);
a = await run(`https://localhost:${port}/big`, ...allowed);
check(
  a.status === 0 && a.error,
  `an answer over 64 KiB is an error: ${JSON.stringify({ ...a, body: a.body?.length })}`
);
a = await run(`http://localhost:${port}/ok`, ...allowed);
check(a.status === 0 && /not an https URL/.test(a.error), `http is refused: ${JSON.stringify(a)}`);

for (const s of servers) s.close();
for (const s of servers) s.closeAllConnections?.();
rmSync(dir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
