// The web client on a cluster: deploy/cluster/local.sh starts PostgreSQL, three nodes and
// nginx on loopback; in Chromium, A creates a TAIXU match and B takes its other seat through
// nginx; they play; the node serving the match is killed with kill -9; the pages reconnect by
// themselves (the match moves to another node, which closes the stray connections with 4001
// until its lease is theirs) and play goes on with the same board on both pages.
//   node tests/web/cluster.mjs build/tabuleiro build/pg_test_cluster
// Prints "N passed, N failed"; exit code 1 on any failure.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { steps, check, newPage, launchBrowser, waitVersion, screenshots, reportFailures } from './steps.mjs';
import { POSITION } from './scenario.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'test-output', 'web-cluster');
const TOTAL_TIMEOUT_MS = 150_000;
// Seconds a moved match may take to be playable again: the dead node's lease (3 s), the
// client's quick retries, and a busy machine.
const MOVE_TIMEOUT_MS = 15_000;

// True when port is free on 127.0.0.1.
const isFree = (port) =>
  new Promise((res) => {
    const s = net.createServer();
    s.once('error', () => res(false));
    s.listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
// A base port whose next three are free too (the proxy, then nodes 1-3).
async function freeBase() {
  for (let i = 0; i < 50; ++i) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    const all = await Promise.all([0, 1, 2, 3].map((k) => isFree(base + k)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no four free consecutive ports');
}

// A node log's line for a file of the web client (left out of a failure's log tails).
const STATIC_GET = /http GET \/(js|css|vendor|icons|engine|favicon|sw|precache|manifest)/;

async function main() {
  const [binary = 'build/tabuleiro', pgTool = 'build/pg_test_cluster'] = process.argv.slice(2);
  const parent = mkdtempSync(join(tmpdir(), 'tabuleiro-web-cluster-'));
  chmodSync(parent, 0o755); // as root, PostgreSQL runs as the postgres user, which must reach its data
  const dir = join(parent, 'cluster');
  const port = await freeBase();
  const env = {
    ...process.env,
    TABULEIRO_CLUSTER_DIR: dir,
    TABULEIRO_CLUSTER_PORT: String(port),
    TABULEIRO_BIN: resolve(binary),
    TABULEIRO_PG_TOOL: resolve(pgTool),
  };
  const local = (...args) =>
    execFileSync('bash', [join(ROOT, 'deploy/cluster/local.sh'), ...args], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 60_000,
    });
  const watchdog = setTimeout(() => {
    console.error(`cluster browser test: timed out after ${TOTAL_TIMEOUT_MS} ms`);
    try {
      local('stop');
    } catch {
      /* exiting anyway */
    }
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  rmSync(OUT, { recursive: true, force: true });
  const snap = screenshots(OUT);
  const { results, step } = steps({ prefix: 'cluster: ' });
  let browser = null;
  try {
    console.log(local('start').trim());
    const url = `http://127.0.0.1:${port}`;
    browser = await launchBrowser();
    const A = await newPage(browser, { viewport: { width: 1200, height: 900 } });
    const B = await newPage(browser, { viewport: { width: 1200, height: 900 } });
    const click = (page, sq) => page.click(`.sq[data-sq="${sq}"]`);
    let code = '';
    // The node holding code's lease now ("node2"), from local.sh status.
    const holder = () =>
      (
        local('status')
          .split('\n')
          .find((l) => l.startsWith(`${code} `) && l.endsWith(' held')) || ''
      ).split(' ')[1] || '';

    await step('A creates a match through nginx and B takes the other seat', async () => {
      await A.goto(url);
      await A.click('.advanced summary');
      await A.fill('#opt-position', JSON.stringify(POSITION));
      await A.click('#create-btn');
      await A.waitForSelector('#share-code');
      code = (await A.textContent('#share-code')).trim();
      await A.goto(`${url}/m/${code}`); // the match page alone (the creator's seat is stored)
      await B.goto(`${url}/m/${code}`);
      await B.click('#join-player');
      await B.waitForFunction(() => document.querySelector('#role')?.textContent.includes('Player 2'));
      await Promise.all([A, B].map((p) => waitVersion(p, 0)));
      check(/^node[123]$/.test(holder()), `one node holds the match: ${holder()}`);
    });

    await step('A captures d5; both pages show it', async () => {
      await click(A, 'd7');
      await click(A, 'd5');
      await Promise.all([A, B].map((p) => waitVersion(p, 1)));
      await snap(A, '01-before-kill');
    });

    let victim = '';
    await step('the node serving the match is killed; the pages reconnect to another node by themselves', async () => {
      victim = holder();
      const joins = (p) => p.evaluate(() => Number(document.querySelector('#conn-status')?.dataset.joins || 0));
      const before = await Promise.all([A, B].map(joins));
      console.log(local('kill', victim.slice(4)).trim());
      // Each page joins again (routed by nginx to another node) and says it is connected.
      await Promise.all(
        [A, B].map((p, i) =>
          p.waitForFunction(
            (n) => {
              const s = document.querySelector('#conn-status');
              return s?.dataset.state === 'open' && Number(s.dataset.joins) > n;
            },
            before[i],
            { timeout: MOVE_TIMEOUT_MS }
          )
        )
      );
      check(holder() !== victim, `the killed node holds the match no more: ${holder()}`);
    });

    await step('A plays on: f7 onto the Energy Zone explodes on both pages, served by another node', async () => {
      await A.waitForSelector('.sq[data-sq="f7"]');
      const moved = Date.now();
      for (;;) {
        // the first click may land while the page is still reconnecting
        await click(A, 'f7');
        await click(A, 'f6');
        try {
          await Promise.all([A, B].map((p) => waitVersion(p, 2)));
          break;
        } catch (e) {
          if (Date.now() - moved > MOVE_TIMEOUT_MS) throw e;
        }
      }
      const now = holder();
      check(now !== '' && now !== victim, `another node holds the match now: ${now} (killed ${victim})`);
      // Every square's piece, in square order (B's board is drawn from the other side).
      const boards = await Promise.all(
        [A, B].map((p) =>
          p.evaluate(() =>
            [...document.querySelectorAll('.board .sq')]
              .map((c) => `${c.dataset.sq}=${c.dataset.piece || ''}`)
              .sort()
              .join(',')
          )
        )
      );
      check(boards[0] === boards[1], 'both pages draw the same board');
      await snap(B, '02-after-kill');
    });
  } finally {
    if (results.some((r) => !r.ok)) {
      // what the nodes and nginx said, for the failure
      for (const f of ['node1.log', 'node2.log', 'node3.log', 'nginx-error.log']) {
        const path = join(dir, f);
        if (existsSync(path))
          console.log(
            `--- ${f} (end)\n${readFileSync(path, 'utf8')
              .split('\n')
              .filter((l) => !STATIC_GET.test(l))
              .slice(-80)
              .join('\n')}`
          );
      }
    }
    await browser?.close().catch(() => {});
    try {
      local('stop');
    } catch (e) {
      console.error(`stopping the cluster: ${e.message}`);
    }
    rmSync(parent, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
  const failed = results.filter((r) => !r.ok).length;
  reportFailures(results);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
