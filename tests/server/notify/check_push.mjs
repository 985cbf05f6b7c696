// Checks what tests/server/notify/push_sample prints (JSON on stdin) with Node's crypto, an
// implementation independent of the server's: the VAPID token verifies with the VAPID public
// key (and a token with one byte changed does not), and the body decrypts (RFC 8291, RFC 8188)
// with the browser's private key to the plaintext. Exits 1 on any failure.
import { createECDH } from 'node:crypto';
import { b64, decryptPush, readVapid } from './push_tools.mjs';

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (d) => {
      text += d;
    });
    process.stdin.on('end', () => resolve(text));
  })
);

// The VAPID token: header, claims, and an ES256 signature (r || s) by the VAPID key.
const vapid = readVapid(input.token, input.vapid_public);
const { header, claims } = vapid;
check(header.alg === 'ES256' && header.typ === 'JWT', `the token's header: ${JSON.stringify(header)}`);
check(
  claims.aud === input.audience && claims.exp === input.exp && claims.sub === input.subject,
  `the token's claims: ${JSON.stringify(claims)}`
);
check(vapid.verifies(), 'the token verifies with the VAPID public key (Node crypto, ES256)');
const sig = Buffer.from(vapid.signature);
sig[10] ^= 1;
check(!vapid.verifies(sig), 'a token with a changed signature does not verify');
check(
  input.authorization === `vapid t=${input.token}, k=${input.vapid_public}`,
  'the Authorization header names the token and the key'
);

// The body: header (salt, record size, key id = the sender's point), one record.
const ecdh = createECDH('prime256v1');
ecdh.setPrivateKey(b64(input.browser_private));
check(ecdh.getPublicKey().toString('base64url') === input.browser_public, "the browser's key pair agrees with itself");
let plain = null;
try {
  plain = decryptPush(b64(input.body), ecdh, b64(input.auth));
} catch (e) {
  check(false, `the body decrypts: ${e.message}`);
}
if (plain) {
  check(
    plain.rs === 4096 && plain.idlen === 65 && plain.sender[0] === 4,
    `the header: record size ${plain.rs}, key id of ${plain.idlen} bytes`
  );
  check(plain.lastDelimiter, "the record ends with the last record's delimiter (2), then zeros");
  check(plain.text === input.plaintext, `the body decrypts to the plaintext: ${plain.text}`);
}
process.exit(failures.length ? 1 : 0);
