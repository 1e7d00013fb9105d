import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { createRestServer } from './index.js';
import { testClient } from './testing.js';

const editor = { headers: { 'x-test-user': 'editor' } };

describe('GET / (the root index)', () => {
  const { server } = createDemoServer();
  server.describeAuthentication({ 'application-passwords': { endpoints: { authorization: 'http://example.test/auth' } } });
  const client = testClient(server);

  it('lists url, namespaces, authentication and routes', async () => {
    const res = await client.get('/');
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('http://example.test');
    expect(res.body.namespaces).toEqual(['demo/v1']);
    expect(res.body.authentication).toEqual({
      'application-passwords': { endpoints: { authorization: 'http://example.test/auth' } },
    });
    expect(Object.keys(res.body.routes)).toEqual([
      '/',
      '/batch/v1',
      '/demo/v1',
      '/demo/v1/notes',
      '/demo/v1/notes/(?P<id>[\\d]+)',
      '/demo/v1/people/(?P<id>[\\d]+)',
      '/demo/v1/boom',
    ]);
    expect(res.body.routes['/']).toEqual({
      namespace: '',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
      _links: { self: [{ href: 'http://example.test/cms-json/' }] },
    });
  });

  it('takes the site URL from the adapter when the server has none', async () => {
    const bare = createRestServer();
    const res = await bare.handle({ method: 'GET', url: '/cms-json/', headers: {}, baseUrl: 'https://site.test/blog' });
    expect(JSON.parse(res?.body ?? '').url).toBe('https://site.test/blog');
  });

  it('honours _fields', async () => {
    const res = await client.get('/?_fields=url,namespaces');
    expect(res.body).toEqual({ url: 'http://example.test', namespaces: ['demo/v1'] });
  });
});

describe('GET /<namespace>', () => {
  const client = testClient(createDemoServer().server);

  it('describes each route, keyed by its pattern form', async () => {
    const res = await client.get('/demo/v1');
    expect(res.body.namespace).toBe('demo/v1');
    expect(res.body._links).toEqual({ up: [{ href: 'http://example.test/cms-json/' }] });
    expect(res.body.routes['/demo/v1']).toEqual({
      namespace: 'demo/v1',
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: { namespace: { default: 'demo/v1', required: false }, context: { default: 'view', required: false } },
        },
      ],
      _links: { self: [{ href: 'http://example.test/cms-json/demo/v1' }] },
    });
    const item = res.body.routes['/demo/v1/notes/(?P<id>[\\d]+)'];
    expect(item.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(item).not.toHaveProperty('_links');
    expect(item).not.toHaveProperty('schema');
    // A path parameter is never missing: the original shows it as required: false.
    expect(item.endpoints[0].args.id).toEqual({ description: 'Unique identifier.', type: 'integer', required: false });
  });

  it('writes `args: []` for an endpoint without arguments', async () => {
    const res = await client.get('/demo/v1');
    expect(res.body.routes['/demo/v1/boom'].endpoints).toEqual([{ methods: ['GET'], args: [] }]);
    expect(res.text).toContain('"args":[]');
  });

  it('shows every arg with required, default, enum, description and type', async () => {
    const res = await client.get('/demo/v1');
    const list = res.body.routes['/demo/v1/notes'].endpoints[0].args;
    expect(list.orderby).toEqual({
      description: 'Sort collection by object attribute.',
      type: 'string',
      enum: ['id', 'title'],
      default: 'id',
      required: false,
    });
    expect(list.per_page).toEqual({
      description: 'Maximum number of items to be returned in result set.',
      type: 'integer',
      default: 10,
      minimum: 1,
      maximum: 100,
      required: false,
    });
  });

  it('includes the item schemas with context=help', async () => {
    const res = await client.get('/demo/v1?context=help');
    expect(res.body.routes['/demo/v1/notes'].schema.title).toBe('note');
    expect(res.body.routes['/demo/v1/boom']).not.toHaveProperty('schema');
  });

  it('answers 404 rest_invalid_namespace for ?namespace=unknown', async () => {
    const res = await client.get('/demo/v1?namespace=unknown');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_invalid_namespace',
      message: 'The specified namespace could not be found.',
      data: { status: 404 },
    });
  });
});

describe('OPTIONS', () => {
  const client = testClient(createDemoServer().server);

  it('answers any route with its data, schema and an Allow of permitted methods only', async () => {
    const anonymous = await client.options('/demo/v1/notes/1');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.schema.title).toBe('note');
    expect(anonymous.header('Allow')).toBe('GET');
    const asEditor = await client.options('/demo/v1/notes/1', editor);
    expect(asEditor.header('Allow')).toBe('GET, POST, PUT, PATCH, DELETE');
  });

  it('does not run the handler or validate arguments', async () => {
    const res = await client.options('/demo/v1/notes/999');
    expect(res.status).toBe(200);
    expect(res.body.namespace).toBe('demo/v1');
  });

  it('answers an unknown path with an empty list, as the original does', async () => {
    const res = await client.options('/demo/v1/nothing');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.header('Allow')).toBeUndefined();
  });
});
