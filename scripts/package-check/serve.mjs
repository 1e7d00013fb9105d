// Serves the content routes from the SQLite file that the `cms-json` CLI prepared, and
// answers one real HTTP request through each way of mounting: @cms-json/node's serve(),
// Express with @cms-json/express, @cms-json/fetch on node:http through @cms-json/fetch/node,
// and Hono with @cms-json/fetch (in process).
// Usage: node serve.mjs <database url> <login> <application password>

import { createServer } from 'node:http';
import { contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { openDatabase } from '@cms-json/database';
import { createMiddleware } from '@cms-json/express';
import { createFetchHandler } from '@cms-json/fetch';
import { toNodeListener } from '@cms-json/fetch/node';
import { serve } from '@cms-json/node';
import express from 'express';
import { Hono } from 'hono';

const [url, login, password] = process.argv.slice(2);
const database = openDatabase({ url });
await migrateContent(database);
const auth = createAuth({ database, secret: 'a scratch secret, sixteen characters or more' });
const server = createRestServer();
await server.use(contentPlugin({ auth }));
const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

async function expectMe(how, response, base) {
  const body = await response.json();
  if (response.status !== 200 || body.slug !== login || !String(body._links?.self?.[0]?.href).startsWith(base)) {
    throw new Error(`${how}: GET users/me answered ${response.status} ${JSON.stringify(body)}`);
  }
  console.log(`serve: ${how} answered GET ${base}/cms-json/cms/v2/users/me for "${body.slug}"`);
}

const served = await serve({ server, port: 0, host: '127.0.0.1' });
try {
  await expectMe(
    '@cms-json/node',
    await fetch(`${served.url}/cms-json/cms/v2/users/me`, { headers: { authorization } }),
    served.url,
  );
} finally {
  await served.close();
}

const app = express();
app.use('/api', createMiddleware(server));
const listening = await new Promise((resolve) => {
  const httpServer = app.listen(0, '127.0.0.1', () => resolve(httpServer));
});
try {
  const base = `http://127.0.0.1:${listening.address().port}/api`;
  await expectMe('@cms-json/express', await fetch(`${base}/cms-json/cms/v2/users/me`, { headers: { authorization } }), base);
} finally {
  await new Promise((resolve) => listening.close(resolve));
}

const bridged = createServer(toNodeListener(createFetchHandler(server, { basePath: '/api' })));
await new Promise((resolve) => bridged.listen(0, '127.0.0.1', resolve));
try {
  const base = `http://127.0.0.1:${bridged.address().port}/api`;
  await expectMe('@cms-json/fetch/node', await fetch(`${base}/cms-json/cms/v2/users/me`, { headers: { authorization } }), base);
} finally {
  await new Promise((resolve) => bridged.close(resolve));
}

const hono = new Hono();
const handler = createFetchHandler(server, { basePath: '/api' });
hono.all('/api/cms-json/*', (c) => handler(c.req.raw));
await expectMe(
  '@cms-json/fetch in Hono',
  await hono.request('http://hono.test/api/cms-json/cms/v2/users/me', { headers: { authorization } }),
  'http://hono.test/api',
);

await database.close();
