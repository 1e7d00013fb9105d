#!/usr/bin/env bash
# A throwaway MariaDB for the tests of @cms-json/wordpress-db (a WordPress database served by
# cms-json): one server on 127.0.0.1, on a free port, with its data in a temporary directory.
#
#   scripts/mariadb.sh start     starts it (installs Debian's `mariadb-server` when no server
#                                binary is found and this runs as root) and prints its URL
#   scripts/mariadb.sh url       prints the URL of the running server
#   scripts/mariadb.sh stop      stops it and deletes its directory
#   scripts/mariadb.sh install   installs Debian's `mariadb-server` when missing (as root)
#
# CMS_MARIADB_DIR  where the server lives (default ${TMPDIR:-/tmp}/cms-json-mariadb)
#
# The URL is mysql://cms:cms@127.0.0.1:<port>/: a user with every grant (tests make a database
# each), password `cms`, over TCP on the loopback address only; the server dies with the
# directory. Why Debian's package: see docs/wordpress-database.md.
set -euo pipefail

dir="${CMS_MARIADB_DIR:-${TMPDIR:-/tmp}/cms-json-mariadb}"
command="${1:-}"

find_server() {
  command -v mariadbd 2>/dev/null || { [ -x /usr/sbin/mariadbd ] && echo /usr/sbin/mariadbd; } || true
}

install_mariadb() {
  if [ -n "$(find_server)" ]; then return 0; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "mariadb.sh: no MariaDB server binary found; install Debian's 'mariadb-server' package." >&2
    exit 1
  fi
  echo "mariadb.sh: installing Debian's mariadb-server package…" >&2
  # The package's own server is not used (and may fail to start in a container): ignore it.
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mariadb-server mariadb-client >&2 || true
  [ -n "$(find_server)" ] || {
    echo "mariadb.sh: mariadb-server was installed but mariadbd was not found." >&2
    exit 1
  }
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

client() {
  local bin
  bin=$(command -v mariadb 2>/dev/null || command -v mysql)
  "$bin" --no-defaults --socket="$dir/sock" -uroot "$@"
}

running() {
  [ -f "$dir/url" ] && [ -S "$dir/sock" ] && client -e 'select 1' >/dev/null 2>&1
}

case "$command" in
  install)
    install_mariadb
    ;;
  start)
    install_mariadb
    server=$(find_server)
    if running; then
      cat "$dir/url"
      exit 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir/data"
    user_args=()
    # MariaDB refuses to run as root unless told which user to be: as root, it is `mysql`.
    if [ "$(id -u)" -eq 0 ]; then
      id mysql >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin mysql
      chown -R mysql: "$dir"
      user_args=(--user=mysql)
    fi
    install_db=$(command -v mariadb-install-db 2>/dev/null || command -v mysql_install_db)
    "$install_db" --no-defaults --datadir="$dir/data" "${user_args[@]}" --auth-root-authentication-method=socket \
      --skip-test-db >"$dir/install.log" 2>&1 || {
      cat "$dir/install.log" >&2
      exit 1
    }
    for attempt in 1 2 3; do
      port=$(free_port)
      # fsync and the doublewrite buffer are off because the server is thrown away with its
      # directory; WordPress's own tables are InnoDB, as on a real site.
      "$server" --no-defaults --datadir="$dir/data" "${user_args[@]}" --port="$port" --bind-address=127.0.0.1 \
        --socket="$dir/sock" --pid-file="$dir/mariadbd.pid" --log-error="$dir/server.log" \
        --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --innodb-buffer-pool-size=128M \
        --max-connections=400 --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_520_ci \
        --skip-name-resolve >/dev/null 2>&1 &
      for _ in $(seq 1 120); do
        client -e 'select 1' >/dev/null 2>&1 && break
        sleep 0.25
      done
      if client -e 'select 1' >/dev/null 2>&1; then
        client -e "CREATE USER IF NOT EXISTS 'cms'@'127.0.0.1' IDENTIFIED BY 'cms'; GRANT ALL PRIVILEGES ON *.* TO 'cms'@'127.0.0.1' WITH GRANT OPTION;"
        echo "mysql://cms:cms@127.0.0.1:$port/" >"$dir/url"
        cat "$dir/url"
        exit 0
      fi
      echo "mariadb.sh: start on port $port failed (attempt $attempt):" >&2
      tail -n 5 "$dir/server.log" >&2 || true
      [ -f "$dir/mariadbd.pid" ] && kill "$(cat "$dir/mariadbd.pid")" 2>/dev/null || true
    done
    exit 1
    ;;
  url)
    if [ ! -f "$dir/url" ]; then
      echo "mariadb.sh: no server running under $dir (run: scripts/mariadb.sh start)" >&2
      exit 1
    fi
    cat "$dir/url"
    ;;
  stop)
    if [ -f "$dir/mariadbd.pid" ]; then
      pid=$(cat "$dir/mariadbd.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 80); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/mariadb.sh start|url|stop|install" >&2
    exit 2
    ;;
esac
