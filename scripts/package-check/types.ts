// Type-checked in the scratch project under moduleResolution node16 (as ESM) and bundler:
// every entry point's types resolve from the installed tarballs, and a small program
// using them compiles with strict settings and skipLibCheck off.

import { browsable } from '@cms-json/browsable';
import { type Auth, type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer, defineRoute, READABLE, type RestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { type Database, openDatabase } from '@cms-json/database';
import { createMiddleware } from '@cms-json/express';
import { createFetchHandler, type FetchHandler } from '@cms-json/fetch';
import { type NodeListener, toNodeListener } from '@cms-json/fetch/node';
import { createRequestListener, type Served, serve } from '@cms-json/node';
import { openapi } from '@cms-json/openapi';
import { apiViewer } from '@cms-json/openapi/viewer';
import { z } from 'zod';

const greeting = defineRoute({
  path: '/greeting',
  endpoints: (endpoint) => [
    endpoint({
      methods: READABLE,
      args: { name: z.string().default('world') },
      permission: 'public',
      handler: ({ name }) => ({ message: `Hello, ${name.toUpperCase()}!` }),
    }),
  ],
});

export async function start(): Promise<Served> {
  const database: Database<ContentTables> = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
  await migrateContent(database);
  const auth: Auth = createAuth({ database: database, secret: 'sixteen characters at least' });
  const server: RestServer = createRestServer();
  server.register('hello/v1', greeting);
  await server.use(contentPlugin({ auth }));
  await server.use(openapi());
  await server.use(apiViewer());
  await server.use(browsable({ viewerUrl: '/cms-json-viewer/' }));
  const fetchHandler: FetchHandler = createFetchHandler(server, { basePath: '/api' });
  const bridge: NodeListener = toNodeListener(fetchHandler);
  void bridge;
  void createMiddleware(server);
  void createRequestListener(server);
  const res = await testClient(server).get('/hello/v1/greeting');
  const status: number = res.status;
  void status;
  return serve({ server, port: 0 });
}
