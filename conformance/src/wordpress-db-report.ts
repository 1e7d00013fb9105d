/**
 * Prints every difference of cms-json on a WordPress database from the original on the same
 * data, request by request, with the counts at the end: what to work through when
 * `test/wordpress-db.test.ts` fails.
 *
 *   npx tsx conformance/src/wordpress-db-report.ts [--area users] [--all]
 *
 * Uses the MariaDB named by `CMS_TEST_MYSQL_URL`, or starts a throwaway one
 * (`scripts/mariadb.sh`) for the run. Without `--all` only unexplained differences are shown.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFixture } from './fixture.js';
import { describeDifference } from './replay.js';
import type { SavedValues } from './send.js';
import { replayOnWordPressDb } from './wordpress-db-replay.js';
import { WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS, wordpressDbFixtureArea } from './wordpress-db-requests.js';
import { startWordPressDbSite } from './wordpress-db-site.js';

const { values } = parseArgs({ options: { area: { type: 'string', multiple: true }, all: { type: 'boolean', default: false } } });
const script = fileURLToPath(new URL('../../scripts/mariadb.sh', import.meta.url));
const env = { ...process.env, CMS_MARIADB_DIR: `${process.env.TMPDIR ?? '/tmp'}/cms-json-mariadb-report-${process.pid}` };
const given = process.env.CMS_TEST_MYSQL_URL ?? '';
const serverUrl = given !== '' ? given : execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' }).trim();
const tally = { requests: 0, exact: 0, accepted: 0, missing: 0 };
try {
  // The reads on one fixture copy, the writes on another.
  for (const areas of [WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS]) {
    const site = await startWordPressDbSite({ serverUrl });
    try {
      for (const area of areas) {
        if (values.area !== undefined && !values.area.includes(area.area)) continue;
        const saved: SavedValues = new Map();
        for (const request of area.requests) {
          const fixture = readFixture(wordpressDbFixtureArea(area.area), request.name);
          if (fixture === undefined) {
            console.log(`${area.area}/${request.name}: no recording (run wordpress-db-record.ts)`);
            tally.missing += 1;
            continue;
          }
          const outcome = await replayOnWordPressDb(site, area.area, request, fixture, saved);
          tally.requests += 1;
          if (outcome.differences.length === 0) tally.exact += 1;
          else if (outcome.unexplained.length === 0) tally.accepted += 1;
          const lines = values.all ? outcome.differences.map(describeDifference) : outcome.unexplained;
          if (lines.length === 0) continue;
          console.log(`${area.area}/${request.name}  (${request.method} ${request.path})`);
          for (const line of lines) console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
        }
      }
    } finally {
      await site.close();
    }
  }
} finally {
  if (given === '') execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
}
console.log(
  `${tally.requests} requests: ${tally.exact} exact, ${tally.accepted} only accepted differences, ${tally.requests - tally.exact - tally.accepted} with others${tally.missing > 0 ? `, ${tally.missing} without recording` : ''}`,
);
