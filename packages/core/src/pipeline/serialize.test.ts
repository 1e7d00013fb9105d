import { describe, expect, it, vi } from 'vitest';
import { createRestServer, defineRoute, READABLE, response } from '../index.js';
import { testClient } from '../testing.js';
import { encodeJson } from './serialize.js';

function server(handler: () => unknown, onError = vi.fn()) {
  const s = createRestServer({ onError });
  s.register(
    'demo/v1',
    defineRoute({
      path: '/x',
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: handler as () => null })],
    }),
  );
  return { client: testClient(s), onError };
}

describe('encoding', () => {
  it('pretty-prints with _pretty (four spaces, like PHP)', async () => {
    const res = await server(() => ({ a: [1] })).client.get('/demo/v1/x?_pretty');
    expect(res.text).toBe('{\n    "a": [\n        1\n    ]\n}');
  });

  it('answers a value that cannot be encoded with 500 rest_encode_error, and reports it', async () => {
    const { client, onError } = server(() => ({ big: 1n }));
    const res = await client.get('/demo/v1/x');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'rest_encode_error', message: 'Unable to encode the response.', data: { status: 500 } });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('sends no body for 204 or for null data', async () => {
    const noContent = await server(() => response(null, { status: 204 })).client.get('/demo/v1/x');
    expect(noContent.status).toBe(204);
    expect(noContent.text).toBeNull();
    const nothing = await server(() => null).client.get('/demo/v1/x');
    expect(nothing.status).toBe(200);
    expect(nothing.text).toBeNull();
  });

  it('encodeJson throws a RestError for cycles', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => encodeJson(cycle, { pretty: false })).toThrow(expect.objectContaining({ code: 'rest_encode_error' }));
  });
});
