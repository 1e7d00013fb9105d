/**
 * The same routes on Fastify 5, written the Fastify way: route handlers that return the
 * data (Fastify serializes it), headers set on the reply, Fastify's JSON body parser. The
 * list's ETag is added in an `onSend` hook, over the body Fastify serialized, as
 * `@fastify/etag` does (with cms-json's hash, so the answers stay byte-identical).
 *
 * @module
 */
import { entityTag } from '@cms-json/core';
import Fastify from 'fastify';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { AUTH_HEADER, LIST_PATH } from '../shared/constants.js';
import { type Answer, HandWritten, TAGGED_VARY } from '../shared/hand-written.js';

function headersOf(answer: { headers: [string, string][] }): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) {
    const existing = out[name];
    out[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

main(async () => {
  const routes = new HandWritten(databaseFile());
  const app = Fastify({ logger: false });
  const send = (answer: Answer) => ({ status: answer.status, headers: headersOf(answer), body: answer.body });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 200 && typeof payload === 'string' && !reply.hasHeader('etag')) {
      reply.header(TAGGED_VARY[0], TAGGED_VARY[1]);
      reply.header('ETag', entityTag(payload, { userId: 0 }));
    }
    return payload;
  });

  app.get<{ Querystring: { page?: string; per_page?: string } }>(LIST_PATH, async (request, reply) => {
    const page = Number(request.query.page ?? 1);
    const perPage = Number(request.query.per_page ?? 10);
    const { items, headers } = routes.listData(
      Number.isInteger(page) && page >= 1 ? page : 1,
      Number.isInteger(perPage) && perPage >= 1 && perPage <= 100 ? perPage : 10,
    );
    reply.headers(headersOf({ headers }));
    return items;
  });
  app.get<{ Params: { id: string } }>(`${LIST_PATH}/:id`, async (request, reply) => {
    const answer = send(routes.item(Number(request.params.id)));
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.post(LIST_PATH, async (request, reply) => {
    const user = request.headers[AUTH_HEADER];
    const answer = send(routes.create(typeof user === 'string' ? user : undefined, request.body));
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.setNotFoundHandler(async (_request, reply) => {
    const answer = send(routes.noRoute());
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  await app.ready();
  await listen(app.server, { close: async () => routes.close() });
});
