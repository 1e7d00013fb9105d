import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { testClient } from '../testing.js';

const EDITOR = { 'x-test-user': 'editor' };

describe.each(['cms', 'wp'] as const)('If-Match on writes (%s profile)', (prefix) => {
  const setup = () => {
    const demo = createDemoServer({ prefix });
    return { ...demo, client: testClient(demo.server) };
  };

  it('runs a PUT, PATCH or DELETE whose If-Match is the current ETag', async () => {
    const { client, notes } = setup();
    const tag = (await client.get('/demo/v1/notes/1', { headers: EDITOR })).header('ETag') as string;
    const put = await client.put('/demo/v1/notes/1', { headers: { ...EDITOR, 'if-match': tag }, body: { title: 'Put' } });
    expect(put.status).toBe(200);
    expect(notes.get(1)?.title).toBe('Put');
    const next = put.header('ETag') ?? (await client.get('/demo/v1/notes/1', { headers: EDITOR })).header('ETag');
    const patch = await client.patch('/demo/v1/notes/1', {
      headers: { ...EDITOR, 'if-match': next as string },
      body: { title: 'Patch' },
    });
    expect(patch.status).toBe(200);
    const last = (await client.get('/demo/v1/notes/1', { headers: EDITOR })).header('ETag') as string;
    const deleted = await client.delete('/demo/v1/notes/1', { headers: { ...EDITOR, 'if-match': `"other", ${last}` } });
    expect(deleted.status).toBe(200);
    expect(notes.has(1)).toBe(false);
  });

  it('answers 412 rest_precondition_failed to a stale If-Match and leaves the record unchanged', async () => {
    const { client, notes } = setup();
    const tag = (await client.get('/demo/v1/notes/2', { headers: EDITOR })).header('ETag') as string;
    // Another editor changes the note in between.
    await client.put('/demo/v1/notes/2', { headers: EDITOR, body: { title: 'First editor' } });
    const before = { ...notes.get(2) };
    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await client[method]('/demo/v1/notes/2', {
        headers: { ...EDITOR, 'if-match': tag },
        body: { title: 'Second editor' },
      });
      expect(res.status, method).toBe(412);
      expect(res.body).toEqual({
        code: 'rest_precondition_failed',
        message: 'The resource has changed since it was read: its ETag no longer matches If-Match.',
        data: { status: 412 },
      });
    }
    expect(notes.get(2)).toEqual(before);
  });

  it('compares with the GET of the same caller and context', async () => {
    const { client, notes } = setup();
    const anonymousTag = (await client.get('/demo/v1/notes/3')).header('ETag') as string;
    const refused = await client.put('/demo/v1/notes/3', {
      headers: { ...EDITOR, 'if-match': anonymousTag },
      body: { title: 'X' },
    });
    expect(refused.status).toBe(412);
    const editTag = (await client.get('/demo/v1/notes/3?context=edit', { headers: EDITOR })).header('ETag') as string;
    const viewRefused = await client.put('/demo/v1/notes/3', {
      headers: { ...EDITOR, 'if-match': editTag },
      body: { title: 'X' },
    });
    expect(viewRefused.status).toBe(412);
    const accepted = await client.put('/demo/v1/notes/3?context=edit', {
      headers: { ...EDITOR, 'if-match': editTag },
      body: { title: 'X' },
    });
    expect(accepted.status).toBe(200);
    expect(notes.get(3)?.title).toBe('X');
  });

  it('takes * as any existing record, and lets the write answer for a missing one', async () => {
    const { client, notes } = setup();
    const star = await client.put('/demo/v1/notes/4', { headers: { ...EDITOR, 'if-match': '*' }, body: { title: 'Star' } });
    expect(star.status).toBe(200);
    expect(notes.get(4)?.title).toBe('Star');
    const missing = await client.delete('/demo/v1/notes/999', { headers: { ...EDITOR, 'if-match': '*' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('refuses a caller without the permission before it looks at If-Match', async () => {
    const { client, notes } = setup();
    const before = { ...notes.get(5) };
    const anonymous = await client.put('/demo/v1/notes/5', { headers: { 'if-match': 'W/"0.0"' }, body: { title: 'X' } });
    expect(anonymous.status).toBe(401);
    const reader = await client.put('/demo/v1/notes/5', {
      headers: { 'x-test-user': 'reader', 'if-match': 'W/"0.0"' },
      body: { title: 'X' },
    });
    expect(reader.status).toBe(403);
    expect(notes.get(5)).toEqual(before);
  });

  it('wraps a 412 in the envelope like any other error', async () => {
    const { client, notes } = setup();
    const res = await client.put('/demo/v1/notes/6?_envelope', {
      headers: { ...EDITOR, 'if-match': 'W/"1.0"' },
      body: { title: 'X' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 412, body: { code: 'rest_precondition_failed' } });
    expect(notes.get(6)?.title).toBe('Note 6');
  });

  it('checks a POST turned into a PUT by X-HTTP-Method-Override', async () => {
    const { client, notes } = setup();
    const res = await client.post('/demo/v1/notes/7', {
      headers: { ...EDITOR, 'x-http-method-override': 'PUT', 'if-match': 'W/"1.0000000000000000"' },
      body: { title: 'Overridden' },
    });
    expect(res.status).toBe(412);
    expect(notes.get(7)?.title).toBe('Note 7');
  });

  it('ignores If-Match on a POST and on a GET', async () => {
    const { client } = setup();
    const created = await client.post('/demo/v1/notes', {
      headers: { ...EDITOR, 'if-match': 'W/"1.0"' },
      body: { title: 'New', body: 'b' },
    });
    expect(created.status).toBe(201);
    const read = await client.get('/demo/v1/notes/1', { headers: { 'if-match': 'W/"1.0"' } });
    expect(read.status).toBe(200);
  });
});
