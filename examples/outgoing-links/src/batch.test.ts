/**
 * The model plugin's routes through `POST /batch/v1`: several links in one request, and the
 * atomic mode undoing all of them when one fails (docs/batch.md).
 */
import { describe, expect, it } from 'vitest';
import { itWithoutTransactions, itWithTransactions, sitePerTest } from '../test/setup.js';

const site = sitePerTest();
const links = '/tel/v1/outgoing-links';

describe('tel/v1 outgoing-links in a batch', () => {
  it('shows allow_batch on both routes of the index', async () => {
    const { client } = await site();
    const routes = (await client.get('/tel/v1')).body.routes;
    for (const key of [links, `${links}/(?P<id>[\\d]+)`]) {
      for (const endpoint of routes[key].endpoints) expect(endpoint.allow_batch, key).toEqual({ v1: true });
    }
  });

  it('creates, changes and deletes links in one request, each answered in its slot', async () => {
    const { client, editor, create } = await site();
    const { id } = await create('Old', 'https://old.test');
    const res = await client.post('/batch/v1', {
      headers: editor,
      body: {
        requests: [
          { path: links, body: { title: 'One', link: 'https://one.test' } },
          { method: 'PATCH', path: `${links}/${id}`, body: { title: 'Renamed' } },
          { method: 'DELETE', path: `${links}/${id}` },
          { path: links, body: { title: 'Script', link: 'javascript:alert(1)' } },
        ],
      },
    });
    expect(res.status).toBe(207);
    expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 200, 200, 400]);
    expect(res.body.responses[3].body.code).toBe('tel/rest/item');
    expect((await client.get(links)).body.map((link: { title: string }) => link.title)).toEqual(['One']);
  });

  itWithTransactions('atomic: nothing is stored when the third of three creates fails', async () => {
    const { client, editor, create } = await site();
    await create('Before', 'https://before.test');
    const res = await client.post('/batch/v1', {
      headers: editor,
      body: {
        atomic: true,
        requests: [
          { path: links, body: { title: 'A', link: 'https://a.test' } },
          { path: links, body: { title: 'B', link: 'https://b.test' } },
          { path: links, body: { title: 'C', link: 'javascript:alert(1)' } },
        ],
      },
    });
    expect(res.status).toBe(207);
    expect(res.body).toMatchObject({ failed: 'atomic', responses: [null, null, { status: 400 }] });
    expect((await client.get(links)).body.map((link: { title: string }) => link.title)).toEqual(['Before']);
  });

  itWithoutTransactions('atomic on D1: refused with 501 rest_batch_atomic_unavailable, and nothing is stored', async () => {
    const { client, editor } = await site();
    const res = await client.post('/batch/v1', {
      headers: editor,
      body: { atomic: true, requests: [{ path: links, body: { title: 'A', link: 'https://a.test' } }] },
    });
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('rest_batch_atomic_unavailable');
    expect((await client.get(links)).body).toEqual([]);
  });
});
