/**
 * The capture tool: sends every request of the suite to a running original and writes each
 * answer, its volatile parts marked, as a fixture file.
 *
 *   npx tsx conformance/src/capture.ts [--origin http://127.0.0.1:8081] [--area users]
 *
 * Start from the original's seeded state (`./start.sh --reset` in
 * `/work/shared/tools/wordpress-reference/`, or any WordPress 6.1 seeded the same way): the
 * areas leave the site as they found it, but ids of created records keep counting.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { AREAS } from '../requests/areas.js';
import { recordedRequest, writeFixture } from './fixture.js';
import type { RequestArea } from './request.js';
import { type SavedValues, saveValues, send, type Target } from './send.js';
import { markAnswer } from './volatile.js';

/**
 * Sends one area's requests in order to the original at `target` and writes each answer, its
 * volatile parts marked, into the fixture folder `fixtureArea`; returns how many were recorded.
 * The capture of the suite and the recording for a WordPress database both go through here.
 *
 * @example
 * await captureArea({ origin: 'http://127.0.0.1:8081', restRoot: '/wp-json' }, area, area.area);
 */
export async function captureArea(target: Target, area: RequestArea, fixtureArea: string): Promise<number> {
  const saved: SavedValues = new Map();
  for (const request of area.requests) {
    const answer = await send(target, request, saved);
    saveValues(request, answer, saved);
    const marked = markAnswer(request, answer, { origin: target.origin, saved });
    writeFixture(fixtureArea, { request: recordedRequest(request), answer: marked });
    console.log(`${area.area}/${request.name}: ${answer.status}`);
  }
  return area.requests.length;
}

/** Captures the areas named (all when none) from the original at `target`; returns how many requests were recorded. */
export async function capture(target: Target, areaNames: readonly string[] = []): Promise<number> {
  let count = 0;
  for (const area of AREAS) {
    if (areaNames.length > 0 && !areaNames.includes(area.area)) continue;
    count += await captureArea(target, area, area.area);
  }
  return count;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const { values } = parseArgs({
    options: { origin: { type: 'string', default: 'http://127.0.0.1:8081' }, area: { type: 'string', multiple: true } },
  });
  const origin = String(values.origin).replace(/\/+$/, '');
  const count = await capture({ origin, restRoot: '/wp-json' }, values.area ?? []);
  console.log(`captured ${count} requests from ${origin}`);
}
