#!/usr/bin/env sh
# tabuleiro-load must refuse a target outside loopback: exit code 2 and a clear message,
# before opening any connection. $1 = path of tabuleiro-load.
for host in 192.0.2.1 10.1.2.3 ::2 example.org; do
  out=$("$1" --host "$host" --port 80 --duration 1 2>&1)
  rc=$?
  [ "$rc" -eq 2 ] || { echo "exit code $rc for $host"; exit 1; }
  echo "$out" | grep -q "refusing non-loopback target $host" || { echo "no refusal for $host: $out"; exit 1; }
done
echo "refused every non-loopback target"
