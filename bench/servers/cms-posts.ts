/**
 * cms-json's content package (posts, terms, users, application passwords) on the node
 * adapter: `createRequestListener(server)` on `node:http`.
 *
 * @module
 */
import { createServer } from 'node:http';
import { createRequestListener } from '@cms-json/node';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { createPostsApp } from '../shared/posts-app.js';

main(async () => {
  const app = await createPostsApp(databaseFile());
  await listen(createServer(createRequestListener(app.server)), { close: app.close });
});
