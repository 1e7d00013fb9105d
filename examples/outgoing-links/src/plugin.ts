/**
 * The plugin: one function that takes what it needs (the database) and returns a
 * `Plugin` the server runs. This is the shape to copy for a plugin of your own.
 *
 * @module
 */
import { type Purger, purgeAfterCommit } from '@cms-json/content';
import type { Plugin } from '@cms-json/core';
import { type Database, runMigrations } from '@cms-json/database';
import { clickCounterPage } from './click-counter.js';
import { migrations, type OutgoingLinksTables } from './migrations.js';
import { outgoingLinksRoutes } from './routes.js';
import { OutgoingLinksStore } from './store.js';

/** The plugin's namespace. */
export const NAMESPACE = 'tel/v1';

/** Options of {@link outgoingLinks}. */
export interface OutgoingLinksOptions<DB extends OutgoingLinksTables = OutgoingLinksTables> {
  /**
   * The site's database (it may hold other tables too; from `openDatabase`, or a `Database`
   * around a Kysely dialect of your own); the plugin's migration creates its table there.
   */
  database: Database<DB>;
  /** Whether to serve the `/out/<slug>` click counter. @default true */
  clickCounter?: boolean;
  /**
   * The site's shared-cache purger (`createPurger` of `@cms-json/content`): each write (and
   * click) purges the keys it changed (`link-<id>`, `links`) after its commit. None: no purges.
   */
  purger?: Purger | undefined;
}

/**
 * The `tel/v1` outgoing-links plugin.
 *
 * @example
 * ```ts
 * const server = createRestServer({ siteUrl });
 * await server.use(outgoingLinks({ database }));
 * ```
 */
export function outgoingLinks<DB extends OutgoingLinksTables>(options: OutgoingLinksOptions<DB>): Plugin {
  return async function outgoingLinksPlugin(server) {
    await runMigrations(options.database, { owner: 'tel', migrations });
    const store = new OutgoingLinksStore(options.database);
    const { purger, database } = options;
    const purge = purger === undefined ? undefined : (keys: readonly string[]) => purgeAfterCommit(database, purger, keys);
    server.register(NAMESPACE, ...outgoingLinksRoutes(store, { purge }));
    if (options.clickCounter ?? true) server.page(clickCounterPage(store, { purge }));
  };
}
