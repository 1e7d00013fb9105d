/**
 * The page of one record at its permalink (`/hello-world/`, `/about/team/`, `/book/dune/`):
 * a minimal HTML page with its title and content, and in its `<head>` the REST discovery
 * link and the oEmbed discovery links, as WordPress's `wp_oembed_add_discovery_links` adds
 * them to singular pages. The record is found through the site's own REST routes, as an
 * anonymous visitor, by the last segment of the path (its slug) among the types with
 * routes, and must have exactly this address as its `link`: drafts, private records and
 * addresses of no record are 404.
 *
 * @module
 */
import { type Auth, oembedDiscoveryLinks, previewedPost } from '@cms-json/content';
import { discoveryLinkElement, type PageDefinition, type PageRequest, type PageResponse, type RestServer } from '@cms-json/core';
import { escapeHtml, renderedAsText } from './html-text.js';

/** The fields of a record the page shows. */
export interface ShownRecord {
  link: string;
  title: { rendered: string };
  content?: { rendered: string; protected: boolean };
}

/** What the record pages need. */
export interface RecordPageOptions {
  server: RestServer;
  /** The site's sign-in: a preview is shown to the signed-in user who may read the record. */
  auth: Auth;
  restRootUrl: string;
  curieBase: string;
  siteUrl: string;
}

/** An address as compared: the path with its trailing slash, the host in lower case. */
function comparable(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`;
    return `${parsed.host.toLowerCase()}${decodeURIComponent(path)}`;
  } catch {
    return undefined;
  }
}

/**
 * The published record whose `link` is this address, read as an anonymous visitor; its
 * type's REST base is found in `/types`.
 *
 * @example
 * const post = await recordAt(server, 'http://localhost:8080/hello-world/');
 */
export async function recordAt(server: RestServer, address: string): Promise<ShownRecord | undefined> {
  const wanted = comparable(address);
  const slug = wanted
    ?.split('/')
    .filter((part) => part !== '')
    .at(-1);
  if (wanted === undefined || slug === undefined) return undefined;
  const ns = `/${server.names.prefix}/v2`;
  const types = await server.dispatch({ path: `${ns}/types`, user: null });
  if (types.status !== 200 || typeof types.data !== 'object' || types.data === null) return undefined;
  for (const type of Object.values(types.data as Record<string, { rest_base?: string; rest_namespace?: string }>)) {
    if (type.rest_base === undefined) continue;
    const res = await server.dispatch({
      path: `/${type.rest_namespace ?? ns.slice(1)}/${type.rest_base}`,
      query: { slug, _fields: 'link,title,content' },
      user: null,
    });
    if (res.status !== 200 || !Array.isArray(res.data)) continue;
    const found = (res.data as ShownRecord[]).find((record) => comparable(record.link) === wanted);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The `<head>` lines of a singular page: the REST discovery link and the oEmbed discovery links. */
export function singularHead(options: { restRootUrl: string; curieBase: string; permalink: string }): string {
  return (
    `${discoveryLinkElement({ restRootUrl: options.restRootUrl, curieBase: options.curieBase })}\n` +
    oembedDiscoveryLinks({ restRootUrl: options.restRootUrl, permalink: options.permalink })
  );
}

const NOT_FOUND =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Not found</title></head><body><h1>Not found</h1></body></html>\n';

/**
 * The page of every record at its permalink: any path of segments without a dot (so
 * `/xmlrpc.php` and uploaded files are not taken); 404 for an address that is no published
 * record's.
 *
 * @example
 * server.page(recordPage({ server, auth, restRootUrl: server.restRootUrl(), curieBase: server.options.curieBase, siteUrl }));
 */
export function recordPage(options: RecordPageOptions): PageDefinition {
  return {
    path: '/(?P<path>[^/.]+(?:/[^/.]+)*)/?',
    handler: async (request) => {
      const preview = await previewPage(options, request);
      if (preview !== undefined) return preview;
      // The query is not part of a pretty permalink (plain `?p=` addresses are the front page's).
      const address = `${options.siteUrl}${request.path}`;
      const record = await recordAt(options.server, address);
      if (record === undefined) return { status: 404, body: NOT_FOUND };
      return { body: recordHtml(options, record) };
    },
  };
}

/**
 * The page of a preview (`?preview=true`, with `p`, `page_id` or `preview_id` and
 * `preview_nonce`): the record as the signed-in user may read it, with the newest autosave's
 * text when the preview asks for it, as WordPress's previews (`previewedPost`); `undefined`
 * when the request is no preview or the user may not read the record (the page's own answer
 * then); a nonce that is not the user's is 403. Never cached: it shows what only its user may see.
 *
 * @example
 * const page = await previewPage(options, request); // undefined for /hello-world/ without ?preview=true
 */
export async function previewPage(
  options: Pick<RecordPageOptions, 'server' | 'auth' | 'restRootUrl' | 'curieBase' | 'siteUrl'>,
  request: Pick<PageRequest, 'headers' | 'query'>,
): Promise<PageResponse | undefined> {
  const preview = await previewedPost({ server: options.server, auth: options.auth }, request);
  if (preview === undefined) return undefined;
  const noStore = { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' };
  if ('error' in preview) {
    const message = escapeHtml(preview.error.message);
    return {
      status: preview.error.status,
      headers: noStore,
      body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>${message}</title></head><body><p>${message}</p></body></html>\n`,
    };
  }
  return { headers: noStore, body: recordHtml(options, preview.record) };
}

/** The HTML of a record's page. */
function recordHtml(options: Pick<RecordPageOptions, 'restRootUrl' | 'curieBase' | 'siteUrl'>, record: ShownRecord): string {
  // Text: a title can neither end the `<title>` nor open an element (see html-text.ts).
  const title = record.title.rendered === '' ? '(no title)' : renderedAsText(record.title.rendered);
  const content =
    record.content === undefined
      ? ''
      : record.content.protected
        ? '<p>This content is password protected.</p>'
        : record.content.rendered;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    ${singularHead({ restRootUrl: options.restRootUrl, curieBase: options.curieBase, permalink: record.link }).trimEnd().replace(/\n/g, '\n    ')}
  </head>
  <body>
    <p><a href="${escapeHtml(`${options.siteUrl}/`)}">cms-json example site</a></p>
    <article>
      <h1>${title}</h1>
      ${content}
    </article>
  </body>
</html>
`;
}
