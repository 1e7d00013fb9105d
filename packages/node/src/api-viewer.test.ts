import { createRestServer } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiViewer } from './api-viewer.js';
import { type Served, serve } from './serve.js';

let served: Served;
beforeAll(async () => {
  const server = createRestServer({ site: { name: 'Viewer test' } });
  await server.use(apiViewer());
  served = await serve({ server, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await served?.close();
});

describe('apiViewer()', () => {
  it('serves Swagger UI pointed at the OpenAPI document, from the package, over real HTTP', async () => {
    const page = await fetch(`${served.url}/cms-json-viewer/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-url="../cms-json/openapi.json"');
    expect(html).toContain('<script src="swagger-ui-bundle.js"></script>');
    const bundle = await fetch(`${served.url}/cms-json-viewer/swagger-ui-bundle.js`);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${served.url}/cms-json-viewer/swagger-ui.css`);
    expect(css.status).toBe(200);
  });

  it('answers 404 for any other file and sends /cms-json-viewer to the page with its slash', async () => {
    expect((await fetch(`${served.url}/cms-json-viewer/package.json`)).status).toBe(404);
    expect((await fetch(`${served.url}/cms-json-viewer/..%2Fpackage.json`)).status).toBe(404);
    const bare = await fetch(`${served.url}/cms-json-viewer`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('cms-json-viewer/');
  });

  it('is linked from the browsable API', async () => {
    const res = await fetch(`${served.url}/cms-json/`, { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('>API reference</a>');
  });
});
