import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, READABLE } from '../index.js';
import { testClient } from '../testing.js';
import { fieldTree, filterFields, parseFields } from './fields.js';

describe('_fields', () => {
  const client = testClient(createDemoServer().server);

  it('keeps only the listed fields of a record and of each list item', async () => {
    expect((await client.get('/demo/v1/notes/1?_fields=id,title')).body).toEqual({ id: 1, title: 'Note 1' });
    const list = await client.get('/demo/v1/notes?per_page=2&_fields=id');
    expect(list.body).toEqual([{ id: 25 }, { id: 24 }]);
  });

  it('gives {} when it names nothing that exists', async () => {
    expect((await client.get('/demo/v1/notes/1?_fields=nothing')).body).toEqual({});
    expect((await client.get('/demo/v1/notes?per_page=1&_fields=nothing')).body).toEqual([{}]);
  });

  it('drops _links unless listed, for records and lists alike', async () => {
    expect((await client.get('/demo/v1/notes/1?_fields=id')).body).not.toHaveProperty('_links');
    const all = await client.get('/demo/v1/notes/1?_fields=id,_links');
    expect(Object.keys(all.body._links)).toEqual(['self', 'collection', 'author', 'cms:related', 'curies']);
  });

  it('keeps single relations with _links.<rel>, and the curies a kept CURIE relation needs', async () => {
    const one = await client.get('/demo/v1/notes/1?_fields=id,_links.self');
    expect(one.body).toEqual({ id: 1, _links: { self: [{ href: 'http://example.test/cms-json/demo/v1/notes/1' }] } });
    const listed = await client.get('/demo/v1/notes?per_page=1&_fields=_links.cms:related');
    expect(listed.body[0]._links).toEqual({
      'cms:related': [{ name: 'same', href: 'http://example.test/cms-json/demo/v1/notes/25' }],
      curies: [{ name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true }],
    });
  });

  it('reaches into nested values with dot paths', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/deep',
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: () => ({ id: 1, meta: { a: { x: 1, y: 2 }, b: 3 }, list: [{ k: 1, j: 2 }] }),
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/deep?_fields=meta.a.x,list.k,id');
    expect(res.body).toEqual({ id: 1, meta: { a: { x: 1 } }, list: [{ k: 1 }] });
  });

  it('embeds when _embedded is listed, and can reach into embedded records', async () => {
    const whole = await client.get('/demo/v1/notes/1?_embed&_fields=id,_embedded');
    expect(whole.body).toEqual({ id: 1, _embedded: { author: [expect.objectContaining({ id: 1, name: 'Ada' })] } });
    const name = await client.get('/demo/v1/notes/1?_embed&_fields=_embedded.author.name');
    expect(name.body).toEqual({ _embedded: { author: [{ name: 'Ada' }] } });
  });

  it('never trims an error body', async () => {
    const res = await client.get('/demo/v1/notes/999?_fields=id');
    expect(res.body.code).toBe('rest_invalid_param');
  });

  it('trims the body inside an envelope', async () => {
    const res = await client.get('/demo/v1/notes/1?_envelope&_fields=id');
    expect(res.body).toEqual({ body: { id: 1 }, status: 200, headers: { Allow: 'GET' } });
  });

  it('ignores an empty _fields', async () => {
    expect(Object.keys((await client.get('/demo/v1/notes/1?_fields=')).body)).toContain('body');
  });
});

describe('field helpers', () => {
  it('parseFields reads comma or space lists and arrays', () => {
    expect(parseFields('a, b c')).toEqual(['a', 'b', 'c']);
    expect(parseFields(['a', 'b.c'])).toEqual(['a', 'b.c']);
    expect(parseFields(undefined)).toBeUndefined();
  });

  it('a parent includes its children whatever the order', () => {
    expect(fieldTree(['a.b', 'a'])).toEqual({ a: true });
    expect(fieldTree(['a', 'a.b'])).toEqual({ a: true });
    expect(filterFields({ a: { b: 1, c: 2 } }, ['a.b', 'a'])).toEqual({ a: { b: 1, c: 2 } });
  });
});
