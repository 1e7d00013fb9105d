/**
 * The Fetch handler, shared by the Node entry (`main.ts`) and the Workers/Bun/Deno entry
 * (`worker.ts`). Nothing here depends on a runtime.
 */
import { browsable } from '@cms-json/browsable';
import { createRestServer, defineRoute, READABLE } from '@cms-json/core';
import { createFetchHandler } from '@cms-json/fetch';
import { openapi } from '@cms-json/openapi';
import { z } from 'zod';

const greeting = defineRoute({
  path: '/greeting',
  endpoints: (endpoint) => [
    endpoint({
      methods: READABLE,
      args: { name: z.string().default('world').meta({ description: 'Who to greet.' }) },
      permission: 'public',
      handler: ({ name }) => ({ message: `Hello, ${name}!` }),
    }),
  ],
});

const server = createRestServer();
server.register('hello/v1', greeting);
// The OpenAPI document at /cms-json/openapi.json, and an HTML page of any answer for a browser.
await server.use(openapi());
await server.use(browsable());

/** `(request: Request) => Promise<Response>`. */
export const handler = createFetchHandler(server);
