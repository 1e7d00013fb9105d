import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { testClient } from '../testing.js';

const editor = { 'x-test-user': 'editor' };

describe('method override', () => {
  it('turns a POST into the `_method` of the query', async () => {
    const { server, notes } = createDemoServer();
    const res = await testClient(server).post('/demo/v1/notes/3?_method=delete', { headers: editor });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
    expect(notes.has(3)).toBe(false);
  });

  it('reads `_method` from a form or JSON body', async () => {
    const { server, notes } = createDemoServer();
    const client = testClient(server);
    const form = { ...editor, 'content-type': 'application/x-www-form-urlencoded' };
    expect((await client.post('/demo/v1/notes/4', { headers: form, body: '_method=DELETE' })).body.deleted).toBe(true);
    expect((await client.post('/demo/v1/notes/5', { headers: editor, body: { _method: 'PUT', title: 'Put' } })).body.title).toBe(
      'Put',
    );
    expect(notes.has(4)).toBe(false);
  });

  it('reads the X-HTTP-Method-Override header, and sends no-cache headers on its 4xx', async () => {
    const { server, notes } = createDemoServer();
    const client = testClient(server);
    const res = await client.post('/demo/v1/notes/6', { headers: { 'x-http-method-override': 'DELETE' } });
    expect(res.status).toBe(401);
    expect(res.header('Cache-Control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(notes.has(6)).toBe(true);
  });

  it('never overrides a GET', async () => {
    const { server, notes } = createDemoServer();
    const client = testClient(server);
    const res = await client.get('/demo/v1/notes/7?_method=DELETE', {
      headers: { ...editor, 'x-http-method-override': 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(7);
    expect(notes.has(7)).toBe(true);
  });

  it('sends an unknown method to 404 rest_no_route instead of running the POST', async () => {
    const { server } = createDemoServer();
    const res = await testClient(server).post('/demo/v1/notes?_method=FOO', { headers: editor, body: { title: 't', body: 'b' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
