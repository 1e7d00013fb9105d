/**
 * cms-json as Express middleware, mounted under `/api`, next to the app's own routes.
 *
 * ```sh
 * npm start -w @cms-json/example-express
 * curl 'http://127.0.0.1:8080/api/cms-json/hello/v1/greeting?name=Ada'
 * ```
 */
import type { AddressInfo } from 'node:net';
import { browsable } from '@cms-json/browsable';
import { createRestServer, defineRoute, READABLE } from '@cms-json/core';
import { createMiddleware } from '@cms-json/express';
import { openapi } from '@cms-json/openapi';
import express from 'express';
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

const app = express();
app.use('/api', createMiddleware(server)); // before any body parser: the server reads its own bodies
app.get('/', (_req, res) => {
  res.send('The API is under /api/cms-json/.');
});

const listener = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  const { port } = listener.address() as AddressInfo;
  console.log(`cms-json on Express: http://127.0.0.1:${port}/api/cms-json/hello/v1/greeting?name=Ada`);
});
