// What the Web Push tests share, on Node's own crypto (independent of the server's OpenSSL
// code): a test certificate authority made by the openssl command, the check of a VAPID token
// (RFC 8292) and the decryption of an aes128gcm push body (RFC 8291, RFC 8188) with a
// browser's key pair.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createPublicKey, hkdfSync, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const b64 = (s) => Buffer.from(s, 'base64url');

// A test CA in dir: ca(name) makes a self-signed CA (name.pem, name.key); cert(name, by, san)
// a server certificate for san ("DNS:localhost,IP:127.0.0.1") signed by CA by, answered as
// { key, cert } for node:https.
export function testCa(dir) {
  const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ca = (name) =>
    ssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=Tabuleiro test ${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign'
    );
  const cert = (name, by, san) => {
    ssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${name}`
    );
    writeFileSync(
      join(dir, `${name}.ext`),
      `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`
    );
    ssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${by}.pem`,
      '-CAkey',
      `${by}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`
    );
    return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.pem`)) };
  };
  return { ca, cert };
}

// The parts of a VAPID token (header, claims) and whether its ES256 signature verifies with the
// server's public key (an uncompressed P-256 point, base64url).
export function readVapid(token, publicKey) {
  const point = b64(publicKey);
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const [h, c, s] = token.split('.');
  return {
    header: JSON.parse(b64(h)),
    claims: JSON.parse(b64(c)),
    verifies: (sig = b64(s)) => verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, sig),
    signature: b64(s),
  };
}

// The body's header fields and its plaintext, decrypted with the browser's key pair (a Node
// ECDH of prime256v1) and auth secret; throws when it does not decrypt. lastDelimiter: whether
// the record ends with 2 then zeros (the last record's padding).
export function decryptPush(body, ecdh, auth) {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const sender = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const secret = ecdh.computeSecret(sender);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), sender]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  return { rs, idlen, sender, lastDelimiter: plain[end] === 2, text: plain.subarray(0, end).toString() };
}
