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
import { replay } from './replay.js';
import { type ReportTally, reportArea, tallyLine } from './report-area.js';
import { startConformanceSite } from './site.js';

const { values } = parseArgs({ options: { area: { type: 'string', multiple: true }, all: { type: 'boolean', default: false } } });
const site = await startConformanceSite();
const tallies: ReportTally[] = [];
try {
  for (const area of AREAS) {
    if (values.area !== undefined && !values.area.includes(area.area)) continue;
    tallies.push(
      await reportArea(area, {
        fixtureArea: area.area,
        all: values.all,
        missingHint: 'no fixture (capture it)',
        replay: (request, fixture, saved) => replay(site, area.area, request, fixture, saved),
      }),
    );
  }
} finally {
  await site.close();
}
console.log(tallyLine(tallies, 'fixture'));
