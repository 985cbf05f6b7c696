// Web Push's cryptography (server/notify/push_crypto.h): RFC 8291's example byte for byte, the
// key pair, the body's limits and the VAPID token's form. tests/server/notify/check_push.mjs checks
// tokens and bodies with Node's own crypto.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/notify/push_crypto.h"

using namespace tabuleiro::server::notify;

namespace {

std::string b64(std::string_view text) {
  auto out = from_base64url(text);
  REQUIRE(out);
  return *out;
}

// RFC 8291 section 5 (its example, in base64url).
const std::string rfc_plaintext = "When I grow up, I want to be a watermelon";
const std::string rfc_auth = "BTBZMqHH6r4Tts7J_aSIgg";
const std::string rfc_ua_public =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
const std::string rfc_ua_private = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
const std::string rfc_as_public =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
const std::string rfc_as_private = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
const std::string rfc_salt = "DGv6ra1nlYgDCS1FRnbzlw";
const std::string rfc_body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
                             "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
                             "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

}  // namespace

TEST_CASE("RFC 8291's example is encrypted byte for byte") {
  const auto sender = p256_key::from_private(b64(rfc_as_private));
  REQUIRE(sender);
  CHECK(base64url(sender->public_point()) == rfc_as_public);
  const push_keys ua{b64(rfc_ua_public), b64(rfc_auth)};
  const auto body = encrypt_push(rfc_plaintext, ua, *sender, b64(rfc_salt));
  REQUIRE(body);
  CHECK(base64url(*body) == rfc_body);
  // Another salt, another body.
  std::string salt = b64(rfc_salt);
  salt[0] ^= 1;
  CHECK(base64url(*encrypt_push(rfc_plaintext, ua, *sender, salt)) != rfc_body);
}

TEST_CASE("a P-256 key pair: the public point of a private scalar, ECDH agreeing both ways") {
  const auto ua = p256_key::from_private(b64(rfc_ua_private));
  REQUIRE(ua);
  CHECK(base64url(ua->public_point()) == rfc_ua_public);
  CHECK(base64url(ua->private_scalar()) == rfc_ua_private);
  const auto a = p256_key::generate();
  const auto b = p256_key::generate();
  CHECK(a.public_point() != b.public_point());
  CHECK(a.public_point().size() == 65);
  CHECK(a.shared_secret(b.public_point()) == b.shared_secret(a.public_point()));
  CHECK(a.shared_secret(b.public_point())->size() == 32);
  // A stored scalar gives back the same key.
  const auto again = p256_key::from_private(a.private_scalar());
  REQUIRE(again);
  CHECK(again->public_point() == a.public_point());
  CHECK_FALSE(p256_key::from_private("short"));
  CHECK_FALSE(p256_key::from_private(std::string(32, '\0')));  // zero is no private key
}

TEST_CASE("a subscription's keys are checked: a point off the curve, a short auth") {
  const auto sender = p256_key::generate();
  const std::string salt(16, 's');
  std::string point = b64(rfc_ua_public);
  const push_keys good{point, b64(rfc_auth)};
  CHECK(encrypt_push("x", good, sender, salt));
  CHECK(p256_point(point));
  point[40] ^= 1;  // y no longer matches x
  CHECK_FALSE(p256_point(point));
  CHECK_FALSE(sender.shared_secret(point));
  CHECK_FALSE(encrypt_push("x", push_keys{point, b64(rfc_auth)}, sender, salt));
  CHECK_FALSE(encrypt_push("x", push_keys{b64(rfc_ua_public).substr(1), b64(rfc_auth)}, sender, salt));
  CHECK_FALSE(encrypt_push("x", push_keys{b64(rfc_ua_public), "short"}, sender, salt));
  CHECK_FALSE(encrypt_push("x", good, sender, "short salt"));
}

TEST_CASE("a push body fits the 4,096 bytes a push service takes, padded as asked") {
  const push_keys ua{b64(rfc_ua_public), b64(rfc_auth)};
  const auto most = encrypt_push(std::string(max_push_plaintext, 'a'), ua);
  REQUIRE(most);
  CHECK(most->size() == 4096);
  CHECK_FALSE(encrypt_push(std::string(max_push_plaintext + 1, 'a'), ua));
  // header (86) + plaintext + delimiter + tag (16); padding hides the length.
  CHECK(encrypt_push("hello", ua)->size() == 86 + 5 + 1 + 16);
  CHECK(encrypt_push("hello", ua, p256_key::generate(), std::string(16, 's'), 200)->size() == 86 + 200 + 16);
  // Fresh key and salt each time.
  CHECK(encrypt_push("hello", ua) != encrypt_push("hello", ua));
}

TEST_CASE("base64url: unpadded out, padded or not in, anything else refused") {
  CHECK(base64url("") == "");
  CHECK(base64url("\xfb\xff") == "-_8");
  CHECK(from_base64url("-_8") == std::string("\xfb\xff"));
  CHECK(from_base64url("-_8=") == std::string("\xfb\xff"));
  CHECK_FALSE(from_base64url("+/8"));
  CHECK_FALSE(from_base64url("ab$"));
}

TEST_CASE("VAPID: the audience is the endpoint's origin, and the token is an ES256 JWT with aud, exp and sub") {
  CHECK(push_audience("https://Push.Example.net:8443/wpush/v2/abc?x=1") == "https://push.example.net:8443");
  CHECK(push_audience("https://fcm.googleapis.com/fcm/send/xyz") == "https://fcm.googleapis.com");
  CHECK_FALSE(push_audience("http://push.example.net/x"));
  CHECK_FALSE(push_audience("https:///x"));
  CHECK_FALSE(push_audience("https://user@push.example.net/x"));

  const auto key = p256_key::generate();
  const std::string token = vapid_token(key, "https://push.example.net", 1'800'000'000, "mailto:owner@example.org");
  const auto dot1 = token.find('.');
  const auto dot2 = token.find('.', dot1 + 1);
  REQUIRE(dot2 != std::string::npos);
  const auto header = nlohmann::json::parse(*from_base64url(token.substr(0, dot1)));
  const auto claims = nlohmann::json::parse(*from_base64url(token.substr(dot1 + 1, dot2 - dot1 - 1)));
  CHECK(header == nlohmann::json{{"typ", "JWT"}, {"alg", "ES256"}});
  CHECK(claims == nlohmann::json{{"aud", "https://push.example.net"},
                                 {"exp", 1'800'000'000},
                                 {"sub", "mailto:owner@example.org"}});
  CHECK(from_base64url(token.substr(dot2 + 1))->size() == 64);
  CHECK(vapid_authorization(key, token) == "vapid t=" + token + ", k=" + base64url(key.public_point()));
}
