import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

let running: RunningSite;
beforeAll(async () => {
  running = await startSite();
});
afterAll(async () => {
  await running?.stop();
});

const basic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

describe('the example site over real HTTP', () => {
  it('serves the front page with the discovery link and the sample links', async () => {
    const res = await fetch(`${running.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="https://api.cms-json.org/" href="${running.url}/cms-json/" />`);
    expect(html).toContain(`${running.url}/out/wordpressrestapihandbook`);
  });

  it('answers HEAD / with the discovery Link header', async () => {
    const res = await fetch(`${running.url}/`, { method: 'HEAD' });
    expect(res.headers.get('link')).toContain(`<${running.url}/cms-json/>; rel="https://api.cms-json.org/"`);
  });

  it('answers the RSD document', async () => {
    const res = await fetch(`${running.url}/xmlrpc.php?rsd`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`apiLink="${running.url}/cms-json/"`);
  });

  it('lists the sample links publicly and creates one with the application password', async () => {
    const list = await fetch(`${running.url}/cms-json/tel/v1/outgoing-links?per_page=5`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-cms-total')).toBe('12');
    const created = await fetch(`${running.url}/cms-json/tel/v1/outgoing-links`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Über Links', link: 'https://example.org/ü' }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: number; title: string; slug: string };
    expect(body).toMatchObject({ title: 'Über Links', slug: 'berlinks' });
    const wrong = await fetch(`${running.url}/cms-json/tel/v1/outgoing-links`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('admin:wrongwrongwrong').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'x', link: 'https://x.test' }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('incorrect_password');
  });

  it('redirects /out/<slug> with 302 and counts the click', async () => {
    const res = await fetch(`${running.url}/out/zod`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://zod.dev/');
    const list = (await (await fetch(`${running.url}/cms-json/tel/v1/outgoing-links?search=zod`)).json()) as { count: number }[];
    expect(list[0]?.count).toBe(1);
  });
});

describe('readConfig', () => {
  it('reads defaults and rejects bad values', () => {
    expect(readConfig({})).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'sqlite:./data/site.db', prefix: 'cms' });
    expect(() => readConfig({ CMS_PREFIX: 'xx' })).toThrow(/CMS_PREFIX/);
    expect(() => readConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
