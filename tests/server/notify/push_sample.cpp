// Prints, as one JSON object, a fresh browser key pair and a VAPID key, a body encrypted for the
// browser and a VAPID token, for tests/server/notify/check_push.mjs to check with Node's own crypto.
#include <iostream>

#include <nlohmann/json.hpp>

#include "server/notify/push_crypto.h"
#include "server/util/secrets.h"

using namespace tabuleiro::server::notify;

int main() {
  const auto browser = p256_key::generate();
  std::string auth(16, '\0');
  tabuleiro::server::random_bytes({reinterpret_cast<unsigned char*>(auth.data()), auth.size()});
  const auto vapid = p256_key::generate();
  const std::string plaintext = R"({"title":"Your turn","body":"TAIXU · ABC234","url":"/m/ABC234"})";
  const auto body = encrypt_push(plaintext, push_keys{browser.public_point(), auth});
  if (!body) return 1;
  const std::string audience = "https://push.example.net";
  const std::int64_t exp = 1'800'000'000;
  const std::string subject = "mailto:owner@example.org";
  const std::string token = vapid_token(vapid, audience, exp, subject);  // ES256 signatures differ each time
  nlohmann::json out = {
      {"plaintext", plaintext},
      {"browser_private", base64url(browser.private_scalar())},
      {"browser_public", base64url(browser.public_point())},
      {"auth", base64url(auth)},
      {"body", base64url(*body)},
      {"vapid_public", base64url(vapid.public_point())},
      {"audience", audience},
      {"exp", exp},
      {"subject", subject},
      {"token", token},
      {"authorization", vapid_authorization(vapid, token)},
  };
  std::cout << out.dump() << '\n';
  return 0;
}
