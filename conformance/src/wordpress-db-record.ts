/**
 * Records the original's answers on the fixture state, for the conformance run on a WordPress
 * database: sends every request of `wordpress-db-requests.ts` to the runnable original and
 * writes each answer, marked as the capture tool marks it, to `conformance/fixtures/wordpress-db/`.
 *
 *   packages/wordpress-db/scripts/record-fixture.sh    # as root: reset the original, extra seed, dump
 *   npx tsx conformance/src/wordpress-db-record.ts [--origin http://127.0.0.1:8081] [--area users]
 *
 * Run it by hand right after `record-fixture.sh`, so the original holds exactly the fixture's
 * data; never in tests or CI. The reads come first; the write areas last, in order, change the
 * original (run `record-fixture.sh` again before recording anything else). It refuses to record
 * when the original lacks the fixture's extra records, and the writes when it holds an earlier
 * run's (post 45).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { captureArea } from './capture.js';
import type { Target } from './send.js';
import { WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS, wordpressDbFixtureArea } from './wordpress-db-requests.js';

/** Refuses to record writes on an original that already holds an earlier run's (post 45 is the first they make). */
async function expectUnwritten(target: Target): Promise<void> {
  const auth = `Basic ${Buffer.from('admin:oracleadminapppassword01').toString('base64')}`;
  const probe = await fetch(`${target.origin}${target.restRoot}/wp/v2/posts/45?context=edit`, {
    headers: { authorization: auth },
  });
  if (probe.status !== 404) {
    throw new Error(
      `the original at ${target.origin} holds earlier writes (post 45: ${probe.status}): run packages/wordpress-db/scripts/record-fixture.sh first`,
    );
  }
}

/**
 * Records the areas named (all when none) from the original at `target`; returns how many
 * requests were recorded.
 *
 * @example
 * await recordWordPressDb({ origin: 'http://127.0.0.1:8081', restRoot: '/wp-json' }, ['users']);
 */
export async function recordWordPressDb(target: Target, areaNames: readonly string[] = []): Promise<number> {
  const probe = await fetch(`${target.origin}${target.restRoot}/wp/v2/media/42`);
  if (probe.status !== 200) {
    throw new Error(
      `the original at ${target.origin} lacks the fixture's attachment 42 (status ${probe.status}): run packages/wordpress-db/scripts/record-fixture.sh first`,
    );
  }
  let count = 0;
  for (const area of [...WORDPRESS_DB_AREAS, ...WORDPRESS_DB_WRITE_AREAS]) {
    if (areaNames.length > 0 && !areaNames.includes(area.area)) continue;
    if (WORDPRESS_DB_WRITE_AREAS.includes(area)) await expectUnwritten(target);
    count += await captureArea(target, area, wordpressDbFixtureArea(area.area));
  }
  return count;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const { values } = parseArgs({
    options: { origin: { type: 'string', default: 'http://127.0.0.1:8081' }, area: { type: 'string', multiple: true } },
  });
  const origin = String(values.origin).replace(/\/+$/, '');
  const count = await recordWordPressDb({ origin, restRoot: '/wp-json' }, values.area ?? []);
  console.log(`recorded ${count} requests from ${origin} into conformance/fixtures/wordpress-db/`);
}
