/**
 * The hand-written node:http server of the posts cases: one `writeHead(status, rawHeaders)`
 * and one `end(body)` per answer, routes matched by hand, over {@link HandWrittenPosts}.
 *
 * @module
 */
import { createServer } from 'node:http';
import { databaseFile, listen, main } from './child-runtime.js';
import { COMMENTS_PATH, POSTS_PATH, REST_ROOT } from './constants.js';
import { commentsQuery } from './hand-written-comments.js';
import { HandWrittenPosts, postsQuery } from './hand-written-posts.js';
import { readJson, write } from './hand-written-server.js';

const ITEM = /^\/cms-json\/cms\/v2\/posts\/(\d+)\/?$/;

/** Starts the server as a bench child. */
export function serveHandWrittenPosts(): void {
  main(async () => {
    const routes = new HandWrittenPosts(databaseFile());
    const server = createServer((req, res) => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      if (path === POSTS_PATH && req.method === 'GET') {
        const { page, perPage, embed, category } = postsQuery(q === -1 ? '' : url.slice(q + 1));
        write(res, routes.list(page, perPage, embed, category));
        return;
      }
      if (path === COMMENTS_PATH && req.method === 'GET') {
        const { post, page, perPage } = commentsQuery(q === -1 ? '' : url.slice(q + 1));
        write(res, routes.comments.list(post, page, perPage));
        return;
      }
      if (path === POSTS_PATH && req.method === 'POST') {
        readJson(req).then((body) => write(res, routes.create(req.headers.authorization, body)));
        return;
      }
      const item = req.method === 'GET' ? ITEM.exec(path) : null;
      if (item !== null) {
        write(res, routes.item(Number(item[1])));
        return;
      }
      if (path.startsWith(REST_ROOT)) {
        write(res, routes.noRoute());
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' });
      res.end('Not Found');
    });
    await listen(server, { close: async () => routes.close() });
  });
}
