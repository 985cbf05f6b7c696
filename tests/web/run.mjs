// Browser tests of the web client against a real `tabuleiro serve` on loopback, driven by
// Debian's chromium through playwright-core.
//   node tests/web/run.mjs build/tabuleiro        start the server (temp DB, --web web) and test
//   node tests/web/run.mjs --url http://127.0.0.1:8080   test an already running server
//   WEB_SCENARIOS=pages,engine node tests/web/run.mjs build/tabuleiro   only the scenarios named
// Screenshots go to test-output/web/ (WEB_OUT names another directory: CTest runs the scenarios
// in groups side by side, each group in its own). Prints "N passed, N failed"; exit code 1 on
// any failure.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenario } from './scenario.mjs';
import { historyScenario, serverHasHistory } from './history.mjs';
import { quadriScenario } from './quadri_scenario.mjs';
import { cyvasseScenario } from './cyvasse_scenario.mjs';
import { clockScenario } from './clock_scenario.mjs';
import { botsScenario } from './bots_scenario.mjs';
import { accountsScenario } from './accounts_scenario.mjs';
import { pushScenario } from './push_scenario.mjs';
import { pushExchangeScenario, startPushService } from './push_exchange_scenario.mjs';
import { webhookScenario, webhookReceiver } from './webhook_scenario.mjs';
import { adminScenario } from './admin_scenario.mjs';
import { liveListScenario } from './live_list_scenario.mjs';
import { lifecycleScenario } from './lifecycle_scenario.mjs';
import { pagesScenario } from './pages_scenario.mjs';
import { engineScenario } from './engine_scenario.mjs';
import { learnScenario } from './learn_scenario.mjs';
import { offlineScenario } from './offline_scenario.mjs';
import { freePort, launchBrowser, reportFailures, FULL_CHROMIUM } from './steps.mjs';
import { axeStats } from './axe.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = process.env.WEB_OUT ? resolve(ROOT, process.env.WEB_OUT) : join(ROOT, 'test-output', 'web');
// The whole run's bound: WEB_TEST_TIMEOUT_MS (CTest sets it below its own timeout), else 20 minutes
// (the scenarios take 6-10 minutes alone on a 2-core machine, more beside other work).
const TOTAL_TIMEOUT_MS = Number(process.env.WEB_TEST_TIMEOUT_MS) || 1_200_000;

