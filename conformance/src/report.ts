/**
 * Prints every difference of cms-json from the recorded original, request by request, with
 * the counts at the end: what to work through when the conformance test fails.
 *
 *   npx tsx conformance/src/report.ts [--area users] [--all]
 *
 * Without `--all` only unexplained differences are shown.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { AREAS } from '../requests/areas.js';
import { readFixture } from './fixture.js';
import { describeDifference, replay } from './replay.js';
import type { SavedValues } from './send.js';
import { startConformanceSite } from './site.js';

const { values } = parseArgs({ options: { area: { type: 'string', multiple: true }, all: { type: 'boolean', default: false } } });
const site = await startConformanceSite();
const tally = { requests: 0, exact: 0, accepted: 0, missing: 0 };
try {
  for (const area of AREAS) {
    if (values.area !== undefined && !values.area.includes(area.area)) continue;
    const saved: SavedValues = new Map();
    for (const request of area.requests) {
      const fixture = readFixture(area.area, request.name);
      if (fixture === undefined) {
        console.log(`${area.area}/${request.name}: no fixture (capture it)`);
        tally.missing += 1;
        continue;
      }
      const outcome = await replay(site, area.area, request, fixture, saved);
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
console.log(
  `${tally.requests} requests: ${tally.exact} exact, ${tally.accepted} only accepted differences, ${tally.requests - tally.exact - tally.accepted} with others${tally.missing > 0 ? `, ${tally.missing} without fixture` : ''}`,
);
