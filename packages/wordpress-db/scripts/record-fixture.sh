#!/usr/bin/env bash
# Re-makes the fixture database that the tests of @cms-json/wordpress-db serve: a database
# written by WordPress 6.1 itself. Starts the runnable original freshly seeded
# (../shared/tools/wordpress-reference, as root; `./start.sh --reset`), runs
# fixtures/extra-seed.php through WordPress's own PHP when it is there (records the seed
# lacks: an attachment with its sizes, a custom role, per-user grants, old password hashes;
# the attachment's files are copied to fixtures/uploads/), then dumps the database to fixtures/wordpress-6.1.sql. A development aid: no test or CI step
# runs it; the dump is committed.
#
#   packages/wordpress-db/scripts/record-fixture.sh [--no-reset]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
reference="$(cd "$here/../../../shared/tools/wordpress-reference" && pwd)"
if [ "${1:-}" != "--no-reset" ]; then
  (cd "$reference" && ./start.sh --reset)
fi
if [ -f "$here/fixtures/extra-seed.php" ]; then
  php -d display_errors=stderr "$here/fixtures/extra-seed.php" /usr/share/wordpress
  # The attachment's files (the original and its generated sizes), for tests that serve them.
  rm -rf "$here/fixtures/uploads"
  mkdir -p "$here/fixtures/uploads/2023/02"
  cp /var/lib/wordpress/wp-content/uploads/2023/02/cms-fixture*.png "$here/fixtures/uploads/2023/02/"
fi
# One row an INSERT and no dump date, so a re-recording diffs line by line.
mysqldump -uroot --skip-dump-date --skip-extended-insert --single-transaction --skip-lock-tables \
  --default-character-set=utf8mb4 --no-tablespaces wp_oracle >"$here/fixtures/wordpress-6.1.sql"
echo "record-fixture: wrote $here/fixtures/wordpress-6.1.sql ($(wc -l <"$here/fixtures/wordpress-6.1.sql") lines)"
