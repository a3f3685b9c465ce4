#!/usr/bin/env bash
# Usage: scripts/upgrade.sh [--no-build] RELEASE_DIR [PORT...]
#
# Upgrades (or rolls back) the site with no outage (docs/DEPLOY.md, "Upgrades"):
#   1. builds RELEASE_DIR (already unpacked or cloned) in place: `npm ci && npm run build`,
#      never in the directory the processes run from; --no-build for a release built before
#      (a rollback);
#   2. carries the running release's built assets into it, so that a page still open in a
#      browser finds the chunks it names;
#   3. switches $OG_ROOT/current to it in one step (a new symlink renamed over the old one);
#   4. restarts the processes ONE AT A TIME, waiting for each to answer GET /healthz 200 before
#      the next, so that the others serve while one restarts. If one does not become ready it
#      stops there and says so: the processes not yet restarted still run the old release;
#   5. keeps the newest $OG_KEEP_RELEASES releases under $OG_ROOT/releases for a rollback.
#
# Settings (environment):
#   OG_ROOT           where `current` and `releases/` are (default /srv/og-connect)
#   OG_PORTS          the processes' ports when none are given (default "3000 3001")
#   OG_RESTART        restarts one process; {port} is replaced by its port
#                     (default "systemctl restart og-connect@{port}")
#   OG_BUILD          how a release is built (default "npm ci && npm run build")
#   OG_READY_SECONDS  how long a restarted process has to answer /healthz 200 (default 60)
#   OG_KEEP_RELEASES  releases kept, the new one included (default 5)
set -euo pipefail

OG_ROOT="${OG_ROOT:-/srv/og-connect}"
default_restart='systemctl restart og-connect@{port}'
OG_RESTART="${OG_RESTART:-$default_restart}"
OG_BUILD="${OG_BUILD:-npm ci && npm run build}"
OG_READY_SECONDS="${OG_READY_SECONDS:-60}"
OG_KEEP_RELEASES="${OG_KEEP_RELEASES:-5}"

say() { echo "upgrade: $*"; }
fail() {
  echo "upgrade: $*" >&2
  exit 1
}

build=1
if [ "${1:-}" = "--no-build" ]; then
  build=0
  shift
fi
if [ "$#" -lt 1 ]; then
  echo "usage: $0 [--no-build] RELEASE_DIR [PORT...]" >&2
  exit 2
fi
[ -d "$1" ] || fail "$1 is not a directory (unpack or clone the release first)"
# The link must name the release itself, wherever the script was called from.
release="$(cd "$1" && pwd -P)"
shift
if [ "$#" -gt 0 ]; then
  ports=("$@")
else
  read -r -a ports <<<"${OG_PORTS:-3000 3001}"
fi
[ "${#ports[@]}" -gt 0 ] || fail "no port to restart (give them as arguments or in OG_PORTS)"
for port in "${ports[@]}"; do
  [[ "$port" =~ ^[0-9]+$ ]] || fail "not a port: $port"
done
[[ "$OG_READY_SECONDS" =~ ^[0-9]+$ ]] || fail "OG_READY_SECONDS is not a number of seconds"
[[ "$OG_KEEP_RELEASES" =~ ^[1-9][0-9]*$ ]] || fail "OG_KEEP_RELEASES must be 1 or more"
command -v curl >/dev/null || fail "curl is needed to ask each process for /healthz (apt-get install curl)"
current="$OG_ROOT/current"
previous=""
if [ -e "$current" ]; then
  previous="$(cd "$current" && pwd -P)"
fi

# --- 1. build, in the new directory only ---------------------------------------------------
if [ "$build" -eq 1 ]; then
  [ "$release" != "$previous" ] || fail "$release is the running release: build a new directory"
  say "building $release"
  (cd "$release" && bash -c "$OG_BUILD") ||
    fail "the build failed in $release: nothing was switched or restarted"
fi
[ -f "$release/dist/server/main.mjs" ] && [ -f "$release/dist/web/index.html" ] ||
  fail "$release has no build (dist/server/main.mjs, dist/web/index.html): run without --no-build"

# --- 2. the running release's assets, for the pages open in browsers ------------------------
# Asset names carry a hash of their content, so no name means two things: copy only what the
# new build lacks. A page loaded before the switch asks for its chunks as its person moves on.
if [ -n "$previous" ] && [ "$previous" != "$release" ] && [ -d "$previous/dist/web/assets" ]; then
  mkdir -p "$release/dist/web/assets"
  carried=0
  for asset in "$previous/dist/web/assets"/*; do
    [ -f "$asset" ] || continue
    target="$release/dist/web/assets/$(basename "$asset")"
    if [ ! -e "$target" ]; then
      cp -p "$asset" "$target"
      carried=$((carried + 1))
    fi
  done
  say "kept $carried asset(s) of $previous for pages still open"
fi

# --- 3. switch `current` in one step --------------------------------------------------------
# rename(2) replaces the link atomically: at every moment `current` names one whole release.
ln -sfn "$release" "$current.new"
mv -T "$current.new" "$current"
say "current -> $release${previous:+ (was $previous)}"

# --- 4. restart one process at a time -------------------------------------------------------
# Milliseconds since the epoch ($EPOCHREALTIME: bash 5; its separator follows the locale).
now_ms() {
  local micros="${EPOCHREALTIME/[.,]/}"
  echo $((micros / 1000))
}

ready() {
  curl --silent --fail --max-time 2 --output /dev/null "http://127.0.0.1:$1/healthz"
}

restarted=()
for port in "${ports[@]}"; do
  say "restarting the process on port $port"
  bash -c "${OG_RESTART//\{port\}/$port}" ||
    fail "the restart command failed for port $port: ${OG_RESTART//\{port\}/$port}"
  deadline=$(($(now_ms) + OG_READY_SECONDS * 1000))
  until ready "$port"; do
    if [ "$(now_ms)" -ge "$deadline" ]; then
      waiting=("${ports[@]:${#restarted[@]}+1}")
      {
        echo "upgrade: the process on port $port did not answer GET /healthz 200 within" \
          "${OG_READY_SECONDS} s: stopped there."
        echo "upgrade:   restarted on the new release: ${restarted[*]:-none}; not ready: $port;" \
          "not restarted (still the old release): ${waiting[*]:-none}."
        echo "upgrade:   see its log (journalctl -u og-connect@$port). To go back:" \
          "$0 --no-build ${previous:-<the previous release>} ${ports[*]}"
      } >&2
      exit 1
    fi
    sleep 0.2
  done
  restarted+=("$port")
  say "port $port is ready"
done

# --- 5. keep the last few releases ----------------------------------------------------------
# Newest first by modification time; never the release now running nor the one just left.
if [ -d "$OG_ROOT/releases" ]; then
  kept=0
  while IFS= read -r dir; do
    dir="$(cd "$dir" && pwd -P)"
    if [ "$dir" = "$release" ] || [ "$dir" = "$previous" ] || [ "$kept" -lt "$OG_KEEP_RELEASES" ]; then
      kept=$((kept + 1))
      continue
    fi
    say "removing the old release $dir"
    rm -rf -- "$dir"
  done < <(find "$OG_ROOT/releases" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %p\n' |
    sort -rn | cut -d' ' -f2-)
fi

say "done: ${ports[*]} run $release"
