#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL cluster in a temp dir on a free loopback port, runs CMD with
# TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres exported, then stops the
# cluster and removes the temp dir (also when CMD fails or the script is interrupted).
# Exits with CMD's exit status.
#
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user and
# initdb/pg_ctl run through `runuser -u postgres --`.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

# --- find initdb and pg_ctl (same installation) -------------------------------------------
INITDB=""
PG_CTL=""
if command -v pg_ctl >/dev/null 2>&1; then
  dir="$(dirname "$(readlink -f "$(command -v pg_ctl)")")"
  if [ -x "$dir/initdb" ]; then
    INITDB="$dir/initdb"
    PG_CTL="$dir/pg_ctl"
  elif command -v initdb >/dev/null 2>&1; then
    INITDB="$(command -v initdb)"
    PG_CTL="$(command -v pg_ctl)"
  fi
fi
if [ -z "$PG_CTL" ]; then
  # Debian keeps the server binaries off PATH: take the newest major version.
  while IFS= read -r dir; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      INITDB="$dir/initdb"
      PG_CTL="$dir/pg_ctl"
      break
    fi
  done < <(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r)
fi
if [ -z "$PG_CTL" ]; then
  echo "with-postgres: no PostgreSQL server found (initdb/pg_ctl on PATH or under" \
    "/usr/lib/postgresql/*/bin); install it with: apt-get install -y postgresql" >&2
  exit 1
fi

# --- run as the postgres user when root ----------------------------------------------------
AS_PG=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' user to own the cluster" >&2
    exit 1
  fi
  AS_PG=(runuser -u postgres --)
fi

# Under /tmp (not $TMPDIR): the socket path must stay short, and the postgres user must be
# able to reach it.
PG_TMP="$(mktemp -d /tmp/with-postgres.XXXXXX)"
PG_STARTED=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -f "$PG_TMP/data/postmaster.pid" ]; then
    (cd "$PG_TMP" && "${AS_PG[@]}" "$PG_CTL" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1) ||
      echo "with-postgres: could not stop the cluster in $PG_TMP" >&2
  fi
  rm -rf "$PG_TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "${#AS_PG[@]}" -gt 0 ]; then
  chown postgres "$PG_TMP"
fi

# The postgres user may not be allowed into the caller's working directory: run from PG_TMP.
if ! (cd "$PG_TMP" && "${AS_PG[@]}" "$INITDB" -D "$PG_TMP/data" -U postgres --auth=trust \
  -E UTF8 --locale=C.UTF-8 --no-sync >"$PG_TMP/initdb.log" 2>&1); then
  echo "with-postgres: initdb failed:" >&2
  cat "$PG_TMP/initdb.log" >&2
  exit 1
fi

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# A port found free can be taken before the server binds it: try a few times.
PORT=""
for attempt in 1 2 3; do
  PORT="$(free_port)"
  if (cd "$PG_TMP" && "${AS_PG[@]}" "$PG_CTL" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
    -o "-p $PORT -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null); then
    PG_STARTED=1
    break
  fi
  echo "with-postgres: PostgreSQL did not start on port $PORT (attempt $attempt)" >&2
done
if [ "$PG_STARTED" -ne 1 ]; then
  cat "$PG_TMP/log" >&2 || true
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: $("$PG_CTL" --version) on $TEST_DATABASE_URL" >&2

# Run CMD in the background (stdin kept) so that a signal sent to this script alone reaches
# it too; then wait until it has really exited.
"$@" <&0 &
child=$!
trap 'kill -INT "$child" 2>/dev/null || true' INT
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
status=0
while :; do
  wait "$child" && status=0 || status=$?
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
