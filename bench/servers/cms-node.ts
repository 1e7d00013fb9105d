/**
 * cms-json on the node adapter: `createRequestListener(server)` on `node:http`.
 *
 * @module
 */
import { createServer } from 'node:http';
import { createRequestListener } from '@cms-json/node';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';

main(async () => {
  const app = await createCmsApp(databaseFile());
  await listen(createServer(createRequestListener(app.server)), { close: app.close });
});
