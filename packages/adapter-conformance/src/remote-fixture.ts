/**
 * The worker module the suite serves on other runtimes (Bun, Deno, workerd), as a function of
 * the adapter: the fixture with its state exposed, behind the adapter's Fetch handler, with the
 * host fallback the suite expects. Copied with `fixture.ts` and `fallback.ts` into a project
 * that installs the packed tarballs (see `remote-project.ts`), so it imports nothing else of
 * this package.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import { FALLBACK_STATUS, fallbackText } from './fallback.js';
import { createConformanceServer } from './fixture.js';

/** A Fetch handler. */
type Handler = (request: Request) => Promise<Response>;

/** What the adapter is given besides the server: `createFetchHandler`'s options. */
export interface RemoteAdapterOptions {
  fallback: (request: Request) => Promise<Response>;
  onError: (error: unknown) => void;
}

/** The host's answer to what the adapter passes on: the body echoed, showing it was left unread. */
async function fallback(request: Request): Promise<Response> {
  return new Response(fallbackText(await request.text()), {
    status: FALLBACK_STATUS,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * A worker module's default export serving the fixture (made with `exposeState`) through
 * `adapter`, built on the first request.
 *
 * @example
 * ```ts
 * import { createFetchHandler } from '@cms-json/fetch';
 * export default conformanceWorker(createFetchHandler);
 * ```
 */
export function conformanceWorker(adapter: (server: RestServer, options: RemoteAdapterOptions) => Handler): {
  fetch(request: Request): Promise<Response>;
} {
  let handler: Handler | undefined;
  return {
    async fetch(request) {
      // The adapter's own faults (a header it cannot send) are answered 500; the suite checks the answer.
      handler ??= adapter(createConformanceServer({ exposeState: true }).server, { fallback, onError: () => {} });
      return handler(request);
    },
  };
}
