import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { testClient } from './testing.js';

describe('testClient', () => {
  const client = testClient(createDemoServer().server);

  it('parses JSON bodies and reads headers in any case, joining repeats', async () => {
    const res = await client.get('/demo/v1/notes?per_page=2');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.header('x-cms-total')).toBe('25');
    expect(res.header('link')).toBe((res.headers.Link as string[]).join(', '));
    expect(res.header('x-nothing')).toBeUndefined();
  });

  it('sends objects as JSON and strings as they are', async () => {
    const json = await client.post('/demo/v1/notes', { headers: { 'X-Test-User': 'editor' }, body: { title: 'a', body: 'b' } });
    expect(json.status).toBe(201);
    const form = await client.post('/demo/v1/notes', { headers: { 'x-test-user': 'editor' }, body: 'title=c&body=d' });
    expect(form.body.title).toBe('c');
  });

  it('reaches site paths with a leading //, and throws when nothing answers', async () => {
    expect((await client.head('//')).status).toBe(200);
    await expect(client.get('//not-a-page')).rejects.toThrow(/No route or page answered GET \/not-a-page/);
  });
});
