// Web Push's cryptography on OpenSSL 3 (push_crypto.h).
#include "server/notify/push_crypto.h"

#include <array>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/x509.h>
#include <sodium.h>

#include "server/util/secrets.h"

namespace tabuleiro::server::notify {

namespace {

using bytes = std::string;

template <class T, void (*Free)(T*)>
struct freer {
  void operator()(T* p) const { Free(p); }
};
using pkey_ctx_ptr = std::unique_ptr<EVP_PKEY_CTX, freer<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using md_ctx_ptr = std::unique_ptr<EVP_MD_CTX, freer<EVP_MD_CTX, EVP_MD_CTX_free>>;
using cipher_ctx_ptr = std::unique_ptr<EVP_CIPHER_CTX, freer<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;
using kdf_ptr = std::unique_ptr<EVP_KDF, freer<EVP_KDF, EVP_KDF_free>>;
using kdf_ctx_ptr = std::unique_ptr<EVP_KDF_CTX, freer<EVP_KDF_CTX, EVP_KDF_CTX_free>>;
using sig_ptr = std::unique_ptr<ECDSA_SIG, freer<ECDSA_SIG, ECDSA_SIG_free>>;
using bn_ptr = std::unique_ptr<BIGNUM, freer<BIGNUM, BN_free>>;

constexpr std::size_t point_size = 65;
constexpr std::size_t scalar_size = 32;
constexpr std::size_t auth_size = 16;
constexpr std::size_t salt_size = 16;
constexpr std::uint32_t record_size = 4096;
constexpr std::size_t tag_size = 16;

std::shared_ptr<EVP_PKEY> own(EVP_PKEY* k) { return std::shared_ptr<EVP_PKEY>(k, EVP_PKEY_free); }

const unsigned char* u8(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }
unsigned char* u8(std::string& s) { return reinterpret_cast<unsigned char*>(s.data()); }

// HKDF-SHA-256 (RFC 5869) of ikm with salt and info, n bytes (OpenSSL's HKDF).
bytes hkdf(std::string_view salt, std::string_view ikm, std::string_view info, std::size_t n) {
  kdf_ptr kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr));
  if (!kdf) throw std::runtime_error("HKDF is not available");
  kdf_ctx_ptr ctx(EVP_KDF_CTX_new(kdf.get()));
  char digest[] = "SHA256";
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<char*>(ikm.data()), ikm.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<char*>(salt.data()), salt.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<char*>(info.data()), info.size()),
      OSSL_PARAM_construct_end()};
  bytes out(n, '\0');
  if (!ctx || EVP_KDF_derive(ctx.get(), u8(out), n, params) != 1) throw std::runtime_error("HKDF failed");
  return out;
}

// The public key of an uncompressed P-256 point; nullptr if it is not one on the curve.
std::shared_ptr<EVP_PKEY> public_key_of(std::string_view point) {
  if (point.size() != point_size || point[0] != 0x04) return nullptr;
  pkey_ctx_ptr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  char group[] = "prime256v1";
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
                         OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<char*>(point.data()),
                                                           point.size()),
                         OSSL_PARAM_construct_end()};
  EVP_PKEY* key = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
      EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params) != 1)
    return nullptr;
  return own(key);
}

// A big number as exactly n big-endian bytes.
bytes fixed_bytes(const BIGNUM* bn, std::size_t n) {
  bytes out(n, '\0');
  if (BN_bn2binpad(bn, u8(out), static_cast<int>(n)) != static_cast<int>(n))
    throw std::runtime_error("number too large");
  return out;
}

