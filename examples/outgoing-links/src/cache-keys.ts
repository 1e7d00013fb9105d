/**
 * The plugin's surrogate keys: what its answers declare they were built from (so a shared
 * cache in front of the site files them under these names), and what its writes purge. The
 * model for a plugin of your own (docs/caching.md, "Shared caches and surrogate keys"):
 * declare on read with `request.cacheKeys.add(…)`, purge after each write with the keys it
 * changed.
 *
 * @module
 */

/** The key of one link. */
export function linkKey(id: number): string {
  return `link-${id}`;
}

/** The key of every list of links. */
export const LINKS_KEY = 'links';

/**
 * Hands the keys a write changed to the site's purger, after the write's commit; the plugin
 * calls it after each write. `undefined` when the site runs no shared cache.
 *
 * @example
 * await purge?.([linkKey(created.id), LINKS_KEY]);
 */
export type PurgeKeys = (keys: readonly string[]) => Promise<void>;
