#!/usr/bin/env bash
# Read-back through WordPress (a development aid, never a test or CI step): loads a database
# cms-json wrote into the runnable original's MariaDB as `wp_oracle`
# (/work/shared/tools/wordpress-reference, http://127.0.0.1:8081), so WordPress 6.1's own PHP
# serves exactly those rows; then fetches WordPress's answers for the paths given, as the
# administrator (HTTP Basic, the fixture's application password), into a folder.
#
#   packages/wordpress-db/scripts/read-back.sh mysql://user:pass@127.0.0.1:port/database [out-dir] [path…]
#
# Paths are below /wp-json (`/wp/v2/posts/45?context=edit`); the answers land in out-dir
# (default ./read-back) as <n>.json with the status on the first line of <n>.status.
# conformance/src/wordpress-db-read-back.ts runs it after the suite's writes and diffs the
# answers with cms-json's. Afterwards the original holds the written data: re-seed it with
# scripts/record-fixture.sh (or ./start.sh --reset of the reference) before recording anything.
# Run as root (the reference's MariaDB is reached through its socket as root).
set -euo pipefail
url="${1:?usage: read-back.sh mysql://user:pass@host:port/database [out-dir] [path…]}"
out="${2:-read-back}"
shift $(( $# >= 2 ? 2 : 1 ))
rest="${url#mysql://}"
creds="${rest%%@*}"
hostport_db="${rest#*@}"
user="${creds%%:*}"
pass="${creds#*:}"
hostport="${hostport_db%%/*}"
database="${hostport_db#*/}"
host="${hostport%%:*}"
port="${hostport#*:}"
[ "$port" = "$hostport" ] && port=3306
[ -n "$database" ] || { echo "read-back.sh: the URL names no database" >&2; exit 2; }

dump="$(mktemp)"
trap 'rm -f "$dump"' EXIT
mysqldump --protocol=tcp -h "$host" -P "$port" -u "$user" -p"$pass" --skip-dump-date --single-transaction \
  --skip-lock-tables --default-character-set=utf8mb4 --no-tablespaces "$database" >"$dump"
mysql -uroot -e 'DROP DATABASE IF EXISTS `wp_oracle`; CREATE DATABASE `wp_oracle` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'
mysql -uroot wp_oracle <"$dump"
echo "read-back: loaded $database ($(wc -c <"$dump") bytes) into wp_oracle" >&2

mkdir -p "$out"
n=0
for path in "$@"; do
  n=$((n + 1))
  curl -s -u admin:oracleadminapppassword01 -o "$out/$n.json" -w '%{http_code}' "http://127.0.0.1:8081/wp-json$path" >"$out/$n.status"
  echo "read-back: $path -> $(cat "$out/$n.status")" >&2
done
