import { testClient } from '@cms-json/core/testing';
import { describe, expect, it } from 'vitest';
import { chunksOf, createConformanceServer, FIXTURE_NOTE_COUNT, listen, rawSend, splitLinks, streamOf } from '../src/index.js';

describe('the conformance fixture', () => {
  it('pages the notes with totals and prev/next links', async () => {
    const client = testClient(createConformanceServer({ siteUrl: 'http://x.test' }).server);
    const res = await client.get('/demo/v1/notes?per_page=5&page=2');
    expect(res.status).toBe(200);
    expect(res.header('X-CMS-Total')).toBe(String(FIXTURE_NOTE_COUNT));
    expect(splitLinks(res.header('Link') ?? null)).toHaveLength(2);
  });

  it('lets only the editor create notes', async () => {
    const client = testClient(createConformanceServer().server);
    const body = { title: 't', body: 'b' };
    expect((await client.post('/demo/v1/notes', { body })).status).toBe(401);
    const created = await client.post('/demo/v1/notes', { body, headers: { 'x-test-user': 'editor' } });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(FIXTURE_NOTE_COUNT + 1);
  });
});

describe('client helpers', () => {
  it('splits Link headers on link boundaries only', () => {
    expect(splitLinks('<a?x=1,2>; rel="prev", <b>; rel="next"')).toEqual(['<a?x=1,2>; rel="prev"', '<b>; rel="next"']);
    expect(splitLinks(null)).toEqual([]);
  });

  it('cuts UTF-8 text into chunks that join back', async () => {
    const text = 'été ✓ '.repeat(10);
    const chunks = chunksOf(text, 4);
    expect(chunks).toHaveLength(4);
    expect(await new Response(streamOf(chunks)).text()).toBe(text);
    await expect(new Response(streamOf(chunks, 1)).text()).rejects.toThrow();
  });

  it('reports an aborted raw request as null', async () => {
    const host = await listen((req) => req.resume());
    try {
      const chunks = [new Uint8Array(10)];
      const res = await rawSend(`${host.origin}/`, { method: 'POST', headers: { 'content-length': '100' }, chunks, abort: true });
      expect(res).toBeNull();
    } finally {
      await host.close();
    }
  });
});
