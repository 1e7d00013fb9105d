/**
 * One area of a difference report: replays its requests against cms-json, prints the
 * differences of each (only the unexplained ones unless `all`), and counts them. The report
 * of the recorded original (`report.ts`) and the one on a WordPress database
 * (`wordpress-db-report.ts`) both go through here, each with its own replay.
 *
 * @module
 */
import { type Fixture, readFixture } from './fixture.js';
import { describeDifference, type Replayed } from './replay.js';
import type { ConformanceRequest, RequestArea } from './request.js';
import type { SavedValues } from './send.js';

/** How many requests a report replayed, and how they compared. */
export interface ReportTally {
  /** Requests replayed (with a recording). */
  readonly requests: number;
  /** Requests answered exactly as the original. */
  readonly exact: number;
  /** Requests whose every difference is accepted. */
  readonly accepted: number;
  /** Requests without a recording, not replayed. */
  readonly missing: number;
}

/** What one area's report needs besides the area. */
export interface ReportAreaOptions {
  /** The fixture folder the area's recordings are read from. */
  readonly fixtureArea: string;
  /** Print every difference, accepted or not. */
  readonly all: boolean;
  /** What to tell when a request has no recording, e.g. `'no fixture (capture it)'`. */
  readonly missingHint: string;
  /** Sends one request to cms-json and compares its answer with the recording. */
  readonly replay: (request: ConformanceRequest, fixture: Fixture, saved: SavedValues) => Promise<Replayed>;
  /** Where lines go (`console.log` unless given). */
  readonly print?: (line: string) => void;
}

/** Lines longer than this are cut, with `…`. */
const LINE_MAX = 400;

/**
 * Replays an area's requests in order, printing each one's differences; returns its tally.
 *
 * @example
 * const tally = await reportArea(area, {
 *   fixtureArea: area.area, all: false, missingHint: 'no fixture (capture it)',
 *   replay: (request, fixture, saved) => replay(site, area.area, request, fixture, saved),
 * });
 */
export async function reportArea(area: RequestArea, options: ReportAreaOptions): Promise<ReportTally> {
  const print = options.print ?? ((line: string) => console.log(line));
  const saved: SavedValues = new Map();
  let requests = 0;
  let exact = 0;
  let accepted = 0;
  let missing = 0;
  for (const request of area.requests) {
    const fixture = readFixture(options.fixtureArea, request.name);
    if (fixture === undefined) {
      print(`${area.area}/${request.name}: ${options.missingHint}`);
      missing += 1;
      continue;
    }
    const outcome = await options.replay(request, fixture, saved);
    requests += 1;
    if (outcome.differences.length === 0) exact += 1;
    else if (outcome.unexplained.length === 0) accepted += 1;
    const lines = options.all ? outcome.differences.map(describeDifference) : outcome.unexplained;
    if (lines.length === 0) continue;
    print(`${area.area}/${request.name}  (${request.method} ${request.path})`);
    for (const line of lines) print(`  ${line.length > LINE_MAX ? `${line.slice(0, LINE_MAX)}…` : line}`);
  }
  return { requests, exact, accepted, missing };
}

/**
 * The report's last line: the tallies of its areas added up.
 *
 * @example
 * tallyLine([{ requests: 3, exact: 2, accepted: 1, missing: 1 }], 'fixture');
 * // '3 requests: 2 exact, 1 only accepted differences, 0 with others, 1 without fixture'
 */
export function tallyLine(tallies: readonly ReportTally[], recording: string): string {
  const sum = (key: keyof ReportTally) => tallies.reduce((total, tally) => total + tally[key], 0);
  const requests = sum('requests');
  const exact = sum('exact');
  const accepted = sum('accepted');
  const missing = sum('missing');
  const others = requests - exact - accepted;
  return `${requests} requests: ${exact} exact, ${accepted} only accepted differences, ${others} with others${missing > 0 ? `, ${missing} without ${recording}` : ''}`;
}
