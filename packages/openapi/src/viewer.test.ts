import { createRestServer, type HttpResponse } from '@cms-json/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiViewer } from './viewer.js';

const server = createRestServer({ site: { name: 'Viewer test' } });
beforeAll(() => server.use(apiViewer()));

/**
 * A `GET` through the adapters' front door, `server.handle` (in process); a path the server
 * does not serve (`null`) is the 404 an adapter then answers.
 */
async function get(url: string): Promise<HttpResponse> {
  const res = await server.handle({ method: 'GET', url, headers: {} });
  return res ?? { status: 404, headers: {}, body: null };
}

describe('apiViewer()', () => {
  it('serves Swagger UI pointed at the OpenAPI document, from the package, through the front door of adapters', async () => {
    const page = await get('/cms-json-viewer/');
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('data-url="../cms-json/openapi.json"');
    expect(html).toContain('<script src="swagger-ui-bundle.js"></script>');
    const bundle = await get('/cms-json-viewer/swagger-ui-bundle.js');
    expect(bundle.headers['Content-Type']).toBe('text/javascript; charset=UTF-8');
    expect(String(bundle.body).length).toBeGreaterThan(100_000);
    const css = await get('/cms-json-viewer/swagger-ui.css');
    expect(css.status).toBe(200);
  });

  it('answers 404 for any other file and sends /cms-json-viewer to the page with its slash', async () => {
    expect((await get('/cms-json-viewer/package.json')).status).toBe(404);
    expect((await get('/cms-json-viewer/..%2Fpackage.json')).status).toBe(404);
    const bare = await get('/cms-json-viewer');
    expect(bare.status).toBe(301);
    expect(bare.headers.Location).toBe('cms-json-viewer/');
  });
});
