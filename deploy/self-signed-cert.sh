#!/bin/sh
# Run by the nginx image's entrypoint (/docker-entrypoint.d/) before nginx starts: makes a
# self-signed certificate for $TLS_COMMON_NAME (default localhost) when /etc/nginx/certs has
# none, for local use. A real certificate placed there as tls.crt / tls.key is left alone.
set -eu
dir=/etc/nginx/certs
cn=${TLS_COMMON_NAME:-localhost}
if [ -s "$dir/tls.crt" ] && [ -s "$dir/tls.key" ]; then
  exit 0
fi
if ! command -v openssl >/dev/null 2>&1; then
  echo "$0: no certificate in $dir and no openssl to make one; put tls.crt and tls.key there" >&2
  exit 1
fi
mkdir -p "$dir"
umask 077
openssl req -x509 -newkey rsa:2048 -sha256 -days 825 -nodes \
  -keyout "$dir/tls.key" -out "$dir/tls.crt" -subj "/CN=$cn" \
  -addext "subjectAltName=DNS:$cn,IP:127.0.0.1,IP:::1" 2>/dev/null
chmod 0644 "$dir/tls.crt"
echo "$0: made a self-signed certificate for $cn in $dir (valid 825 days)"
