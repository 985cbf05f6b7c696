// The admin page's shared section helpers (web/js/admin/ui.js): a request's failure, a section's
// face for the page and the search box that searches as it is typed.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { failure, sectionFace, searchBox } = await import('../../../web/js/admin/ui.js');

test('failure: a refusal that ends the page goes to onRefused only, any other to the error line', () => {
  const shown = [];
  const msg = { error: (e) => shown.push(e.code) };
  const fail = failure((e) => e.code === 'signed_out', msg);
  fail({ code: 'signed_out' });
  fail({ code: 'not_found' });
  assert.deepEqual(shown, ['not_found']);
});

test('sectionFace: labels at once; show loads, hide stops, relabel labels then draws each in turn', () => {
  const calls = [];
  const face = sectionFace({
    el: 'EL',
    labels: () => calls.push('labels'),
    load: () => calls.push('load'),
    draws: [() => calls.push('draw'), () => calls.push('drawMore')],
    stop: () => calls.push('stop'),
  });
  assert.equal(face.el, 'EL');
  assert.deepEqual(calls, ['labels']);
  face.show();
  face.relabel();
  face.hide();
  assert.deepEqual(calls, ['labels', 'load', 'labels', 'draw', 'drawMore', 'stop']);
  const bare = sectionFace({ el: null, labels() {}, load() {}, draws: [] });
  assert.doesNotThrow(() => bare.hide());
});

test('searchBox: its input and button; typing loads once after a pause, submit at once, cancel drops it', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let loads = 0;
    const box = searchBox({ id: 'user-search', name: 'q', buttonId: 'user-search-btn', load: () => loads++ });
    assert.equal(box.input.id, 'user-search');
    assert.equal(box.input.getAttribute('type'), 'search');
    assert.equal(box.button.id, 'user-search-btn');
    assert.equal(box.label.getAttribute('for'), 'user-search');
    assert.deepEqual(box.row.children, [box.input, box.button]);
    const type = () => box.input.listeners.input.forEach((f) => f());
    type();
    mock.timers.tick(200);
    type();
    mock.timers.tick(299);
    assert.equal(loads, 0);
    mock.timers.tick(1);
    assert.equal(loads, 1);
    type();
    let prevented = false;
    box.onsubmit({ preventDefault: () => (prevented = true) });
    assert.ok(prevented);
    assert.equal(loads, 2);
    mock.timers.tick(1000);
    assert.equal(loads, 2, 'the submit dropped the pending search');
    type();
    box.cancel();
    mock.timers.tick(1000);
    assert.equal(loads, 2);
  } finally {
    mock.timers.reset();
  }
});
