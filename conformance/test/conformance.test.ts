/**
 * The WordPress profile, request for request: every recorded request of the original
 * (`conformance/fixtures/`) is sent to cms-json in the `wp` profile, and the answers must
 * match (status, the headers clients read, the body) but for the accepted differences.
 * No WordPress runs here: the fixtures are the contract. See docs/conformance.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../requests/areas.js';
import { isServedRoute, OWN_ROUTES, PENDING_ROUTES } from '../requests/scope.js';
import { ACCEPTED_DIFFERENCES, type AcceptedDifference } from '../src/accepted.js';
import { readFixture, recordedRequest } from '../src/fixture.js';
import { replay } from '../src/replay.js';
import type { SavedValues } from '../src/send.js';
import { type ConformanceSite, startConformanceSite } from '../src/site.js';

let site: ConformanceSite;
const used = new Set<AcceptedDifference>();
const tally = { requests: 0, exact: 0, accepted: 0, pending: 0 };

beforeAll(async () => {
  site = await startConformanceSite();
});
afterAll(async () => {
  await site?.close();
  console.log(
    `conformance: ${tally.requests} recorded requests, ${tally.exact} match exactly, ${tally.accepted} differ only as accepted (${ACCEPTED_DIFFERENCES.length} accepted differences)` +
      (tally.pending > 0 ? `; ${tally.pending} of pending areas still differ (npx tsx conformance/src/report.ts)` : ''),
  );
});

describe('the wp profile answers as the recorded original', () => {
  for (const area of AREAS) {
    describe(area.pending === undefined ? area.area : `${area.area} (pending: ${area.pending})`, () => {
      const saved: SavedValues = new Map();
      for (const request of area.requests) {
        it(`${request.name}: ${request.about}`, async () => {
          const fixture = readFixture(area.area, request.name);
          expect(fixture, `no fixture for ${area.area}/${request.name}: capture it (docs/conformance.md)`).toBeDefined();
          if (fixture === undefined) return;
          expect(fixture.request, 'the request changed since it was captured: capture it again').toEqual(
            JSON.parse(JSON.stringify(recordedRequest(request))),
          );
          const { differences, unexplained, accepted } = await replay(site, area.area, request, fixture, saved);
          for (const entry of accepted) used.add(entry);
          tally.requests += 1;
          if (differences.length === 0) tally.exact += 1;
          else if (unexplained.length === 0) tally.accepted += 1;
          if (area.pending !== undefined) {
            if (unexplained.length > 0) tally.pending += 1;
            return;
          }
          expect(unexplained, `${request.method} ${request.path}`).toEqual([]);
        });
      }
    });
  }
});

describe('the suite itself', () => {
  it('covers every route cms-json serves in the wp profile', async () => {
    const res = await fetch(`${site.origin}${site.restRoot}/`);
    const index = (await res.json()) as { routes: Record<string, unknown> };
    const unlisted = Object.keys(index.routes).filter(
      (route) =>
        !isServedRoute(route) &&
        !OWN_ROUTES.some((own) => own.route.test(route)) &&
        !PENDING_ROUTES.some((pending) => pending.route.test(route)),
    );
    expect(
      unlisted,
      'routes in none of SERVED_ROUTES, OWN_ROUTES and PENDING_ROUTES (requests/scope.ts): add them and their requests',
    ).toEqual([]);
  });

  it('lists no accepted difference that no longer occurs', () => {
    const stale = ACCEPTED_DIFFERENCES.filter((entry) => !used.has(entry)).map((entry) => `${entry.request} ${entry.at}`);
    expect(stale, 'accepted differences that did not occur: remove them from src/accepted.ts').toEqual([]);
  });
});
