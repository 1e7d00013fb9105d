/**
 * `/favicon.ico`: the icon browsers ask a site for when its page names none. WordPress answers
 * it for every site (`do_favicon`: a redirect to the site icon, or to its own logo when none is
 * set), so a browser on the authoring area logs no failed request. The area answers it with a
 * small icon of its own, as SVG: a page's body is text, and the WordPress logo is not ours to
 * serve. A site with its own icon registers its `/favicon.ico` page before `editor()`: the first
 * page registered at a path answers it.
 *
 * @module
 */
import type { PageDefinition, PageResponse } from '@cms-json/core';

/** Where browsers look for a site's icon. */
export const FAVICON_PATH = '/favicon.ico';

/** A day, in seconds: the icon may change with a new version of the package. */
const ICON_CACHE = 'public, max-age=86400';

/**
 * The icon: a blue rounded square holding braces, the mark of a JSON API, drawn with paths
 * (no font) so that it looks the same everywhere.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#2271b1"/>
<path d="M12 7c-3 0-4 1.5-4 4v2.5c0 1.5-.8 2.5-2.5 2.5 1.7 0 2.5 1 2.5 2.5V21c0 2.5 1 4 4 4M20 7c3 0 4 1.5 4 4v2.5c0 1.5.8 2.5 2.5 2.5-1.7 0-2.5 1-2.5 2.5V21c0 2.5-1 4-4 4" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;

/**
 * The icon's answer: 200 with the SVG, cached for a day, to anyone.
 *
 * @example
 * faviconResponse().headers; // { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }
 */
export function faviconResponse(): PageResponse {
  return { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': ICON_CACHE }, body: FAVICON_SVG };
}

/**
 * The `/favicon.ico` page (GET; HEAD is answered by it too).
 *
 * @example
 * server.page(faviconPage());
 */
export function faviconPage(): PageDefinition {
  return { path: FAVICON_PATH, handler: () => faviconResponse() };
}
