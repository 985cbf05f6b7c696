#!/usr/bin/env bash
# A three-node Tabuleiro cluster on this machine, without containers: a throw-away PostgreSQL
# (initdb in the state directory), three `tabuleiro serve` nodes and nginx with
# deploy/cluster/nginx.conf in front, everything on 127.0.0.1. For trying the cluster out
# (kill a node, keep playing); deploy/cluster/compose.yaml is the deployment.
#
#   bash deploy/cluster/local.sh start     build first (scripts/build.sh); prints the URL
#   bash deploy/cluster/local.sh kill N    kill -9 node N (1-3)
#   bash deploy/cluster/local.sh revive N  start node N again
#   bash deploy/cluster/local.sh status    which node holds which match
#   bash deploy/cluster/local.sh stop      stop everything and remove the state directory
#
# Needs Debian's postgresql and nginx (bash scripts/setup.sh cluster). State and logs live in
# $TABULEIRO_CLUSTER_DIR (default /tmp/tabuleiro-cluster); the proxy listens on
# $TABULEIRO_CLUSTER_PORT (default 8090), the nodes on the three ports after it. Benchmarks
# set $TABULEIRO_CLUSTER_NODE_FLAGS (extra `serve` flags, e.g. higher limits) and
# $TABULEIRO_CLUSTER_CREATE_RATE (nginx's match-creation rate per address, default 20r/m).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${TABULEIRO_CLUSTER_DIR:-/tmp/tabuleiro-cluster}
port=${TABULEIRO_CLUSTER_PORT:-8090}
bin=${TABULEIRO_BIN:-$root/build/tabuleiro}
pg_tool=${TABULEIRO_PG_TOOL:-$root/build/pg_test_cluster}

die() { echo "local.sh: $*" >&2; exit 1; }
db_url() { sed -n 's/^PostgreSQL test cluster at //p' "$dir/pg.txt"; }
node_port() { echo $((port + $1)); }

# Starts node $1 in the background, logging to $dir/node$1.log, and waits for it.
start_node() {
  local n=$1 p
  p=$(node_port "$n")
  "$bin" serve --bind 127.0.0.1 --port "$p" --db "$(db_url)" --node "node$n" \
    --trusted-proxy 127.0.0.1 --web "$root/web" \
    ${TABULEIRO_CLUSTER_NODE_FLAGS:-} >>"$dir/node$n.log" 2>&1 &
  echo $! >"$dir/node$n.pid"
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$p/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "node $n did not start (see $dir/node$n.log)"
}

# The running process of pid file $1, if any.
live_pid() { [[ -f $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null && cat "$1"; }

case "${1:-}" in
  start)
    [[ -x $bin && -x $pg_tool ]] || die "build first: bash scripts/build.sh (needs $bin and $pg_tool)"
    command -v nginx >/dev/null || die "nginx is missing: bash scripts/setup.sh cluster"
    [[ -e $dir ]] && die "$dir exists: run '$0 stop' first"
    mkdir -p "$dir"
    "$pg_tool" start "$dir/pg" >"$dir/pg.txt"
    for n in 1 2 3; do start_node "$n"; done
    # deploy/cluster/nginx.conf with the node lines and the listen line for this machine.
    awk -v p1="$(node_port 1)" -v p2="$(node_port 2)" -v p3="$(node_port 3)" -v port="$port" \
        -v rate="${TABULEIRO_CLUSTER_CREATE_RATE:-20r/m}" '
      /# nodes:begin/ { print; for (i = 1; i <= 3; i++) printf "    server 127.0.0.1:%s max_fails=1 fail_timeout=5s;\n", (i == 1 ? p1 : i == 2 ? p2 : p3); skip = 1; next }
      /# nodes:end/ { skip = 0 }
      skip { next }
      /listen 8080;/ { print "    listen 127.0.0.1:" port ";"; next }
      /^limit_req_zone/ { sub(/rate=[^;]*/, "rate=" rate) }
      { print }' "$root/deploy/cluster/nginx.conf" >"$dir/tabuleiro.conf"
    mkdir -p "$dir/nginx"
    cat >"$dir/nginx.conf" <<CONF
$( [[ $(id -u) -eq 0 ]] && echo "user root;" )
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/nginx/body;
  proxy_temp_path $dir/nginx/proxy;
  fastcgi_temp_path $dir/nginx/fastcgi;
  uwsgi_temp_path $dir/nginx/uwsgi;
  scgi_temp_path $dir/nginx/scgi;
  include $dir/tabuleiro.conf;
}
CONF
    nginx -p "$dir/nginx" -c "$dir/nginx.conf" -e "$dir/nginx-error.log"
    echo "Tabuleiro cluster: http://127.0.0.1:$port/ (nodes on $(node_port 1)-$(node_port 3), state in $dir)"
    ;;
  kill)
    [[ ${2:-} =~ ^[123]$ ]] || die "usage: $0 kill 1|2|3"
    pid=$(live_pid "$dir/node$2.pid") || die "node $2 is not running"
    kill -9 "$pid"
    echo "node $2 killed; its matches move to the others within about 3 s (--lease-ms)"
    ;;
  revive)
    [[ ${2:-} =~ ^[123]$ ]] || die "usage: $0 revive 1|2|3"
    live_pid "$dir/node$2.pid" >/dev/null && die "node $2 is running"
    start_node "$2"
    echo "node $2 running; nginx routes its matches to it again, and it relays them to the node that took them over"
    ;;
  pids)  # the process ids of the running nodes and of nginx (master and worker), one per line
    for n in 1 2 3; do live_pid "$dir/node$n.pid" || true; done
    if [[ -f $dir/nginx.pid ]]; then master=$(cat "$dir/nginx.pid"); echo "$master"; pgrep -P "$master" || true; fi
    ;;
  status)
    for n in 1 2 3; do
      if live_pid "$dir/node$n.pid" >/dev/null; then echo "node$n: up"; else echo "node$n: down"; fi
    done
    url=$(db_url)
    psql -X -q -A -F ' ' -t "$url" -c \
      "SELECT m.code, l.node, CASE WHEN l.expires_ms > extract(epoch from now()) * 1000 THEN 'held' ELSE 'lapsed' END
       FROM leases l JOIN matches m ON m.id = l.match_id ORDER BY m.code" 2>/dev/null || true
    ;;
  stop)
    [[ -f $dir/nginx.pid ]] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
    for n in 1 2 3; do
      if pid=$(live_pid "$dir/node$n.pid"); then kill "$pid"; fi
    done
    sleep 1
    [[ -d $dir/pg ]] && "$pg_tool" stop "$dir/pg" || true
    rm -rf "$dir"
    echo "stopped"
    ;;
  *)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
