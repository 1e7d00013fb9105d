/**
 * Replays one request of the run on a WordPress database against cms-json and compares the
 * answer with the original's answer on the same data (`conformance/fixtures/wordpress-db/`).
 * The site's links name the database's `home` option, so that address, not the one the site
 * listens on, is what is marked `{origin}`, and a `{origin}` in a request's path is it too.
 *
 * @module
 */
import type { AcceptedDifference } from './accepted.js';
import { compareAnswers, type Difference } from './compare.js';
import type { Fixture } from './fixture.js';
import { inScope } from './in-scope.js';
import { describeDifference } from './replay.js';
import type { ConformanceRequest } from './request.js';
import { type SavedValues, saveValues, send } from './send.js';
import { markAnswer } from './volatile.js';
import { wordpressDbAcceptedFor } from './wordpress-db-accepted.js';
import type { WordPressDbSite } from './wordpress-db-site.js';

/** The outcome of one replayed request. */
export interface WordPressDbReplayed {
  /** Every difference, accepted or not. */
  readonly differences: readonly Difference[];
  /** The differences no entry of `wordpress-db-accepted.ts` explains, in words. */
  readonly unexplained: readonly string[];
  /** The entries that explained a difference. */
  readonly accepted: readonly AcceptedDifference[];
}

/**
 * Sends `request` to the site and compares its answer with the fixture's.
 *
 * @example
 * const outcome = await replayOnWordPressDb(site, 'posts', request, fixture, new Map());
 * outcome.unexplained; // [] when it answers as the original
 */
export async function replayOnWordPressDb(
  site: WordPressDbSite,
  area: string,
  request: ConformanceRequest,
  fixture: Fixture,
  saved: SavedValues,
): Promise<WordPressDbReplayed> {
  const sent: ConformanceRequest = { ...request, path: request.path.replaceAll('{origin}', site.siteUrl) };
  const answer = await send(site, sent, saved);
  saveValues(request, answer, saved);
  const marked = markAnswer(request, answer, { origin: site.siteUrl, saved });
  const differences = compareAnswers(inScope(fixture.answer), inScope(marked));
  const unexplained: string[] = [];
  const accepted: AcceptedDifference[] = [];
  for (const difference of differences) {
    const entry = wordpressDbAcceptedFor(`${area}/${request.name}`, difference);
    if (entry === undefined) unexplained.push(describeDifference(difference));
    else accepted.push(entry);
  }
  return { differences, unexplained, accepted };
}