async function waitHealthy(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} not healthy after ${ms} ms`);
}

// Starts `binary serve` on a free loopback port with a temporary database (and extra flags);
// restart() stops it (SIGTERM) and starts it again on the same port and database. problems
// lists each time the server exited by itself or did not exit 0 on SIGTERM (a crash, a
// sanitizer report, a leak found at exit): each one is a failed result.
async function startServer(binary, extra = []) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-web-'));
  const url = `http://127.0.0.1:${port}`;
  const problems = [];
  const label = ['server', ...extra].join(' ');
  let proc = null;
  let stopping = false;
  const launch = async () => {
    stopping = false;
    proc = spawn(
      resolve(binary),
      [
        'serve',
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--db',
        join(dir, 'test.db'),
        '--web',
        join(ROOT, 'web'),
        '--log-level',
        'warn',
        ...extra,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] }
    );
    const p = proc;
    live.add(p);
    p.on('exit', (code, sig) => {
      live.delete(p);
      if (!stopping) {
        console.error(`server exited early (code ${code}, signal ${sig})`);
        problems.push(`${label} exited by itself (code ${code}, signal ${sig})`);
      }
    });
    await waitHealthy(url, 15_000);
  };
  const halt = async () => {
    stopping = true;
    if (proc && proc.exitCode == null && proc.signalCode == null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (proc.exitCode == null && proc.signalCode == null) {
        problems.push(`${label} did not stop within 5 s of SIGTERM`);
        proc.kill('SIGKILL');
      } else if (proc.exitCode !== 0) {
        problems.push(`${label} exited with code ${proc.exitCode}, signal ${proc.signalCode} on SIGTERM`);
      }
    }
  };
  await launch();
  return {
    url,
    db: join(dir, 'test.db'),
    problems,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Every server child still running; killed when this process exits by any path (a failure, the
// watchdog), since a server left behind holds ctest's output pipe open until its timeout.
const live = new Set();
process.on('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

// Every scenario, in the order they run; all but offline run by default (CTest runs offline as
// web_offline, alone).
const SCENARIOS = [
  'taixu',
  'cyvasse',
  'quadri',
  'bots',
  'clock',
  'accounts',
  'push',
  'pushexchange',
  'webhooks',
  'admin',
  'livelist',
  'lifecycle',
  'pages',
  'engine',
  'learn',
  'offline',
];

// The set of scenarios a WEB_SCENARIOS value names (comma-separated; every one but offline when
// empty); exits with a message naming any it does not know.
function chosenScenarios(value) {
  if (!value) return new Set(SCENARIOS.filter((s) => s !== 'offline'));
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((s) => !SCENARIOS.includes(s));
  if (unknown.length) {
    console.error(`WEB_SCENARIOS: unknown scenario ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
    process.exit(2);
  }
  return new Set(names);
}

async function main() {
  const args = process.argv.slice(2);
  const only = chosenScenarios(process.env.WEB_SCENARIOS);
  const urlArg = args.indexOf('--url');
  rmSync(OUT, { recursive: true, force: true }); // only this run's screenshots
  mkdirSync(OUT, { recursive: true });
  // The scenarios of one group create more matches a minute from one address than a server
  // allows by default (--create-limit 20, which the server tests check): this one allows 200.
  const server =
    urlArg >= 0
      ? { url: args[urlArg + 1], problems: [], stop: async () => {} }
      : await startServer(args[0] || 'build/tabuleiro', ['--create-limit', '200']);
  const servers = [server];
  const watchdog = setTimeout(() => {
    console.error(`browser tests: timed out after ${TOTAL_TIMEOUT_MS} ms`);
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  const browser = await launchBrowser();
  const browsers = [browser]; // every browser started, closed at the end
  let results;
  try {
    results = [];
    if (only.has('taixu')) {
      results.push(...(await scenario({ browser, url: server.url, out: OUT, restart: server.restart })));
      if (await serverHasHistory(server.url)) {
        results.push(
          ...(await historyScenario({
            browser,
            url: server.url,
            out: OUT,
            binary: urlArg >= 0 ? null : args[0] || 'build/tabuleiro',
          }))
        );
      } else {
        console.log('(history steps not run: this server has no match log)');
      }
    }
    if (only.has('cyvasse')) results.push(...(await cyvasseScenario({ browser, url: server.url, out: OUT })));
    if (only.has('quadri')) results.push(...(await quadriScenario({ browser, url: server.url, out: OUT })));
    if (only.has('bots')) results.push(...(await botsScenario({ browser, url: server.url, out: OUT })));
    // The clock scenario moves the server's time: a server of its own, run with --clock manual.
    if (only.has('clock') && urlArg < 0) {
      const timed = await startServer(args[0] || 'build/tabuleiro', ['--clock', 'manual']);
      servers.push(timed);
      try {
        results.push(...(await clockScenario({ browser, url: timed.url, out: OUT })));
      } finally {
        await timed.stop();
      }
    } else if (only.has('clock')) {
      console.log('(clock steps not run: they need a server started here with --clock manual)');
    }
    // Accounts on a server of their own, where only invited members play.
    if (only.has('accounts') && urlArg < 0) {
      const binary = args[0] || 'build/tabuleiro';
      const members = await startServer(binary, ['--access', 'invite']);
      servers.push(members);
      try {
        results.push(
          ...(await accountsScenario({ browser, url: members.url, out: OUT, binary: resolve(binary), db: members.db }))
        );
      } finally {
        await members.stop();
      }
    }
    // The push scenarios in the full browser: the headless shell has no Web Push.
    const full = only.has('push') || only.has('pushexchange') ? await launchBrowser(FULL_CHROMIUM) : null;
    browsers.push(full);
    if (only.has('push')) results.push(...(await pushScenario({ browser: full, url: server.url, out: OUT })));
    // Web Push between two browsers: a server of its own that trusts the fake push service's
    // test CA and may reach it on loopback.
    if (only.has('pushexchange') && urlArg < 0) {
      const push = await startPushService();
      const notifying = await startServer(args[0] || 'build/tabuleiro', [
        '--outbound-allow-private',
        'yes',
        '--outbound-ca-file',
        push.caFile,
      ]);
      servers.push(notifying);
      try {
        results.push(...(await pushExchangeScenario({ browser: full, url: notifying.url, out: OUT, push })));
      } finally {
        await notifying.stop();
        await push.close();
      }
    } else if (only.has('pushexchange')) {
      console.log("(push exchange steps not run: they need a server started here, with the push service's CA)");
    }
    // Webhooks on a server of their own, which may reach the receiver on loopback and trusts
    // its test CA.
    if (only.has('webhooks') && urlArg < 0) {
      const receiver = await webhookReceiver();
      const hooked = await startServer(args[0] || 'build/tabuleiro', [
        '--outbound-allow-private',
        'yes',
        '--outbound-ca-file',
        receiver.caFile,
      ]);
      servers.push(hooked);
      try {
        results.push(
          ...(await webhookScenario({
            browser,
            url: hooked.url,
            out: OUT,
            receiver,
            binary: resolve(args[0] || 'build/tabuleiro'),
            db: hooked.db,
          }))
        );
      } finally {
        await hooked.stop();
        receiver.close();
      }
    } else if (only.has('webhooks')) {
      console.log('(webhook steps not run: they need a server started here, told to trust their receiver)');
    }
    // Administration on a server of its own (invited members only), whose first administrator
    // the scenario makes with `tabuleiro admin create-user --admin` on its database, and which
    // writes scheduled backups into a folder of its own (the first one at start).
    if (only.has('admin') && urlArg < 0) {
      const binary = args[0] || 'build/tabuleiro';
      const backupDir = mkdtempSync(join(tmpdir(), 'tabuleiro-backups-'));
      const administered = await startServer(binary, [
        '--access',
        'invite',
        '--backup-dir',
        backupDir,
        '--backup-every',
        '1h',
      ]);
      servers.push(administered);
      try {
        results.push(
          ...(await adminScenario({
            browser,
            url: administered.url,
            out: OUT,
            binary: resolve(binary),
            db: administered.db,
            backupDir,
          }))
        );
      } finally {
        await administered.stop();
        rmSync(backupDir, { recursive: true, force: true });
        rmSync(`${backupDir}.away`, { recursive: true, force: true });
      }
    } else if (only.has('admin')) {
      console.log('(admin steps not run: they need a server started here, whose database they write)');
    }
    if (only.has('livelist')) results.push(...(await liveListScenario({ browser, url: server.url, out: OUT })));
    if (only.has('lifecycle'))
      results.push(...(await lifecycleScenario({ browser, url: server.url, out: OUT, restart: server.restart })));
    if (only.has('pages')) results.push(...(await pagesScenario({ browser, url: server.url, out: OUT })));
    if (only.has('engine')) results.push(...(await engineScenario({ browser, url: server.url, out: OUT })));
    if (only.has('learn')) results.push(...(await learnScenario({ browser, url: server.url, out: OUT })));
    // The installed app; its update steps serve a copy of the client from a server of their own.
    if (only.has('offline'))
      results.push(
        ...(await offlineScenario({
          browser,
          url: server.url,
          out: OUT,
          binary: urlArg >= 0 ? null : resolve(args[0] || 'build/tabuleiro'),
        }))
      );
  } finally {
    for (const b of browsers) await b?.close().catch(() => {});
    await server.stop();
    clearTimeout(watchdog);
  }
  for (const problem of servers.flatMap((s) => s.problems)) {
    console.log(`FAIL ${problem}`);
    results.push({ name: problem, ok: false });
  }
  const failed = results.filter((r) => !r.ok).length;
  reportFailures(results);
  if (axeStats.runs)
    console.log(`axe-core: ${axeStats.runs} page states checked in ${(axeStats.ms / 1000).toFixed(1)} s`);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
