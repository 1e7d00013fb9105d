/**
 * cms-json's side of the runtime table on workerd: the worker module (contract 1 of issue 39)
 * serving {@link createTelServer}'s `tel/v1` server through `@cms-json/fetch`, on the D1
 * binding `env.DB` (`openD1Database`). Built on the first request, once per isolate.
 *
 * @module
 */
import { isD1Binding, openD1Database } from '@cms-json/database/d1';
import type { OutgoingLinksTables } from '@cms-json/example-outgoing-links';
import { createFetchHandler } from '@cms-json/fetch';
import { createTelServer } from './tel-server.js';

async function build(env: Record<string, unknown>): Promise<(request: Request) => Promise<Response>> {
  if (!isD1Binding(env.DB)) throw new Error("env.DB is not a D1 binding: start the worker with d1Databases: ['DB'].");
  const server = await createTelServer(openD1Database<OutgoingLinksTables>(env.DB));
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
