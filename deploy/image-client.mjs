// Plays a short TAIXU match against a running server, and checks it again after a restart.
// Used by deploy/test-image.sh against the container image; follows protocol/PROTOCOL.md.
//
//   node deploy/image-client.mjs play  http://127.0.0.1:PORT STATE.json [ACTIONS]
//   node deploy/image-client.mjs check http://127.0.0.1:PORT STATE.json
//
// play: /healthz; POST /api/matches; two players and a spectator join over /ws; ACTIONS
//   (default 4) legal actions are played, each acknowledged; the match code, seat tokens,
//   version and spectator view are saved to STATE.json.
// check: the match from STATE.json is still there with the same version and view (over HTTP
//   and a fresh spectator join); both seats resume by token and one more action is
//   acknowledged; STATE.json is updated to the new version and view.
// Every wait is bounded; exit 0 on success, 1 with a message on any failure.
import { deepStrictEqual } from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fail, http, client, seat_to_move } from './match-client.mjs';

const TOTAL_TIMEOUT_MS = 90_000;

// A fresh spectator join: { version, view }.
async function spectate(ws_url, code) {
  const spectator = new client(ws_url, 'spectator');
  const joined = await spectator.join(code, 'spectator');
  if (joined.seat !== null) fail(`spectator got seat ${joined.seat}`);
  await spectator.close();
  return { version: joined.version, view: joined.view };
}

async function check_health(base) {
  const health = await http('GET', `${base}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
}

async function play(base, ws_url, state_file, actions) {
  await check_health(base);
  const created = await http('POST', `${base}/api/matches`, { game: 'taixu', seat: 1 });
  if (created.status !== 201) fail(`POST /api/matches: ${created.status} ${JSON.stringify(created.body)}`);
  const { code, token } = created.body;
  console.log(`created match ${code} (${created.body.link})`);

  const one = new client(ws_url, 'seat 1');
  const j1 = await one.join(code, 'player', token);
  if (j1.seat !== 1) fail(`creator resumed seat ${j1.seat}, not 1`);
  const two = new client(ws_url, 'seat 2');
  const j2 = await two.join(code, 'player');
  if (j2.seat !== 2 || !j2.token) fail(`second player got ${JSON.stringify({ seat: j2.seat, token: !!j2.token })}`);

  let version = j2.version;
  for (let i = 1; i <= actions; ++i) {
    const mover = await seat_to_move([one, two], version);
    const acked = await mover.play_first_legal(`a${i}`);
    if (acked !== version + 1) fail(`ack version ${acked} after ${version}`);
    version = acked;
  }
  const seen = await spectate(ws_url, code);
  if (seen.version !== version) fail(`spectator sees version ${seen.version}, expected ${version}`);
  await Promise.all([one.close(), two.close()]);
  writeFileSync(state_file, JSON.stringify({ code, tokens: { 1: token, 2: j2.token }, version, view: seen.view }));
  console.log(`played ${actions} actions; match ${code} at version ${version}`);
}

async function check(base, ws_url, state_file) {
  const saved = JSON.parse(readFileSync(state_file, 'utf8'));
  await check_health(base);
  const info = await http('GET', `${base}/api/matches/${saved.code}`);
  if (info.status !== 200) fail(`GET /api/matches/${saved.code}: ${info.status} ${JSON.stringify(info.body)}`);
  if (info.body.version !== saved.version) fail(`match version ${info.body.version}, expected ${saved.version}`);
  const seen = await spectate(ws_url, saved.code);
  if (seen.version !== saved.version) fail(`spectator sees version ${seen.version}, expected ${saved.version}`);
  deepStrictEqual(seen.view, saved.view, 'the restored view differs from the one before the restart');
  console.log(`match ${saved.code} restored at version ${saved.version} with the same view`);

  // Both seats resume by token; whoever is to move plays one more action.
  const players = [];
  for (const seat of [1, 2]) {
    const p = new client(ws_url, `seat ${seat}`);
    const joined = await p.join(saved.code, 'player', saved.tokens[seat]);
    if (joined.seat !== seat) fail(`token of seat ${seat} resumed seat ${joined.seat}`);
    players.push(p);
  }
  const mover = await seat_to_move(players, saved.version);
  const acked = await mover.play_first_legal('after-restart');
  if (acked !== saved.version + 1) fail(`ack version ${acked} after ${saved.version}`);
  await Promise.all(players.map((p) => p.close()));
  const now = await spectate(ws_url, saved.code);
  if (now.version !== acked) fail(`spectator sees version ${now.version}, expected ${acked}`);
  writeFileSync(state_file, JSON.stringify({ ...saved, version: acked, view: now.view }));
  console.log(`play continues after the restart: version ${acked}`);
}

async function main() {
  const [mode, base, state_file, actions = '4'] = process.argv.slice(2);
  if (!['play', 'check'].includes(mode) || !base || !state_file) {
    console.error('usage: node image-client.mjs play|check BASE_URL STATE.json [ACTIONS]');
    process.exit(2);
  }
  const ws_url = `${base.replace(/^http/, 'ws')}/ws`;
  const watchdog = setTimeout(() => {
    console.error('image-client: overall timeout');
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  if (mode === 'play') await play(base, ws_url, state_file, Number(actions));
  else await check(base, ws_url, state_file);
  clearTimeout(watchdog);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`image-client: ${e.message}`);
    process.exit(1);
  }
);
