/**
 * An OpenAPI viewer for the site: Swagger UI (`swagger-ui-dist`, from the npm registry,
 * served from this package's dependency; no CDN) at `/<prefix>-json-viewer/`, showing the
 * server's `openapi.json`. Node only (it reads Swagger UI's files from disk): the
 * `@cms-json/openapi/viewer` entry point. The browsable API links it with its `viewerUrl`.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PageResponse, Plugin } from '@cms-json/core';

/** The files of Swagger UI the viewer page loads, with their types. */
const FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=UTF-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=UTF-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=UTF-8',
};

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function viewerPage(openApiPath: string, title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttribute(title)}</title><link rel="stylesheet" href="swagger-ui.css"></head>
<body><div id="viewer" data-url="${escapeAttribute(openApiPath)}"></div>
<script src="swagger-ui-bundle.js"></script>
<script>
  const element = document.getElementById('viewer');
  window.ui = SwaggerUIBundle({ url: new URL(element.dataset.url, location.href).href, dom_id: '#viewer', deepLinking: true, withCredentials: true });
</script></body></html>
`;
}

/**
 * The viewer as a plugin: pages at `/<prefix>-json-viewer/` (the page) and
 * `/<prefix>-json-viewer/<file>` (Swagger UI's own files, read once and kept). It shows the
 * document the `openapi()` plugin serves; `browsable({ viewerUrl: '/cms-json-viewer/' })`
 * links it from the browsable API's pages.
 *
 * @example
 * ```ts
 * import { openapi } from '@cms-json/openapi';
 * import { apiViewer } from '@cms-json/openapi/viewer';
 * await server.use(openapi());
 * await server.use(apiViewer());
 * // http://localhost:8080/cms-json-viewer/ shows http://localhost:8080/cms-json/openapi.json
 * ```
 */
export function apiViewer(): Plugin {
  return (server) => {
    const base = `${server.names.restRoot}-viewer`;
    const directory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const cache = new Map<string, Promise<PageResponse>>();
    const title = `${server.options.site?.name ?? 'cms-json'}: API reference`;
    server.page({
      path: `${base}/`,
      handler: (request) => {
        // The page's files are relative to it: `/cms-json-viewer` goes to `/cms-json-viewer/`.
        if (!request.path.endsWith('/')) return { status: 301, headers: { Location: `${base.slice(1)}/` }, body: '' };
        return { body: viewerPage(`../${server.names.restRoot.slice(1)}/openapi.json`, title) };
      },
    });
    server.page({
      path: `${base}/:file`,
      handler: (request) => {
        const file = request.params.file ?? '';
        const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
        if (type === undefined) return { status: 404, body: '<!doctype html><title>Not Found</title><h1>Not Found</h1>\n' };
        let answer = cache.get(file);
        if (answer === undefined) {
          answer = readFile(join(directory, file), 'utf8').then((body) => ({
            headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' },
            body,
          }));
          cache.set(file, answer);
        }
        return answer;
      },
    });
  };
}
