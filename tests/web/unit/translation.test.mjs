// The shell's own translations: a failed request that never reached the server ("not
// connected", a timeout) and the logo's label are worded in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText, setLang, LANGS } from '../../../web/js/i18n.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../../web');

test('"not connected" and a timeout are translated, not the connection\'s English', () => {
  setLang('pt-BR');
  assert.match(errorText({ code: 'disconnected', message: 'not connected' }), /Sem conexão/);
  assert.match(errorText({ code: 'timeout', message: 'no answer from the server' }), /não respondeu/);
  assert.match(errorText({ code: 'busy', message: 'room busy' }), /ocupado/);
  setLang('en');
  assert.match(errorText({ code: 'disconnected', message: 'not connected' }), /Not connected/);
});

test('the logo link\'s label is translated', () => {
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  const brand = html.match(/<a class="brand"[^>]*>/)[0];
  const key = brand.match(/data-i18n-aria="([^"]+)"/)?.[1];
  assert.ok(key, `the brand link has a data-i18n-aria key: ${brand}`);
  assert.ok(LANGS.en[key] && LANGS['pt-BR'][key] && LANGS.en[key] !== LANGS['pt-BR'][key], key);
});
