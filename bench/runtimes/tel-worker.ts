/**
 * cms-json's side of the runtime table on Bun and Deno: the worker module (contract 1 of
 * issue 39) serving {@link createTelServer}'s `tel/v1` server through `@cms-json/fetch`, on
 * the database at `env.DATABASE_URL` (SQLite by the runtime's own driver, which
 * `openDatabase` picks). Built on the first request, once per process.
 *
 * @module
 */

import { openDatabase } from '@cms-json/database';
import type { OutgoingLinksTables } from '@cms-json/example-outgoing-links';
import { createFetchHandler } from '@cms-json/fetch';
import { createTelServer } from './tel-server.js';

async function build(env: Record<string, unknown>): Promise<(request: Request) => Promise<Response>> {
  const url = env.DATABASE_URL;
  if (typeof url !== 'string' || url === '')
    throw new Error('DATABASE_URL is not set: give the bench database, e.g. sqlite:/tmp/x.db.');
  const server = await createTelServer(openDatabase<OutgoingLinksTables>({ url }));
  return createFetchHandler(server);
}

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

/** The worker module. */
export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    handler ??= build(env);
    return (await handler)(request);
  },
};
