#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for tests and prints its DATABASE_URL.
# Usage: eval "$(scripts/pg-throwaway.sh start [port])"   …   scripts/pg-throwaway.sh stop [port]
# Each port has its own data folder, so several clusters can run side by side.
set -euo pipefail
PORT=${2:-55432}
DIR=${PG_THROWAWAY_DIR:-/tmp/perch-pg-$PORT}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    as_pg "$BIN/pg_ctl" -D "$DIR" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$DIR"; mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_pg "$BIN/initdb" --no-sync -A trust -U postgres -D "$DIR" >/dev/null
    as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w start \
      -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
    echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_pg "$BIN/pg_ctl" -D "$DIR" stop -m fast >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
esac
