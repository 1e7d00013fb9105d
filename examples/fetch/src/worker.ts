/**
 * The entry for Cloudflare Workers and Bun (`bun src/worker.ts`): a default export with
 * `fetch`. On Deno: `Deno.serve(handler)`.
 */
import { handler } from './app.js';

export default { fetch: handler };
