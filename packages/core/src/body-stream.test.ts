import { describe, expect, it } from 'vitest';
import { response } from './response.js';
import { CREATABLE, defineRoute } from './route.js';
import { createRestServer } from './server.js';

async function* chunks(sizes: number[]): AsyncGenerator<Uint8Array> {
  for (const size of sizes) yield new Uint8Array(size).fill(1);
}

function uploadServer() {
  const server = createRestServer({ maxBodyBytes: 10 });
  server.register(
    'up/v1',
    defineRoute({
      path: '/files',
      endpoints: (endpoint) => [
        endpoint({
          methods: CREATABLE,
          streamBody: { maxBytes: 100 },
          permission: 'public',
          handler: async (_args, request) => {
            let bytes = 0;
            for await (const chunk of request.bodyStream ?? []) bytes += chunk.byteLength;
            return response({ bytes, streamed: request.bodyStream !== undefined });
          },
        }),
      ],
    }),
    defineRoute({
      path: '/notes',
      endpoints: (endpoint) => [
        endpoint({
          methods: CREATABLE,
          permission: 'public',
          handler: (_args, request) => response({ streamed: request.bodyStream !== undefined }),
        }),
      ],
    }),
  );
  return server;
}

describe('endpoints that take their body as a stream', () => {
  it('tells adapters which requests get the body unread, and within which limit', () => {
    const server = uploadServer();
    expect(server.streamedBody('POST', '/cms-json/up/v1/files')).toEqual({ maxBytes: 100 });
    expect(server.streamedBody('post', '/cms-json/up/v1/files/?x=1')).toEqual({ maxBytes: 100 });
    expect(server.streamedBody('POST', '/?rest_route=/up/v1/files')).toEqual({ maxBytes: 100 });
    expect(server.streamedBody('GET', '/cms-json/up/v1/files')).toBeUndefined();
    expect(server.streamedBody('POST', '/cms-json/up/v1/notes')).toBeUndefined();
    expect(server.streamedBody('POST', '/elsewhere')).toBeUndefined();
  });

  it('hands the body to the handler, past the server body limit', async () => {
    const res = await uploadServer().dispatch({ method: 'POST', path: '/up/v1/files', bodyStream: chunks([40, 40]) });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ bytes: 80, streamed: true });
  });

  it('stops reading past the endpoint limit with 413 rest_body_too_large', async () => {
    const res = await uploadServer().dispatch({ method: 'POST', path: '/up/v1/files', bodyStream: chunks([60, 60, 60]) });
    expect(res.status).toBe(413);
    expect(res.data).toMatchObject({ code: 'rest_body_too_large', data: { status: 413 } });
  });

  it('gives an endpoint that reads its body whole no stream', async () => {
    const res = await uploadServer().dispatch({ method: 'POST', path: '/up/v1/notes', bodyStream: chunks([5]) });
    expect(res.data).toEqual({ streamed: false });
  });
});
