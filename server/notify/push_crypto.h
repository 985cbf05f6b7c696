// The cryptography of Web Push, on OpenSSL (and libsodium's base64): a P-256 key pair, the
// message encryption of RFC 8291 in the aes128gcm content coding of RFC 8188 (ECDH P-256,
// HKDF-SHA-256, AES-128-GCM, one record), and the VAPID authorization of RFC 8292 (an ES256
// JSON Web Token and the server's public key).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

typedef struct evp_pkey_st EVP_PKEY;

namespace tabuleiro::server::notify {

// bytes as unpadded base64url (RFC 4648 section 5), the way Web Push and JWTs write them.
std::string base64url(std::string_view bytes);
// The bytes of unpadded (or padded) base64url text; nullopt if text is not that.
std::optional<std::string> from_base64url(std::string_view text);

// Whether point is an uncompressed P-256 point on the curve (65 bytes), as a subscription's
// p256dh must be.
bool p256_point(std::string_view point);

// A P-256 key pair: the server's VAPID key, or the one-time key of one encrypted message.
// Thread-safety: an immutable value; its const methods may be called from any thread.
class p256_key {
 public:
  // A new key pair from the operating system's CSPRNG; throws std::runtime_error on failure.
  static p256_key generate();
  // The key pair of a private scalar (32 bytes, big-endian); nullopt if it is not one.
  static std::optional<p256_key> from_private(std::string_view scalar);

  // The public key as an uncompressed point (65 bytes, 0x04 || x || y).
  std::string public_point() const;
  // The private scalar (32 bytes, big-endian): what the store keeps.
  std::string private_scalar() const;
  // The ECDH shared secret (32 bytes) with a peer's uncompressed point; nullopt if the point is
  // not on the curve.
  std::optional<std::string> shared_secret(std::string_view peer_point) const;
  // An ES256 signature of data (ECDSA P-256 over SHA-256) as JWS writes it: r || s, 64 bytes.
  std::string sign_es256(std::string_view data) const;

 private:
  explicit p256_key(std::shared_ptr<EVP_PKEY> key) : key_(std::move(key)) {}
  std::shared_ptr<EVP_PKEY> key_;
};

// Where a browser's push subscription receives: its keys, as raw bytes (the subscription's
// `p256dh`, a 65-byte uncompressed point, and `auth`, 16 bytes).
struct push_keys {
  std::string p256dh;
  std::string auth;
};

// The largest plaintext one encrypted message carries: a push service accepts bodies of
// 4,096 bytes (RFC 8030 section 7.2), less the header (86 bytes), the delimiter and the tag.
inline constexpr std::size_t max_push_plaintext = 4096 - 86 - 1 - 16;

// plaintext encrypted for keys (RFC 8291): the aes128gcm body (salt, record size 4096, the
// sender's public point as key id, one record padded with zeros to pad_to bytes of plaintext
// and delimiter), with sender's key and salt (16 bytes) given. nullopt if the keys are not a
// subscription's, the salt is not 16 bytes, or the plaintext is above max_push_plaintext.
std::optional<std::string> encrypt_push(std::string_view plaintext, const push_keys& keys, const p256_key& sender,
                                        std::string_view salt, std::size_t pad_to = 0);
// The same with a fresh sender key and salt, as every message must have.
std::optional<std::string> encrypt_push(std::string_view plaintext, const push_keys& keys);

// The origin a VAPID token names as its audience: "https://host[:port]" of a push endpoint
// (an https URL); nullopt for anything else.
std::optional<std::string> push_audience(std::string_view endpoint);
// A VAPID token (RFC 8292 section 2): a JWT signed with ES256 by key, for audience (the push
// service's origin), valid until expires_s (Unix seconds, at most 24 hours ahead), naming
// subject (a mailto: or https: contact).
std::string vapid_token(const p256_key& key, std::string_view audience, std::int64_t expires_s,
                        std::string_view subject);
// The Authorization header's value for a push request: "vapid t=<token>, k=<public key>".
std::string vapid_authorization(const p256_key& key, std::string_view token);

}  // namespace tabuleiro::server::notify
