// Whether the page's server can be reached (web/js/network.js): the browser's online flag,
// except that a page the server itself sent proves it reachable until the browser reports a
// change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { watchReachability } from '../../../web/js/network.js';

// A browser double: its online flag, whether the service worker serves the page, and the
// window's online and offline events.
function browser({ online, cached }) {
  const handlers = {};
  const env = {
    flag: online,
    online: () => env.flag,
    cached: () => cached,
    on: (type, fn) => {
      handlers[type] = fn;
    },
    fire: (type) => {
      env.flag = type === 'online';
      handlers[type]();
    },
  };
  return env;
}

test('online, the server is reachable', () => {
  assert.equal(watchReachability(browser({ online: true, cached: true })).reachable(), true);
  assert.equal(watchReachability(browser({ online: true, cached: false })).reachable(), true);
});

test('offline by the flag, a page the server itself sent counts it reachable (no network but loopback)', () => {
  assert.equal(watchReachability(browser({ online: false, cached: false })).reachable(), true);
});

test('offline by the flag, a page the service worker served does not', () => {
  assert.equal(watchReachability(browser({ online: false, cached: true })).reachable(), false);
});

test("after loading, the browser's online and offline events decide, each change told once", () => {
  const env = browser({ online: false, cached: false });
  const net = watchReachability(env);
  const seen = [];
  net.onChange((v) => seen.push(v));
  env.fire('offline');
  assert.equal(net.reachable(), false);
  env.fire('offline');
  env.fire('online');
  assert.equal(net.reachable(), true);
  assert.deepEqual(seen, [false, true]);
});

test('an unsubscribed listener is not called', () => {
  const env = browser({ online: true, cached: true });
  const net = watchReachability(env);
  const seen = [];
  const off = net.onChange((v) => seen.push(v));
  off();
  env.fire('offline');
  assert.equal(net.reachable(), false);
  assert.deepEqual(seen, []);
});
