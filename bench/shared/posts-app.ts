/**
 * The cms-json server of the posts cases: the content package (`contentPlugin` with
 * `createAuth`: application passwords over HTTP Basic) on the seeded SQLite file.
 *
 * @module
 */
import { browsable } from '@cms-json/browsable';
import { type ContentTables, contentPlugin, createAuth } from '@cms-json/content';
import { createRestServer, type RestServer } from '@cms-json/core';
import { type Database, openDatabase } from '@cms-json/database';
import { openapi } from '@cms-json/openapi';
import type { Kysely } from 'kysely';
import { POSTS_SECRET, SITE_URL } from './constants.js';

/** A built posts server and the way to close its database. */
export interface PostsApp {
  server: RestServer;
  database: Database<ContentTables>;
  db: Kysely<ContentTables>;
  auth: ReturnType<typeof createAuth>;
  close(): Promise<void>;
}

/** Builds the content site on a SQLite file (already migrated: see `seed.ts`). */
export async function createPostsApp(fileOrUrl: string): Promise<PostsApp> {
  const url = /^(sqlite|postgres(ql)?):/.test(fileOrUrl) ? fileOrUrl : `sqlite:${fileOrUrl}`;
  const database = openDatabase<ContentTables>({ url });
  let failures = 0;
  const server = createRestServer({
    siteUrl: SITE_URL,
    onError: (error, request) => {
      if (failures++ === 0)
        console.error(`[cms-json] ${request.method} ${request.path} failed (further failures not printed):`, error);
    },
  });
  const auth = createAuth({ database, secret: POSTS_SECRET });
  await server.use(contentPlugin({ auth }));
  // The OpenAPI document and the browsable API, which the core once served by itself.
  await server.use(openapi());
  await server.use(browsable());
  return { server, database, db: database.db, auth, close: () => database.close() };
}
