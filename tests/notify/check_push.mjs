// Checks what tests/notify/push_sample prints (JSON on stdin) with Node's crypto, an
// implementation independent of the server's: the VAPID token verifies with the VAPID public
// key (and a token with one byte changed does not), and the body decrypts (RFC 8291, RFC 8188)
// with the browser's private key to the plaintext. Exits 1 on any failure.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, verify } from 'node:crypto';

const b64 = (s) => Buffer.from(s, 'base64url');
const failures = [];
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };

const input = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (d) => { text += d; });
  process.stdin.on('end', () => resolve(text));
}));

// The VAPID token: header, claims, and an ES256 signature (r || s) by the VAPID key.
const point = b64(input.vapid_public);
const key = createPublicKey({ format: 'jwk', key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') } });
const verifies = (token) => {
  const [h, c, s] = token.split('.');
  return verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, b64(s));
};
const [h, c, s] = input.token.split('.');
const header = JSON.parse(b64(h));
const claims = JSON.parse(b64(c));
check(header.alg === 'ES256' && header.typ === 'JWT', `the token's header: ${JSON.stringify(header)}`);
check(claims.aud === input.audience && claims.exp === input.exp && claims.sub === input.subject, `the token's claims: ${JSON.stringify(claims)}`);
check(verifies(input.token), 'the token verifies with the VAPID public key (Node crypto, ES256)');
const sig = b64(s);
sig[10] ^= 1;
check(!verifies(`${h}.${c}.${sig.toString('base64url')}`), 'a token with a changed signature does not verify');
check(input.authorization === `vapid t=${input.token}, k=${input.vapid_public}`, 'the Authorization header names the token and the key');

// The body: header (salt, record size, key id = the sender's point), one record.
const body = b64(input.body);
const salt = body.subarray(0, 16);
const rs = body.readUInt32BE(16);
const idlen = body[20];
const sender = body.subarray(21, 21 + idlen);
const record = body.subarray(21 + idlen);
check(rs === 4096 && idlen === 65 && sender[0] === 4, `the header: record size ${rs}, key id of ${idlen} bytes`);
const ecdh = createECDH('prime256v1');
ecdh.setPrivateKey(b64(input.browser_private));
check(ecdh.getPublicKey().toString('base64url') === input.browser_public, "the browser's key pair agrees with itself");
const secret = ecdh.computeSecret(sender);
const auth = b64(input.auth);
const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), sender]);
const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
let plain = null;
try {
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
} catch (e) {
  check(false, `the body decrypts: ${e.message}`);
}
if (plain) {
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  check(plain[end] === 2, 'the record ends with the last record\'s delimiter (2), then zeros');
  check(plain.subarray(0, end).toString() === input.plaintext, `the body decrypts to the plaintext: ${plain.subarray(0, end)}`);
}
process.exit(failures.length ? 1 : 0);
