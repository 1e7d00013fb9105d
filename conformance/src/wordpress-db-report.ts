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
import { type ReportTally, reportArea, tallyLine } from './report-area.js';
import { replayOnWordPressDb } from './wordpress-db-replay.js';
import { WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS, wordpressDbFixtureArea } from './wordpress-db-requests.js';
import { startWordPressDbSite } from './wordpress-db-site.js';

const { values } = parseArgs({ options: { area: { type: 'string', multiple: true }, all: { type: 'boolean', default: false } } });
const script = fileURLToPath(new URL('../../scripts/mariadb.sh', import.meta.url));
const env = { ...process.env, CMS_MARIADB_DIR: `${process.env.TMPDIR ?? '/tmp'}/cms-json-mariadb-report-${process.pid}` };
const given = process.env.CMS_TEST_MYSQL_URL ?? '';
const serverUrl = given !== '' ? given : execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' }).trim();
const tallies: ReportTally[] = [];
try {
  // The reads on one fixture copy, the writes on another.
  for (const areas of [WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS]) {
    const site = await startWordPressDbSite({ serverUrl });
    try {
      for (const area of areas) {
        if (values.area !== undefined && !values.area.includes(area.area)) continue;
        tallies.push(
          await reportArea(area, {
            fixtureArea: wordpressDbFixtureArea(area.area),
            all: values.all,
            missingHint: 'no recording (run wordpress-db-record.ts)',
            replay: (request, fixture, saved) => replayOnWordPressDb(site, area.area, request, fixture, saved),
          }),
        );
      }
    } finally {
      await site.close();
    }
  }
} finally {
  if (given === '') execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
}
console.log(tallyLine(tallies, 'recording'));
