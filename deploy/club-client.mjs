// deploy/README.md's "Running a private server for your club", as a new owner goes through
// it against the container image (used by deploy/test-image.sh; follows protocol/PROTOCOL.md):
//
//   node deploy/club-client.mjs owner  http://127.0.0.1:PORT SETUP_CODE STATE.json
//   node deploy/club-client.mjs invite http://127.0.0.1:PORT INVITATION STATE.json
//
// owner: the server is open; the set-up link's code from its first start's log makes the
//   first administrator ("owner"), who reads /api/admin/server; the session cookie is saved.
// invite: the server was restarted with TABULEIRO_ACCESS=invite and INVITATION made with
//   `tabuleiro admin invite --uses 1`: the owner's session survived the restart; a guest cannot
//   create a match, nor sign up without an invitation; a friend signs up with the invitation,
//   which then refuses a second sign-up; "carla" (made with `tabuleiro admin create-user
//   --admin`, password piped in) signs in as an administrator; the owner creates a match, both
//   sit down by their accounts over /ws and play four actions; the audit log holds the shell's
//   invitation.
// Every wait is bounded; exit 0 on success, 1 with a message on any failure.
import { readFileSync, writeFileSync } from 'node:fs';
import { fail, http, client, seat_to_move } from './match-client.mjs';

const TOTAL_TIMEOUT_MS = 90_000;

// A signed-in browser: its cookie, CSRF token and Origin as request headers.
function browser(base, cookie, csrf) {
  return { Cookie: cookie, Origin: base, ...(csrf ? { 'X-CSRF-Token': csrf } : {}) };
}

// Expects answer to have the status and (when given) the error code; what names the request.
function expect(answer, status, what, code) {
  if (answer.status !== status || (code && answer.body?.error?.code !== code))
    fail(`${what}: ${answer.status} ${JSON.stringify(answer.body)}, expected ${status}${code ? ` ${code}` : ''}`);
  return answer;
}

async function owner(base, setup, state_file) {
  const before = expect(await http('GET', `${base}/api/account`), 200, 'GET /api/account');
  if (before.body.access !== 'open') fail(`access ${before.body.access}, expected open`);
  const made = expect(
    await http(
      'POST',
      `${base}/api/account/signup`,
      { username: 'owner', password: 'owner password 1', invitation: setup },
      { Origin: base }
    ),
    201,
    'sign-up by the set-up link'
  );
  if (!made.body.user?.admin || !made.cookie) fail(`the set-up link made ${JSON.stringify(made.body.user)}`);
  const server = expect(
    await http('GET', `${base}/api/admin/server`, undefined, browser(base, made.cookie)),
    200,
    'GET /api/admin/server'
  );
  console.log(`first administrator "owner" made by the set-up link; server ${server.body.version}`);
  writeFileSync(state_file, JSON.stringify({ cookie: made.cookie }));
}

async function invite(base, invitation, state_file) {
  const { cookie } = JSON.parse(readFileSync(state_file, 'utf8'));
  const me = expect(
    await http('GET', `${base}/api/account`, undefined, browser(base, cookie)),
    200,
    'GET /api/account'
  );
  if (me.body.user?.username !== 'owner' || me.body.access !== 'invite')
    fail(`after the restart: ${JSON.stringify({ user: me.body.user, access: me.body.access })}`);
  const owner_headers = browser(base, cookie, me.body.csrf);

  expect(
    await http('POST', `${base}/api/matches`, { game: 'taixu' }, { Origin: base }),
    401,
    "a guest's POST /api/matches",
    'sign_in_required'
  );
  expect(
    await http(
      'POST',
      `${base}/api/account/signup`,
      { username: 'stranger', password: 'stranger password' },
      { Origin: base }
    ),
    403,
    'a sign-up without an invitation',
    'invitation_required'
  );
  const friend = expect(
    await http(
      'POST',
      `${base}/api/account/signup`,
      { username: 'bruno', password: 'bruno password 1', display_name: 'Bruno', invitation },
      { Origin: base }
    ),
    201,
    "the friend's sign-up"
  );
  expect(
    await http(
      'POST',
      `${base}/api/account/signup`,
      { username: 'third', password: 'third password', invitation },
      { Origin: base }
    ),
    403,
    'a second sign-up with a single-use invitation',
    'bad_invitation'
  );
  const carla = expect(
    await http(
      'POST',
      `${base}/api/account/signin`,
      { username: 'carla', password: 'carla password 1' },
      { Origin: base }
    ),
    200,
    "carla's sign-in"
  );
  if (!carla.body.user?.admin) fail('carla, made by tabuleiro admin create-user --admin, is no administrator');
  console.log('invite mode: guests refused, the friend signed up with the invitation, carla is an administrator');

  const created = expect(
    await http('POST', `${base}/api/matches`, { game: 'taixu', seat: 1 }, owner_headers),
    201,
    "the owner's POST /api/matches"
  );
  const ws_url = `${base.replace(/^http/, 'ws')}/ws?code=${created.body.code}`;
  const one = new client(ws_url, 'owner', browser(base, cookie));
  const j1 = await one.join(created.body.code, 'player', created.body.token);
  const two = new client(ws_url, 'bruno', browser(base, friend.cookie));
  const j2 = await two.join(created.body.code, 'player');
  if (j1.seat !== 1 || j2.seat !== 2) fail(`seats ${j1.seat} and ${j2.seat}`);
  let version = j2.version;
  for (let i = 1; i <= 4; ++i) {
    const mover = await seat_to_move([one, two], version);
    version = await mover.play_first_legal(`club${i}`);
  }
  await Promise.all([one.close(), two.close()]);
  const summary = expect(
    await http('GET', `${base}/api/matches/${created.body.code}`, undefined, browser(base, cookie)),
    200,
    'the match summary'
  );
  const names = summary.body.seats.map((s) => s.name);
  if (names[1] !== 'Bruno') fail(`seat names ${JSON.stringify(names)}`);
  const audit = expect(
    await http('GET', `${base}/api/admin/audit`, undefined, browser(base, cookie)),
    200,
    'GET /api/admin/audit'
  );
  if (!audit.body.entries?.some((e) => e.action === 'invite' && e.actor === 'shell'))
    fail(`the audit log lacks the shell's invitation: ${JSON.stringify(audit.body).slice(0, 400)}`);
  console.log(`match ${created.body.code} played to version ${version} by the owner and the invited friend`);
}

async function main() {
  const [mode, base, code, state_file] = process.argv.slice(2);
  if (!['owner', 'invite'].includes(mode) || !base || !code || !state_file) {
    console.error('usage: node club-client.mjs owner|invite BASE_URL CODE STATE.json');
    process.exit(2);
  }
  const watchdog = setTimeout(() => {
    console.error('club-client: overall timeout');
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  if (mode === 'owner') await owner(base, code, state_file);
  else await invite(base, code, state_file);
  clearTimeout(watchdog);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`club-client: ${e.message}`);
    process.exit(1);
  }
);
