/**
 * The posts routes on Fastify 5 over the same hand-written routes: headers set on the reply,
 * Fastify's router and its JSON body parser for the create. Every answer, the lists included,
 * is sent as the JSON text the shared routes wrote (`fastify.ts` returns its list's items for
 * Fastify to serialize; with no response schema that is the same `JSON.stringify`).
 *
 * @module
 */
import Fastify from 'fastify';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { COMMENTS_PATH, POSTS_PATH } from '../shared/constants.js';
import type { Answer } from '../shared/hand-written.js';
import { commentsQuery } from '../shared/hand-written-comments.js';
import { HandWrittenPosts, postsQuery } from '../shared/hand-written-posts.js';

function headersOf(answer: { headers: [string, string][] }): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) {
    const existing = out[name];
    out[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

main(async () => {
  const routes = new HandWrittenPosts(databaseFile());
  const app = Fastify({ logger: false });
  const send = (answer: Answer) => ({ status: answer.status, headers: headersOf(answer), body: answer.body });

  app.get(POSTS_PATH, async (request, reply) => {
    const q = request.url.indexOf('?');
    const { page, perPage, embed, category } = postsQuery(q === -1 ? '' : request.url.slice(q + 1));
    const answer = routes.list(page, perPage, embed, category);
    return reply.code(answer.status).headers(headersOf(answer)).send(answer.body);
  });
  app.get(COMMENTS_PATH, async (request, reply) => {
    const q = request.url.indexOf('?');
    const { post, page, perPage } = commentsQuery(q === -1 ? '' : request.url.slice(q + 1));
    const answer = routes.comments.list(post, page, perPage);
    return reply.code(answer.status).headers(headersOf(answer)).send(answer.body);
  });
  app.get<{ Params: { id: string } }>(`${POSTS_PATH}/:id`, async (request, reply) => {
    const answer = send(routes.item(Number(request.params.id)));
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.post(POSTS_PATH, async (request, reply) => {
    const answer = send(routes.create(request.headers.authorization, request.body));
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.setNotFoundHandler(async (_request, reply) => {
    const answer = send(routes.noRoute());
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  await app.ready();
  await listen(app.server, { close: async () => routes.close() });
});