// AES-128-GCM of plain under key and nonce: the ciphertext followed by its 16-byte tag.
bytes aes128gcm(std::string_view key, std::string_view nonce, std::string_view plain) {
  cipher_ctx_ptr ctx(EVP_CIPHER_CTX_new());
  bytes out(plain.size() + tag_size, '\0');
  int len = 0;
  int tail = 0;
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) != 1 ||
      EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, u8(key), u8(nonce)) != 1 ||
      EVP_EncryptUpdate(ctx.get(), u8(out), &len, u8(plain), static_cast<int>(plain.size())) != 1 ||
      EVP_EncryptFinal_ex(ctx.get(), u8(out) + len, &tail) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, tag_size, u8(out) + plain.size()) != 1)
    throw std::runtime_error("AES-128-GCM failed");
  return out;
}

}  // namespace

std::string base64url(std::string_view in) {
  const std::size_t cap = sodium_base64_ENCODED_LEN(in.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  std::string out(cap, '\0');
  sodium_bin2base64(out.data(), cap, u8(in), in.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::optional<std::string> from_base64url(std::string_view text) {
  for (const int variant : {sodium_base64_VARIANT_URLSAFE_NO_PADDING, sodium_base64_VARIANT_URLSAFE}) {
    std::string out(text.size() * 3 / 4 + 3, '\0');
    std::size_t len = 0;
    const char* end = nullptr;
    if (sodium_base642bin(u8(out), out.size(), text.data(), text.size(), nullptr, &len, &end, variant) == 0 &&
        end == text.data() + text.size()) {
      out.resize(len);
      return out;
    }
  }
  return std::nullopt;
}

bool p256_point(std::string_view point) { return public_key_of(point) != nullptr; }

p256_key p256_key::generate() {
  EVP_PKEY* key = EVP_EC_gen("prime256v1");
  if (!key) throw std::runtime_error("could not make a P-256 key");
  return p256_key(own(key));
}

std::optional<p256_key> p256_key::from_private(std::string_view scalar) {
  if (scalar.size() != scalar_size) return std::nullopt;
  // An ECPrivateKey (RFC 5915) without its public key, which OpenSSL computes when it reads it:
  // SEQUENCE { INTEGER 1, OCTET STRING scalar, [0] OID prime256v1 }.
  static constexpr std::array<unsigned char, 7> head = {0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20};
  static constexpr std::array<unsigned char, 12> tail = {0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86,
                                                         0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
  bytes der(head.begin(), head.end());
  der.append(scalar);
  der.append(tail.begin(), tail.end());
  const unsigned char* p = u8(der);
  EVP_PKEY* key = d2i_PrivateKey(EVP_PKEY_EC, nullptr, &p, static_cast<long>(der.size()));
  sodium_memzero(der.data(), der.size());
  if (!key) return std::nullopt;
  auto held = own(key);
  // The scalar must lie in [1, n - 1] (zero reads, and gives no key).
  pkey_ctx_ptr check(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  if (!check || EVP_PKEY_check(check.get()) != 1) return std::nullopt;
  return p256_key(std::move(held));
}

std::string p256_key::public_point() const {
  unsigned char* raw = nullptr;
  const std::size_t n = EVP_PKEY_get1_encoded_public_key(key_.get(), &raw);
  bytes out(reinterpret_cast<const char*>(raw), n);
  OPENSSL_free(raw);
  if (out.size() != point_size) throw std::runtime_error("unexpected public key encoding");
  return out;
}

std::string p256_key::private_scalar() const {
  BIGNUM* d = nullptr;
  if (EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_PRIV_KEY, &d) != 1) throw std::runtime_error("no private key");
  bn_ptr held(d);
  return fixed_bytes(d, scalar_size);
}

std::optional<std::string> p256_key::shared_secret(std::string_view peer_point) const {
  const auto peer = public_key_of(peer_point);
  if (!peer) return std::nullopt;
  pkey_ctx_ptr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key_.get(), nullptr));
  std::size_t n = 0;
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 || EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) != 1 ||
      EVP_PKEY_derive(ctx.get(), nullptr, &n) != 1)
    return std::nullopt;
  bytes out(n, '\0');
  if (EVP_PKEY_derive(ctx.get(), u8(out), &n) != 1) return std::nullopt;
  out.resize(n);
  return out;
}

