#!/usr/bin/env bash
# A throwaway PostgreSQL for tests, CI and benchmarks: one server on 127.0.0.1, on a free
# port, with its data in a temporary directory. Nothing to do by hand.
#
#   scripts/postgres.sh start   starts it (installs Debian's `postgresql` when no server
#                               binaries are found) and prints its URL
#   scripts/postgres.sh url     prints the URL of the running server
#   scripts/postgres.sh stop    stops it and deletes its directory
#
# CMS_PG_DIR     where the server lives (default ${TMPDIR:-/tmp}/cms-json-postgres)
# CMS_PG_BIN     a directory with initdb, pg_ctl and postgres (default: Debian's newest
#                /usr/lib/postgresql/*/bin, else the ones on PATH)
#
# The URL is postgres://postgres@127.0.0.1:<port>/postgres; local trust authentication, no
# password: the server listens on the loopback address only and dies with the directory.
# Why Debian's package and not a binary from the npm registry: see docs/database.md.
set -euo pipefail

dir="${CMS_PG_DIR:-${TMPDIR:-/tmp}/cms-json-postgres}"
command="${1:-}"

script_name=postgres.sh
# shellcheck source=scripts/postgres-common.sh
source "$(dirname "$0")/postgres-common.sh"

running() {
  [ -f "$dir/url" ] && [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

case "$command" in
  start)
    bin=$(server_bin)
    ensure_owner
    if running; then
      cat "$dir/url"
      exit 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir/socket"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    # Tests start many pools at once (a pool per test database, several site processes):
    # max_connections is raised. fsync is off because the server is thrown away with its
    # directory: it only loses data if the machine itself crashes, which no test does.
    for attempt in 1 2 3; do
      port=$(free_port)
      if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $dir/socket -c max_connections=400 -c fsync=off -c full_page_writes=off -c shared_buffers=64MB" \
        start >/dev/null; then
        echo "postgres://postgres@127.0.0.1:$port/postgres" >"$dir/url"
        echo "$bin" >"$dir/bin"
        cat "$dir/url"
        exit 0
      fi
      echo "postgres.sh: start on port $port failed (attempt $attempt):" >&2
      tail -n 5 "$dir/server.log" >&2 || true
    done
    exit 1
    ;;
  url)
    if [ ! -f "$dir/url" ]; then
      echo "postgres.sh: no server running under $dir (run: scripts/postgres.sh start)" >&2
      exit 1
    fi
    cat "$dir/url"
    ;;
  stop)
    if [ -f "$dir/bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
      bin=$(cat "$dir/bin")
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/postgres.sh start|url|stop" >&2
    exit 2
    ;;
esac
