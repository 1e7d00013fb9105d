/**
 * The cms-json server under test: the `tel/v1` plugin on the seeded SQLite file, with the
 * bench authenticator (a fixed header, see {@link AUTH_HEADER}).
 *
 * @module
 */
import { browsable } from '@cms-json/browsable';
import { createRestServer, type RestServer } from '@cms-json/core';
import { openDatabase } from '@cms-json/database';
import { type OutgoingLinksTables, outgoingLinks } from '@cms-json/example-outgoing-links';
import { openapi } from '@cms-json/openapi';
import { AUTH_HEADER, AUTH_VALUE, SITE_URL } from './constants.js';

/** A built cms-json server and the way to close its database. */
export interface CmsApp {
  server: RestServer;
  close(): Promise<void>;
}

/** Builds the cms-json server on a SQLite file, or on a database URL (`postgres://…`). */
export async function createCmsApp(fileOrUrl: string): Promise<CmsApp> {
  const url = /^(sqlite|postgres(ql)?):/.test(fileOrUrl) ? fileOrUrl : `sqlite:${fileOrUrl}`;
  const database = openDatabase<OutgoingLinksTables>({ url });
  let failures = 0;
  const server = createRestServer({
    siteUrl: SITE_URL,
    // The first unexpected failure is printed; the rest only counted (a broken route under
    // load would otherwise flood the output and measure console.error).
    onError: (error, request) => {
      if (failures++ === 0)
        console.error(`[cms-json] ${request.method} ${request.path} failed (further failures not printed):`, error);
    },
  });
  server.authenticate((request) =>
    request.header(AUTH_HEADER) === AUTH_VALUE ? { user: { id: 1, can: (capability) => capability === 'edit_posts' } } : null,
  );
  await server.use(outgoingLinks({ database: database, clickCounter: false }));
  // The OpenAPI document and the browsable API, which the core once served by itself.
  await server.use(openapi());
  await server.use(browsable());
  return { server, close: () => database.close() };
}
