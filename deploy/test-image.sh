#!/usr/bin/env bash
# Builds the container image from the project's unchanged Dockerfile and checks that it
# serves a playable match whose data survive a restart, on a machine without a Docker engine:
#   1. debian:bookworm / debian:bookworm-slim from Debian's packages (deploy/base-images.sh),
#      made only when not already present;
#   2. `buildah bud` of ./Dockerfile (the README's `docker build -t tabuleiro .`), or with
#      TABULEIRO_IMAGE_PREBUILT=build (the CI's) of its prebuilt stage around build/tabuleiro;
#   3. the image's entrypoint run with only the README's `docker run` settings (no variable set:
#      every address, port 8080, no public URL) in a working container (with its own /data
#      volume) inside a network namespace of this test's own, which stands for the container's
#      network: its loopback plus 198.51.100.10, a documentation address standing for the
#      machine's network address, and nothing outside it; the HEALTHCHECK command and /healthz;
#      the README's quick start in Chromium at http://localhost:8080 and at the network address
#      (tests/web/quickstart.mjs: create, open the share link in a second browser, both seats
#      move); a match created over HTTP and played over WebSocket (deploy/image-client.mjs);
#      SIGTERM, which must stop it with exit status 0;
#   4. the entrypoint started again on the same volume: the match is there with the same
#      version and view, and play goes on; `tabuleiro backup` copies the live database;
#   5. the backup restored into a new volume with `tabuleiro restore` (as root, the file then
#      given to the image's user) serves the match as it was at the backup;
#   6. deploy/README.md's private server for a club, on a new volume: the first administrator
#      by the set-up link in the log and by `tabuleiro admin create-user --admin` (as `docker
#      exec -i`), a restart with TABULEIRO_ACCESS=invite, an invitation from the shell, the
#      invited friend's sign-up and a match played by both (deploy/club-client.mjs).
# Run as root on Debian 12: bash deploy/test-image.sh. Every wait is bounded; the working
# container and temporary files are removed on exit. Base images, the built image and its
# layer cache stay in buildah's storage for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${TABULEIRO_TEST_IMAGE:-localhost/tabuleiro:latest}
# The README's Docker quick start; this script does the same with buildah (checked below).
README_BUILD='docker build -t tabuleiro .'
README_RUN='docker run -d --name tabuleiro -p 8080:8080 -v tabuleiro-data:/data tabuleiro'

started=$SECONDS
phase_start=$SECONDS
log() { echo "test-image: $*" >&2; }
phase() { log "$1 ($((SECONDS - phase_start)) s)"; phase_start=$SECONDS; }
die() { log "FAILED: $*"; exit 1; }

grep -qxF "    $README_BUILD" README.md || die "README.md lacks the line '$README_BUILD'"
grep -qxF "    $README_RUN" README.md || die "README.md lacks the line '$README_RUN'"

