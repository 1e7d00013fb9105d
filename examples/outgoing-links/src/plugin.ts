/**
 * The plugin: one function that takes what it needs (the database) and returns a
 * `Plugin` the server runs. This is the shape to copy for a plugin of your own.
 *
 * @module
 */
import type { Plugin } from '@cms-json/core';
import { type Dialect, runMigrations } from '@cms-json/database';
import type { Kysely } from 'kysely';
import { clickCounterPage } from './click-counter.js';
import { migrations, type OutgoingLinksTables } from './migrations.js';
import { outgoingLinksRoutes } from './routes.js';
import { OutgoingLinksStore } from './store.js';

/** The plugin's namespace. */
export const NAMESPACE = 'tel/v1';

/** Options of {@link outgoingLinks}. */
export interface OutgoingLinksOptions<DB extends OutgoingLinksTables = OutgoingLinksTables> {
  /** The site's database (it may hold other tables too); the plugin's migration creates its table there. */
  db: Kysely<DB>;
  /** The engine, when `db` was not opened by `openDatabase` (a Kysely with plugins, say). */
  dialect?: Dialect;
  /** Whether to serve the `/out/<slug>` click counter. @default true */
  clickCounter?: boolean;
}

/**
 * The `tel/v1` outgoing-links plugin.
 *
 * @example
 * ```ts
 * const server = createRestServer({ siteUrl });
 * await server.use(outgoingLinks({ db }));
 * ```
 */
export function outgoingLinks<DB extends OutgoingLinksTables>(options: OutgoingLinksOptions<DB>): Plugin {
  return async function outgoingLinksPlugin(server) {
    await runMigrations(options.db, { owner: 'tel', migrations, dialect: options.dialect });
    const store = new OutgoingLinksStore(options.db as unknown as Kysely<OutgoingLinksTables>);
    server.register(NAMESPACE, ...outgoingLinksRoutes(store));
    if (options.clickCounter ?? true) server.page(clickCounterPage(store));
  };
}
