/**
 * Replays one request of the run on a WordPress database against cms-json and compares the
 * answer with the original's answer on the same data (`conformance/fixtures/wordpress-db/`).
 * The site's links name the database's `home` option, so that address, not the one the site
 * listens on, is what is marked `{origin}`, and a `{origin}` in a request's path is it too.
 *
 * @module
 */
import type { Fixture } from './fixture.js';
import { explainDifferences, type Replayed } from './replay.js';
import type { ConformanceRequest } from './request.js';
import { type SavedValues, saveValues, send } from './send.js';
import { markAnswer } from './volatile.js';
import { wordpressDbAcceptedFor } from './wordpress-db-accepted.js';
import type { WordPressDbSite } from './wordpress-db-site.js';

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
): Promise<Replayed> {
  const sent: ConformanceRequest = { ...request, path: request.path.replaceAll('{origin}', site.siteUrl) };
  const answer = await send(site, sent, saved);
  saveValues(request, answer, saved);
  const marked = markAnswer(request, answer, { origin: site.siteUrl, saved });
  return explainDifferences(fixture, marked, `${area}/${request.name}`, wordpressDbAcceptedFor);
}
