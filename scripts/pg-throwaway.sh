#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for tests and prints its DATABASE_URL.
# Usage: eval "$(scripts/pg-throwaway.sh start [port])"   …   scripts/pg-throwaway.sh stop [port]
# Each port has its own folder, so several clusters can run side by side: PG_THROWAWAY_DIR, else
# perch-pg-<port> in TMPDIR (or /tmp).
set -euo pipefail
PORT=${2:-55432}
DIR=${PG_THROWAWAY_DIR:-${TMPDIR:-/tmp}/perch-pg-$PORT}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }
as_pg() { if is_root; then runuser -u postgres -- "$@"; else "$@"; fi; }
# PostgreSQL refuses to run as root, so as root the cluster runs as the user postgres. That user
# cannot reach a folder inside a private folder of root's (TMPDIR=/tmp/priv with mode 700): the
# cluster's data then lives in a folder of its own under /tmp, whose name DIR/data-folder keeps.
data_folder() { if [ -f "$DIR/data-folder" ]; then cat "$DIR/data-folder"; else echo "$DIR"; fi; }
remove() {
  local data
  data=$(data_folder)
  as_pg "$BIN/pg_ctl" -D "$data" stop -m "$1" >/dev/null 2>&1 || true
  [ "$data" = "$DIR" ] || rm -rf "$data"
  rm -rf "$DIR"
}
case "${1:-start}" in
  start)
    remove immediate
    mkdir -p "$DIR"
    DATA=$DIR
    if is_root; then
      chown postgres "$DIR"
      if ! runuser -u postgres -- test -w "$DIR"; then
        DATA=$(mktemp -d "/tmp/perch-pg-$PORT.XXXXXX")
        chown postgres "$DATA"
        echo "$DATA" >"$DIR/data-folder"
      fi
    fi
    as_pg "$BIN/initdb" --no-sync -A trust -U postgres -D "$DATA" >/dev/null
    as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w start \
      -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
    echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    remove fast
    ;;
esac
