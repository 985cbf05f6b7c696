// The match log's export (web/js/api.js getLog): every page of GET /api/matches/{code}/log
// merged into one object that keeps the first page's fields, the players' names among them.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { getLog } = await import('../../../web/js/api.js');

test('the merged log keeps who played each seat and every change of every page', async () => {
  const players = [
    { seat: 1, name: 'Ana' },
    { seat: 2, name: null },
  ];
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    const from = Number(new URL(url, 'http://x').searchParams.get('from'));
    const page =
      from === 0
        ? { code: 'K7M2QX', game: 'taixu', status: 'live', players, changes: [{ version: 1 }, { version: 2 }], next: 2 }
        : { code: 'K7M2QX', game: 'taixu', status: 'live', players, changes: [{ version: 3 }], next: null };
    return { ok: true, status: 200, json: async () => page };
  };
  const log = await getLog('k7m2qx');
  assert.deepEqual(asked, ['/api/matches/K7M2QX/log?from=0', '/api/matches/K7M2QX/log?from=2']);
  assert.deepEqual(log.players, players);
  assert.deepEqual(
    log.changes.map((c) => c.version),
    [1, 2, 3]
  );
  assert.equal(log.next, null);
});
