/**
 * cms-json through the Express adapter, mounted in an Express 5 app (ETag and
 * `X-Powered-By` off, as in the plain Express server).
 *
 * @module
 */
import { createServer } from 'node:http';
import { createMiddleware } from '@cms-json/express';
import express from 'express';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';

main(async () => {
  const cms = await createCmsApp(databaseFile());
  const app = express();
  app.disable('etag');
  app.disable('x-powered-by');
  app.use(createMiddleware(cms.server));
  await listen(createServer(app), { close: cms.close });
});
