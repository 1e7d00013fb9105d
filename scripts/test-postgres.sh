#!/usr/bin/env bash
# The storage suite on PostgreSQL: starts a throwaway server (scripts/postgres.sh), runs the
# test projects that touch storage with CMS_TEST_DATABASE_URL set (every storage test then
# gets a fresh schema on it), stops the server. The other projects (core, adapters) never
# open a database and run once, in the SQLite run (so do the browser checks and the WordPress-database
# conformance run, excluded below). Extra arguments go to vitest, e.g. the
# JSON reporter of .ci/run; CMS_PG_PROJECTS="" runs every project; CMS_PG_ALL_FILES=1 every file of
# the projects (not only those scripts/storage-test-files.ts finds touching storage).
set -uo pipefail
cd "$(dirname "$0")/.."
export CMS_PG_DIR="${CMS_PG_DIR:-${TMPDIR:-/tmp}/cms-json-postgres-$$}"
url=$(scripts/postgres.sh start) || exit 1
trap 'scripts/postgres.sh stop' EXIT
echo "PostgreSQL for tests: $url"
projects=()
dirs=()
for name in ${CMS_PG_PROJECTS-database content example-outgoing-links example-ratings example-books example-site conformance}; do
  # A project's files that mock modules run in its "-isolated" sibling (vitest.workspace.ts).
  projects+=(--project "$name" --project "$name-isolated")
  case "$name" in
    example-*) dirs+=("examples/${name#example-}") ;;
    conformance) dirs+=(conformance) ;;
    *) dirs+=("packages/$name") ;;
  esac
done
# The tel/v1 suite with the tel site served on Bun and on Deno (examples/outgoing-links/test/
# runtime-projects.ts) reaches PostgreSQL over each runtime's own TCP (issue 39); workerd's runs on
# D1 only. The other runtime projects (the example site on Bun and Deno, the adapter conformance)
# run once, in the SQLite run.
for name in ${CMS_PG_RUNTIME_PROJECTS-example-outgoing-links-bun example-outgoing-links-deno}; do projects+=(--project "$name"); done
# Within those projects, only the test files that can touch the test database run again (issue
# 39): those whose imports reach @cms-json/database/testing or that read CMS_TEST_DATABASE_URL
# (scripts/storage-test-files.ts). The others open no PostgreSQL connection, so they would run
# here exactly as in the SQLite run. When the list cannot be made, every file runs.
files=()
if [ "${#dirs[@]}" -gt 0 ] && [ "${CMS_PG_ALL_FILES:-}" != 1 ]; then
  if list=$(node_modules/.bin/tsx scripts/storage-test-files.ts "${dirs[@]}") && [ -n "$list" ]; then
    mapfile -t files <<<"$list"
    echo "PostgreSQL run: ${#files[@]} test files that can touch the test database (scripts/storage-test-files.ts)"
  else
    echo "PostgreSQL run: scripts/storage-test-files.ts failed; running every test file of the projects"
  fi
fi
# What never touches the test database runs once, in the SQLite run: the browser checks (a page
# of the browsable API in Chromium) and the conformance run on a WordPress database (MariaDB).
excluded=(--exclude '**/test/browser/**' --exclude '**/test/wordpress-db.test.ts')
# So do the tests that start a PostgreSQL of their own, a primary and its streaming replica
# (issue 38), whichever run they are in: the replica tests of @cms-json/database
# (src/read-replicas.test.ts; the site's src/read-replicas.test.ts of the same name reads
# settings only), the site on read replicas, and the two "machines" (20 to 60 s each).
excluded+=(--exclude '**/src/read-replicas.test.ts' --exclude '**/test/read-replicas.test.ts' --exclude '**/test/two-machines.test.ts')
# The in-process fuzzing of every route (examples/site/test/robustness) checks the same
# invariants on PostgreSQL with a quarter of the SQLite run's 20,000 requests (FUZZ_RUNS wins).
export FUZZ_RUNS="${FUZZ_RUNS:-5000}"
CMS_TEST_DATABASE_URL="$url" npm test -- "${projects[@]}" "${excluded[@]}" "$@" "${files[@]}"
