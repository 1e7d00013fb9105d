/**
 * An OpenAPI viewer for the site: Swagger UI (`swagger-ui-dist`, an optional peer the site
 * installs, `npm install swagger-ui-dist`; served from that copy, no CDN) at
 * `/<prefix>-json-viewer/`, showing the server's `openapi.json`. Node only (it reads Swagger UI's files from disk): the
 * `@cms-json/openapi/viewer` entry point. The browsable API links it with its `viewerUrl`.
 *
 * @module
 */
import type { Plugin } from '@cms-json/core';
import { swaggerUiFiles } from './viewer-files.js';

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
 * links it from the browsable API's pages. It needs `swagger-ui-dist` installed beside it
 * (`npm install swagger-ui-dist`): without it, `server.use(apiViewer())` throws
 * `rest_missing_package` naming that command.
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
    const files = swaggerUiFiles();
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
        const answer = files.page(request.params.file ?? '');
        return answer ?? { status: 404, body: '<!doctype html><title>Not Found</title><h1>Not Found</h1>\n' };
      },
    });
  };
}
