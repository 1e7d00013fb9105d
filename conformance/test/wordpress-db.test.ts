/**
 * The WordPress profile on a WordPress database: cms-json serving a fresh copy of the fixture
 * database WordPress 6.1 wrote (`packages/wordpress-db/fixtures/`) answers the suite's reads,
 * and the requests of the fixture's extra records, as the original answered them on the same
 * data (`conformance/fixtures/wordpress-db/`), but for the differences listed with their
 * reasons in `src/wordpress-db-accepted.ts`. Needs the test MariaDB of the project's global
 * setup; skipped without one. See docs/conformance.md, "On a WordPress database".
 */
/// <reference path="../../packages/wordpress-db/test/provided-context.d.ts" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AcceptedDifference } from '../src/accepted.js';
import { readFixture, recordedRequest } from '../src/fixture.js';
import type { RequestArea } from '../src/request.js';
import type { SavedValues } from '../src/send.js';
import { WORDPRESS_DB_ACCEPTED } from '../src/wordpress-db-accepted.js';
import { replayOnWordPressDb } from '../src/wordpress-db-replay.js';
import { WORDPRESS_DB_AREAS, WORDPRESS_DB_WRITE_AREAS, wordpressDbFixtureArea } from '../src/wordpress-db-requests.js';
import { startWordPressDbSite, type WordPressDbSite } from '../src/wordpress-db-site.js';

const serverUrl = inject('mysqlUrl');

const used = new Set<AcceptedDifference>();
const tally = { requests: 0, exact: 0, accepted: 0, other: 0 };

/** The areas' requests in order against one fresh fixture copy served by cms-json. */
function runAreas(areas: readonly RequestArea[]): void {
  let site: WordPressDbSite | undefined;
  beforeAll(async () => {
    site = await startWordPressDbSite({ serverUrl });
  });
  afterAll(async () => {
    await site?.close();
  });
  for (const area of areas) {
    describe(area.area, () => {
      const saved: SavedValues = new Map();
      for (const request of area.requests) {
        it(`${request.name}: ${request.about}`, async () => {
          const fixture = readFixture(wordpressDbFixtureArea(area.area), request.name);
          expect(
            fixture,
            `no recording for ${area.area}/${request.name}: run conformance/src/wordpress-db-record.ts`,
          ).toBeDefined();
          if (fixture === undefined || site === undefined) return;
          expect(fixture.request, 'the request changed since it was recorded: record it again').toEqual(
            JSON.parse(JSON.stringify(recordedRequest(request))),
          );
          const outcome = await replayOnWordPressDb(site, area.area, request, fixture, saved);
          for (const entry of outcome.accepted) used.add(entry);
          tally.requests += 1;
          if (outcome.differences.length === 0) tally.exact += 1;
          else if (outcome.unexplained.length === 0) tally.accepted += 1;
          else tally.other += 1;
          expect(outcome.unexplained, `${request.method} ${request.path}`).toEqual([]);
        });
      }
    });
  }
}

describe.skipIf(serverUrl === '')('cms-json on the WordPress database answers as the original on the same data', () => {
  afterAll(() => {
    console.log(
      `conformance on a WordPress database: ${tally.requests} requests, ${tally.exact} exact, ${tally.accepted} only accepted differences, ${tally.other} other (${WORDPRESS_DB_ACCEPTED.length} accepted differences)`,
    );
  });

  describe('reads, on one fixture copy', () => runAreas(WORDPRESS_DB_AREAS));
  describe('writes, in order on a fixture copy of their own', () => runAreas(WORDPRESS_DB_WRITE_AREAS));

  it('lists no accepted difference that no longer occurs', () => {
    const stale = WORDPRESS_DB_ACCEPTED.filter((entry) => !used.has(entry)).map((entry) => `${entry.request} ${entry.at}`);
    expect(stale, 'accepted differences that did not occur: remove them from src/wordpress-db-accepted.ts').toEqual([]);
  });
});