# --- tools, base images, image ------------------------------------------------------------
bash scripts/setup.sh image browser
if ! cmp -s deploy/package-lock.json deploy/node_modules/.tabuleiro-lock; then
  (cd deploy && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  cp deploy/package-lock.json deploy/node_modules/.tabuleiro-lock
fi
phase "tools ready"
bash deploy/base-images.sh
phase "base images ready"
build_log=$(mktemp /tmp/tabuleiro-image-build.XXXXXX.log)
# The context: this checkout (the README's build compiles the server in the image), or with
# TABULEIRO_IMAGE_PREBUILT=DIR (the CI's) a context of the binary DIR/tabuleiro, already built
# from this checkout and tested, and web/ as DIR's build left it, for the Dockerfile's prebuilt
# stage (--build-arg TABULEIRO_SERVER=prebuilt): the image holds the binary the suite tested.
context=. build_args=()
if [[ -n "${TABULEIRO_IMAGE_PREBUILT:-}" ]]; then
  prebuilt=${TABULEIRO_IMAGE_PREBUILT%/}
  [[ -x "$prebuilt/tabuleiro" ]] || die "TABULEIRO_IMAGE_PREBUILT: $prebuilt/tabuleiro is missing (scripts/build.sh builds it)"
  context=$(mktemp -d /tmp/tabuleiro-image-context.XXXXXX)
  mkdir -p "$context/scripts" "$context/prebuilt"
  cp scripts/setup.sh scripts/image-contents.sh "$context/scripts/"
  cp "$prebuilt/tabuleiro" "$context/prebuilt/"
  cp -r web "$context/prebuilt/web"
  build_args=(--build-arg TABULEIRO_SERVER=prebuilt)
  log "context: $prebuilt/tabuleiro ($("$prebuilt/tabuleiro" --version)) and web/"
fi
# --format docker keeps HEALTHCHECK (OCI image configs have no such field); --layers reuses
# unchanged steps (the package installation) from earlier builds on this machine.
if ! buildah bud --isolation chroot --pull=never --format docker --layers "${build_args[@]}" \
  -t "$IMAGE" -f "$PWD/Dockerfile" "$context" >"$build_log" 2>&1; then
  tail -n 60 "$build_log" >&2
  [[ "$context" == . ]] || rm -rf "$context"
  die "image build failed (log: $build_log)"
fi
[[ "$context" == . ]] || rm -rf "$context"
rm -f "$build_log"
phase "image $IMAGE built"

# --- run ----------------------------------------------------------------------------------
# Each buildah working container has its own /data volume (buildah keeps the image's declared
# volumes per container, across runs, like a volume of a `docker stop`/`docker start`ed
# container). The restore goes into a second container, i.e. a new volume.
work=$(mktemp -d /tmp/tabuleiro-image-test.XXXXXX)
ctrs=()
netns_made=0
runner_pid=""
cleanup() {
  local rc=$?
  if [[ -n "$runner_pid" ]] && kill -0 "$runner_pid" 2>/dev/null; then
    kill -TERM "$(server_pid)" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$runner_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$runner_pid" 2>/dev/null || true
    wait "$runner_pid" 2>/dev/null || true
  fi
  if ((rc != 0)) && compgen -G "$work/serve-*.log" >/dev/null; then
    for f in "$work"/serve-*.log; do log "--- $(basename "$f")"; tail -n 40 "$f" >&2; done
  fi
  for c in "${ctrs[@]}"; do buildah rm "$c" >/dev/null 2>&1 || true; done
  if ((netns_made)); then ip netns del "$netns" 2>/dev/null || true; fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

config=$(buildah inspect --type image "$IMAGE")
# Prints the JSON value at path $1 of the image's configuration as one shell-quoted word list.
config_words() {
  node -e '
    let v = JSON.parse(require("fs").readFileSync(0, "utf8"));
    for (const k of process.argv[1].split(".")) v = v == null ? v : v[k];
    process.stdout.write((v || []).map((w) => "\x27" + String(w).replace(/\x27/g, "\x27\\\x27\x27") + "\x27").join(" "));
  ' "$1" <<<"$config"
}
eval "entrypoint=($(config_words Docker.config.Entrypoint) $(config_words Docker.config.Cmd))"
eval "healthcheck=($(config_words Docker.config.Healthcheck.Test))"
volumes=$(node -e 'const c = JSON.parse(require("fs").readFileSync(0, "utf8"));
  process.stdout.write(Object.keys(c.Docker.config.Volumes || {}).join(" "))' <<<"$config")
[[ "${entrypoint[*]}" == "tabuleiro serve" ]] || die "unexpected entrypoint: ${entrypoint[*]}"
[[ "${healthcheck[0]:-}" == CMD ]] || die "unexpected HEALTHCHECK: ${healthcheck[*]:-none}"
[[ " $volumes " == *" /data "* ]] || die "the image declares no /data volume"
log "entrypoint: ${entrypoint[*]}; healthcheck: ${healthcheck[*]:1}"

# Makes working container number $1 of the image (with a new /data volume), named in $2.
new_container() {
  local c
  c=$(buildah from --pull=never --name "tabuleiro-test-$$-$1" "$IMAGE")
  ctrs+=("$c")
  printf -v "$2" '%s' "$c"
}
# Runs a command in container $1 as `docker exec` would (the container's network, image user
# and env).
in_container() {
  local c=$1
  shift
  in_netns buildah run --isolation chroot --network host "$c" -- "$@"
}

# The container's network: a namespace with its loopback up and 198.51.100.10 (TEST-NET-2, never
# routed) on it as the "machine's network address"; the server inside binds every address of
# the namespace only, and every client of this test runs inside it too.
netns=tabuleiro-image-$$
ip netns add "$netns" || die "cannot make a network namespace (ip netns add; run as root)"
netns_made=1
ip -n "$netns" link set lo up
lan_address=198.51.100.10
ip -n "$netns" addr add "$lan_address/32" dev lo
# Runs a command inside the test's network namespace. (nsenter joins the network namespace
# alone: `ip netns exec` also gives each command a mount namespace of its own, and buildah runs
# of one container in different mount namespaces break each other's unmounting.)
in_netns() { nsenter --net="/run/netns/$netns" "$@"; }
port=8080
base=http://127.0.0.1:$port
# The README's `docker run` sets nothing: the image's own defaults (TABULEIRO_BIND=0.0.0.0).
run_env=()

# Prints the pid of the container's server process (the entrypoint, a descendant of buildah).
server_pid() {
  local pids=("$runner_pid") p child
  while ((${#pids[@]})); do
    p=${pids[0]}; pids=("${pids[@]:1}")
    if [[ "$(readlink "/proc/$p/exe" 2>/dev/null)" == */tabuleiro ]]; then echo "$p"; return 0; fi
    for child in $(cat "/proc/$p/task/"*/children 2>/dev/null); do pids+=("$child"); done
  done
  return 1
}

# Starts the entrypoint of container $2 in the background (log $work/serve-$1.log) and waits
# for /healthz; checks it listens on every address of the container's network (as `-p 8080:8080`
# needs) and passes the image's HEALTHCHECK.
start_server() {
  in_netns buildah run --isolation chroot --network host "${run_env[@]}" "$2" -- "${entrypoint[@]}" \
    >"$work/serve-$1.log" 2>&1 &
  runner_pid=$!
  for _ in $(seq 300); do
    kill -0 "$runner_pid" 2>/dev/null || die "the server exited at start"
    if in_netns curl -fsS --max-time 2 "$base/healthz" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  in_netns curl -fsS --max-time 2 "$base/healthz" >/dev/null || die "no /healthz answer within 30 s"
  local listening
  listening=$(in_netns ss -Hltn "sport = :$port" | awk '{ print $4 }' | sort -u | tr '\n' ' ')
  [[ "$listening" == "0.0.0.0:$port " ]] || die "the server listens on '$listening', not on 0.0.0.0:$port"
  # The image's HEALTHCHECK command, as the engine would run it inside the container.
  timeout 10 nsenter --net="/run/netns/$netns" buildah run --isolation chroot --network host "${run_env[@]}" "$2" -- \
    "${healthcheck[@]:1}" || die "the image's HEALTHCHECK failed"
  phase "server $1 up on $base (pid $(server_pid)), healthy"
}

# Stops the server with SIGTERM (as `docker stop`) and expects exit status 0 within 20 s.
stop_server() {
  local pid rc=0
  pid=$(server_pid) || die "server process not found"
  kill -TERM "$pid"
  for _ in $(seq 200); do kill -0 "$runner_pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$runner_pid" 2>/dev/null && die "the server did not stop within 20 s of SIGTERM"
  wait "$runner_pid" || rc=$?
  runner_pid=""
  ((rc == 0)) || die "the server exited with status $rc after SIGTERM"
  phase "server $1 stopped by SIGTERM with status 0"
}

new_container 1 first
[[ "$(in_container "$first" id -u)" != 0 ]] || die "the image runs as root"

start_server 1 "$first"
# The README: "Then open http://localhost:8080" — and a friend opens the machine's address.
in_netns node tests/web/quickstart.mjs --url "http://localhost:$port" --url "http://$lan_address:$port" ||
  die "the README's quick start failed in Chromium against the image"
in_netns node deploy/image-client.mjs play "$base" "$work/match.json" 4 || die "playing the match failed"
stop_server 1
in_container "$first" test -s /data/tabuleiro.db || die "no database in the /data volume"

start_server 2 "$first"
in_netns node deploy/image-client.mjs check "$base" "$work/match.json" || die "the match did not survive the restart"
# deploy/README.md's online backup while the server runs (docker exec), then copied out.
in_container "$first" tabuleiro backup /data/backup.db || die "tabuleiro backup failed"
in_container "$first" cat /data/backup.db >"$work/backup.db"
stop_server 2

# deploy/README.md's restore into a new volume (`docker run --rm --user root … --entrypoint
# tabuleiro tabuleiro restore …`): the copy is read as root, and the restored file and its lock
# are the image user's, who then serves it; the match is there as it was at the backup.
new_container 2 second
in_container "$second" sh -c 'cat >/data/incoming.db' <"$work/backup.db" || die "copying the backup in failed"
in_netns buildah run --isolation chroot --network host --user root "$second" -- \
  tabuleiro restore /data/incoming.db || die "tabuleiro restore failed"
in_container "$second" test -O /data/tabuleiro.db || die "the restored database is not the image user's"
in_container "$second" test -O /data/tabuleiro.db.lock || die "the restore's lock file is not the image user's"
start_server 3 "$second"
in_netns node deploy/image-client.mjs check "$base" "$work/match.json" || die "the restored backup lacks the match"
stop_server 3

# deploy/README.md's "Running a private server for your club", on a new volume: the set-up
# link of the first start's log makes the first administrator; another one is made from the
# shell (`docker exec -i`, the password piped in); restarted with TABULEIRO_ACCESS=invite, the
# owner invites a friend from the shell and they play.
new_container 3 club
start_server 4 "$club"
setup=$(sed -n 's/.*no administrator yet: open [^ ]*\/signup?invite=\([A-Za-z0-9_-]*\) .*/\1/p' "$work/serve-4.log" | head -n 1)
[[ -n "$setup" ]] || die "no set-up link in the first start's log"
in_netns node deploy/club-client.mjs owner "$base" "$setup" "$work/club.json" || die "the set-up link did not make the first administrator"
printf 'carla password 1\n' | in_container "$club" tabuleiro admin create-user carla --admin >/dev/null ||
  die "tabuleiro admin create-user --admin failed"
stop_server 4
run_env=(--env TABULEIRO_ACCESS=invite)
start_server 5 "$club"
invitation=$(in_container "$club" tabuleiro admin invite --days 7 --uses 1) || die "tabuleiro admin invite failed"
in_netns node deploy/club-client.mjs invite "$base" "$invitation" "$work/club.json" || die "the club walk-through failed"
stop_server 5
run_env=()

log "passed in $((SECONDS - started)) s"
