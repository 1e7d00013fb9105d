/**
 * cms-json on `node:http`: one route, served on 127.0.0.1.
 *
 * ```sh
 * npm start -w @cms-json/example-node-http
 * curl 'http://127.0.0.1:8080/cms-json/hello/v1/greeting?name=Ada'
 * ```
 */
import { browsable } from '@cms-json/browsable';
import { createRestServer, defineRoute, READABLE } from '@cms-json/core';
import { serve } from '@cms-json/node';
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

const served = await serve({ server, port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
console.log(`cms-json on node:http: ${served.url}/cms-json/hello/v1/greeting?name=Ada`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void served.close().then(() => process.exit(0));
  });
}
