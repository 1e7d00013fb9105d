#!/usr/bin/env bash
# Lints the example site's OpenAPI document with Redocly CLI's recommended rules, in both
# profiles (cms and prefix: 'wp'), the whole site's document and the tel/v1 namespace's, every
# plugin loaded (content, books, tel/v1, ratings): the same check as
# examples/site/test/openapi-lint.test.ts (which `npm test` runs), with Redocly's own report.
# Exits non-zero on any error. See docs/openapi.md, "Lint status".
#
#   scripts/lint-openapi.sh                   # summary of each document
#   FORMAT=stylish scripts/lint-openapi.sh    # every problem (any `redocly lint --format`)
#   KEEP=/tmp/docs scripts/lint-openapi.sh    # keep the generated documents there
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

cat >"$out/generate.mts" <<TS
import { writeFileSync } from 'node:fs';
import { ratings } from '$repo/examples/ratings/src/index.ts';
import { readConfig } from '$repo/examples/site/src/config.ts';
import { createSite } from '$repo/examples/site/src/create-site.ts';

for (const prefix of ['cms', 'wp'] as const) {
  const site = await createSite(
    readConfig({
      DATABASE_URL: 'sqlite::memory:',
      CMS_PREFIX: prefix,
      CMS_ADMIN_APP_PASSWORD: 'abcdABCD1234efghEFGH5678',
      CMS_SECRET: 'lint-openapi-secret-0123456789abcdef',
      CMS_SAMPLE_LINKS: '0',
    }),
  );
  await site.server.use(ratings({ database: site.database as never }));
  for (const [name, path] of [['site', 'openapi.json'], ['tel', 'tel/v1/openapi.json']]) {
    const res = await site.server.handle({ method: 'GET', url: \`/\${prefix}-json/\${path}\`, headers: {} });
    if (res?.status !== 200) throw new Error(\`GET /\${prefix}-json/\${path}: \${res?.status}\`);
    writeFileSync('$out/' + prefix + '-' + name + '.json', String(res.body));
  }
  await site.close();
}
TS
npx --no-install tsx "$out/generate.mts"
cd "$out"
"$repo/node_modules/.bin/redocly" lint cms-site.json cms-tel.json wp-site.json wp-tel.json \
  --extends=recommended --format="${FORMAT:-summary}" --max-problems=10000