std::string p256_key::sign_es256(std::string_view data) const {
  md_ctx_ptr ctx(EVP_MD_CTX_new());
  std::size_t n = 0;
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key_.get()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &n, u8(data), data.size()) != 1)
    throw std::runtime_error("ES256 signing failed");
  bytes der(n, '\0');
  if (EVP_DigestSign(ctx.get(), u8(der), &n, u8(data), data.size()) != 1)
    throw std::runtime_error("ES256 signing failed");
  const unsigned char* p = u8(der);
  sig_ptr sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(n)));
  if (!sig) throw std::runtime_error("ES256 signature unreadable");
  const BIGNUM* r = nullptr;
  const BIGNUM* s = nullptr;
  ECDSA_SIG_get0(sig.get(), &r, &s);
  return fixed_bytes(r, scalar_size) + fixed_bytes(s, scalar_size);
}

std::optional<std::string> encrypt_push(std::string_view plaintext, const push_keys& keys, const p256_key& sender,
                                        std::string_view salt, std::size_t pad_to) {
  if (keys.auth.size() != auth_size || salt.size() != salt_size || plaintext.size() > max_push_plaintext)
    return std::nullopt;
  const auto ecdh = sender.shared_secret(keys.p256dh);
  if (!ecdh) return std::nullopt;
  const bytes sender_point = sender.public_point();
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret,
  // bound to both public keys; then RFC 8188's content key and nonce from it and the salt.
  bytes key_info = "WebPush: info";
  key_info.push_back('\0');
  key_info += keys.p256dh;
  key_info += sender_point;
  const bytes ikm = hkdf(keys.auth, *ecdh, key_info, 32);
  const bytes cek = hkdf(salt, ikm, std::string_view("Content-Encoding: aes128gcm\0", 28), 16);
  const bytes nonce = hkdf(salt, ikm, std::string_view("Content-Encoding: nonce\0", 24), 12);
  // One record, the last: the plaintext, its delimiter (2) and zeros up to pad_to.
  bytes record(plaintext);
  record.push_back('\x02');
  if (pad_to > record.size() && pad_to <= max_push_plaintext + 1) record.resize(pad_to, '\0');
  // The header (RFC 8188 section 2.1): salt, record size, key id length, key id.
  bytes out(salt);
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((record_size >> shift) & 0xff));
  out.push_back(static_cast<char>(point_size));
  out += sender_point;
  out += aes128gcm(cek, nonce, record);  // the first record's nonce is the nonce itself (sequence 0)
  return out;
}

std::optional<std::string> encrypt_push(std::string_view plaintext, const push_keys& keys) {
  bytes salt(salt_size, '\0');
  random_bytes({u8(salt), salt.size()});
  return encrypt_push(plaintext, keys, p256_key::generate(), salt);
}

std::optional<std::string> push_audience(std::string_view endpoint) {
  constexpr std::string_view scheme = "https://";
  if (endpoint.substr(0, scheme.size()) != scheme) return std::nullopt;
  const std::size_t end = endpoint.find_first_of("/?#", scheme.size());
  const std::string_view authority = endpoint.substr(scheme.size(),
                                                     end == std::string_view::npos ? end : end - scheme.size());
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  std::string out(endpoint.substr(0, scheme.size()));
  for (const char c : authority) out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  return out;
}

std::string vapid_token(const p256_key& key, std::string_view audience, std::int64_t expires_s,
                        std::string_view subject) {
  const nlohmann::json header = {{"typ", "JWT"}, {"alg", "ES256"}};
  const nlohmann::json claims = {{"aud", audience}, {"exp", expires_s}, {"sub", subject}};
  const std::string signing_input = base64url(header.dump()) + "." + base64url(claims.dump());
  return signing_input + "." + base64url(key.sign_es256(signing_input));
}

std::string vapid_authorization(const p256_key& key, std::string_view token) {
  return "vapid t=" + std::string(token) + ", k=" + base64url(key.public_point());
}

}  // namespace tabuleiro::server::notify
