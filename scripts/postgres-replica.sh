#!/usr/bin/env bash
# A throwaway PostgreSQL primary with one streaming replica, for the read-replica tests:
# both on 127.0.0.1, on free ports, in one temporary directory. The replica is made the way
# an operator makes one: `pg_basebackup -R -X stream` from the running primary.
#
#   scripts/postgres-replica.sh start          starts both; prints two lines: the primary's
#                                              URL, then the replica's
#   scripts/postgres-replica.sh replica-stop   stops the replica (fast shutdown)
#   scripts/postgres-replica.sh replica-start  starts it again on the same port
#   scripts/postgres-replica.sh stop           stops both and deletes the directory
#
# CMS_PG_REPLICA_DIR  where the servers live (default ${TMPDIR:-/tmp}/cms-json-postgres-replica)
# CMS_PG_BIN          a directory with initdb, pg_ctl, postgres and pg_basebackup (default:
#                     Debian's newest /usr/lib/postgresql/*/bin, else the ones on PATH)
#
# URLs are postgres://postgres@127.0.0.1:<port>/postgres; trust authentication on the loopback
# address only (replication included), fsync off: the servers die with their directory.
# Installs Debian's `postgresql` when no server binaries are found (as scripts/postgres.sh).
set -euo pipefail

dir="${CMS_PG_REPLICA_DIR:-${TMPDIR:-/tmp}/cms-json-postgres-replica}"
command="${1:-}"

script_name=postgres-replica.sh
# shellcheck source=scripts/postgres-common.sh
source "$(dirname "$0")/postgres-common.sh"

# Options of both servers. Hot standby lets the replica answer reads; a status every 100 ms
# keeps the primary's view of it fresh. fsync is off: the servers are thrown away.
server_options() {
  echo "-p $1 -c listen_addresses=127.0.0.1 -k $dir/socket -c max_connections=200 -c fsync=off -c full_page_writes=on -c shared_buffers=32MB -c wal_level=replica -c max_wal_senders=5 -c hot_standby=on -c wal_receiver_status_interval=1s -c hot_standby_feedback=on"
}

start_server() { # data-dir port log
  as_owner "$bin/pg_ctl" -D "$1" -l "$3" -w -t 60 -o "$(server_options "$2")" start >/dev/null
}

# Starts the server of $dir/<name> on a free port (three tries: another process may take the
# port first) and prints the port.
start_on_free_port() { # name
  local attempt port
  for attempt in 1 2 3; do
    port=$(free_port)
    if start_server "$dir/$1" "$port" "$dir/$1.log"; then
      echo "$port"
      return
    fi
    echo "postgres-replica.sh: $1 start on port $port failed (attempt $attempt):" >&2
    tail -n 5 "$dir/$1.log" >&2 || true
  done
  exit 1
}

case "$command" in
  start)
    bin=$(server_bin)
    ensure_owner
    rm -rf "$dir"
    mkdir -p "$dir/socket"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust --no-sync --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      as_owner "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust --no-sync --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    echo "host replication postgres 127.0.0.1/32 trust" | as_owner tee -a "$dir/primary/pg_hba.conf" >/dev/null
    port=$(start_on_free_port primary)
    echo "$bin" >"$dir/bin"
    echo "postgres://postgres@127.0.0.1:$port/postgres" >"$dir/primary-url"
    # -R writes standby.signal and primary_conninfo; -X stream copies the WAL made meanwhile.
    as_owner "$bin/pg_basebackup" -D "$dir/replica" -h 127.0.0.1 -p "$port" -U postgres -R -X stream -c fast --no-sync >"$dir/basebackup.log" 2>&1 || {
      cat "$dir/basebackup.log" >&2
      exit 1
    }
    replica_port=$(start_on_free_port replica)
    echo "$replica_port" >"$dir/replica-port"
    echo "postgres://postgres@127.0.0.1:$replica_port/postgres" >"$dir/replica-url"
    cat "$dir/primary-url" "$dir/replica-url"
    ;;
  replica-stop)
    bin=$(cat "$dir/bin")
    as_owner "$bin/pg_ctl" -D "$dir/replica" -m fast -w stop >/dev/null
    ;;
  replica-start)
    bin=$(cat "$dir/bin")
    start_server "$dir/replica" "$(cat "$dir/replica-port")" "$dir/replica.log"
    ;;
  stop)
    if [ -f "$dir/bin" ]; then
      bin=$(cat "$dir/bin")
      for data in replica primary; do
        if [ -f "$dir/$data/postmaster.pid" ]; then
          as_owner "$bin/pg_ctl" -D "$dir/$data" -m immediate -w stop >/dev/null 2>&1 || true
        fi
      done
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/postgres-replica.sh start|replica-stop|replica-start|stop" >&2
    exit 2
    ;;
esac
