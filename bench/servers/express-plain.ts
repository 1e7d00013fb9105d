/**
 * The list route as a plain Express 5 handler: the hand-written SQL and headers, `res.send`.
 * ETag and `X-Powered-By` are off (in the adapter's app too), so both send the same bytes.
 *
 * @module
 */
import { createServer } from 'node:http';
import express from 'express';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { LIST_PATH } from '../shared/constants.js';
import { HandWritten, paging } from '../shared/hand-written.js';

main(async () => {
  const routes = new HandWritten(databaseFile());
  const app = express();
  app.disable('etag');
  app.disable('x-powered-by');
  app.get(LIST_PATH, (req, res) => {
    const q = req.url.indexOf('?');
    const { page, perPage } = paging(q === -1 ? '' : req.url.slice(q + 1));
    const answer = routes.list(page, perPage);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of answer.headers) {
      const existing = headers[name];
      headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    res.status(answer.status).set(headers).send(answer.body);
  });
  await listen(createServer(app), { close: async () => routes.close() });
});
