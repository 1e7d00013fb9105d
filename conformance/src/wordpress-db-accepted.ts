/**
 * The differences accepted in the conformance run on a WordPress database, each with its
 * reason: where cms-json serving WordPress's own tables answers otherwise than WordPress on
 * the same data. The run fails on any difference not listed here, and on an entry that no
 * longer occurs. Entries match as in `accepted.ts` (`<area>/<request name>` and the place, `*`
 * any run of characters, `{a,b}` either alternative); the areas are the run's
 * (`wordpress-db-requests.ts`).
 *
 * @module
 */
import { type AcceptedDifference, matchesPattern } from './accepted.js';
import type { Difference } from './compare.js';

/** The list. Keep it short and narrow: every entry is a promise the WordPress storage does not keep. */
export const WORDPRESS_DB_ACCEPTED: readonly AcceptedDifference[] = [];

/**
 * The entry of {@link WORDPRESS_DB_ACCEPTED} that accepts a difference of a request, if any.
 *
 * @example
 * wordpressDbAcceptedFor('posts/list', { at: 'status', kind: 'value', expected: 200, actual: 500 }); // undefined
 */
export function wordpressDbAcceptedFor(request: string, difference: Difference): AcceptedDifference | undefined {
  return WORDPRESS_DB_ACCEPTED.find((entry) => matchesPattern(entry.request, request) && matchesPattern(entry.at, difference.at));
}
