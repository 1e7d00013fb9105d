#!/usr/bin/env bash
# The storage suite on PostgreSQL: starts a throwaway server (scripts/postgres.sh), runs
# `npm test` with CMS_TEST_DATABASE_URL set (every storage test then gets a fresh schema on
# it), stops the server. Extra arguments go to vitest, e.g. the JSON reporter of .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
export CMS_PG_DIR="${CMS_PG_DIR:-${TMPDIR:-/tmp}/cms-json-postgres-$$}"
url=$(scripts/postgres.sh start) || exit 1
trap 'scripts/postgres.sh stop' EXIT
echo "PostgreSQL for tests: $url"
CMS_TEST_DATABASE_URL="$url" npm test -- "$@"
