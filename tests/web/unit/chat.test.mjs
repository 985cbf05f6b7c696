// The match page's chat: the `chat` and `chat_history` messages kept in the page's state (a line
// once, at most 200, the history replacing everything), and the panel drawing each line as text
// (markup stays the characters it was), the mute and the write form following the chat's mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { setLang } = await import('../../../web/js/i18n.js');
const { createState } = await import('../../../web/js/match/state.js');
const { receive } = await import('../../../web/js/match/messages.js');
const { chatPanel } = await import('../../../web/js/match/chat-panel.js');

// The element under root with this id, and the first with this class.
const byId = (root, id) => root.descendants().find((e) => e.id === id);
const byClass = (root, cls) => root.descendants().find((e) => (e.getAttribute('class') || '').split(' ').includes(cls));

const line = (id, text, seat = 2, channel = 'players') => ({
  id,
  channel,
  seat,
  name: seat ? `P${seat}` : undefined,
  text,
  at: '2026-12-05T17:00:00Z',
});

test('chat lines are kept once, the newest 200, and a history replaces them', () => {
  const state = createState({ code: 'ABCDEF' });
  assert.deepEqual(receive(state, { type: 'chat', line: line(1, 'hi') }), [{ do: 'chat', line: line(1, 'hi') }]);
  assert.deepEqual(receive(state, { type: 'chat', line: line(1, 'hi') }), []);
  for (let i = 2; i <= 250; i++) receive(state, { type: 'chat', line: line(i, `n${i}`) });
  assert.equal(state.chat.lines.length, 200);
  assert.equal(state.chat.lines[0].id, 51);
  receive(state, { type: 'chat_history', chat: 'off', muted: true, lines: [line(7, 'old')] });
  assert.deepEqual(state.chat, { lines: [line(7, 'old')], mode: 'off', muted: true });
});

test('the panel draws markup as text, and follows the mode and the mute', () => {
  setLang('en');
  const state = createState({ code: 'ABCDEF' });
  state.seat = 1;
  const panel = chatPanel({ state, request: async () => ({}) });
  const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
  receive(state, { type: 'chat', line: line(3, payload) });
  panel.draw(state.chat.lines[0]);
  const text = byClass(panel.el, 'chat-text');
  assert.deepEqual(text.children, [payload]); // one text child: the characters, never elements
  assert.equal(
    panel.el.descendants().some((e) => ['IMG', 'SCRIPT'].includes(e.tagName)),
    false
  );
  assert.equal(byId(panel.el, 'chat-announce').text, `P2: ${payload}`);
  assert.equal(byId(panel.el, 'chat-form').hidden, false);
  assert.equal(byId(panel.el, 'chat-mute').text, 'Mute opponent');
  receive(state, { type: 'chat_history', chat: 'off', muted: true, lines: [] });
  panel.draw();
  assert.equal(byId(panel.el, 'chat-form').hidden, true);
  assert.equal(byId(panel.el, 'chat-note').text, 'This match has no chat.');
  assert.equal(byId(panel.el, 'chat-mute').getAttribute('aria-pressed'), 'true');
  // A spectator reads the spectators' chat and has no mute.
  const watcher = createState({ code: 'ABCDEF', spectate: true });
  const other = chatPanel({ state: watcher, request: async () => ({}) });
  assert.equal(byId(other.el, 'chat-title').text, "Spectators' chat");
  assert.equal(byId(other.el, 'chat-mute').hidden, true);
});
