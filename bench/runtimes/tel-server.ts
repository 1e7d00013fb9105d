/**
 * The cms-json server of the runtime table: the `tel/v1` routes alone (what the plugin
 * `outgoingLinks({ database, clickCounter: false })` mounts: its migration, its store, its
 * routes; no purger, no OpenAPI or browsable pages), on whatever database the runtime gives
 * it, seeded with the bench's links on its first start. The same composition runs on Node (the
 * node adapter), Bun, Deno and workerd, so the rows differ only by runtime. Nothing here imports
 * `node:*`.
 *
 * @module
 */
import { createRestServer, type RestServer } from '@cms-json/core';
import { type Database, runMigrations } from '@cms-json/database';
import {
  migrations,
  NAMESPACE,
  OutgoingLinksStore,
  type OutgoingLinksTables,
  outgoingLinksRoutes,
} from '@cms-json/example-outgoing-links';
import { SEED_LINKS, SITE_URL } from '../shared/constants.js';

/**
 * Builds the server on `database`: migrates it (as the plugin does), and when the links table is
 * empty writes the {@link SEED_LINKS} links every server of the bench reads.
 *
 * @example
 * const server = await createTelServer(openDatabase<OutgoingLinksTables>({ url: 'sqlite::memory:' }));
 */
export async function createTelServer(database: Database<OutgoingLinksTables>): Promise<RestServer> {
  let failures = 0;
  const server = createRestServer({
    siteUrl: SITE_URL,
    // The first unexpected failure is printed; the rest only counted (console output under load measures the console).
    onError: (error, request) => {
      if (failures++ === 0)
        console.error(`[cms-json] ${request.method} ${request.path} failed (further failures not printed):`, error);
    },
  });
  await runMigrations(database, { owner: 'tel', migrations });
  const store = new OutgoingLinksStore(database);
  server.register(NAMESPACE, ...outgoingLinksRoutes(store));
  await seedLinksOnce(store);
  return server;
}

/** Writes the bench's links unless the table holds some already (a copied seed file, a persisted D1). */
async function seedLinksOnce(store: OutgoingLinksStore): Promise<void> {
  const first = await store.list({ limit: 1, offset: 0, order: 'asc', orderby: 'id' });
  if (first.total > 0) return;
  for (let i = 1; i <= SEED_LINKS; i++) {
    await store.insert({ title: `Link ${i}`, slug: `link${i}`, link: `https://example.com/page/${i}` });
  }
}
