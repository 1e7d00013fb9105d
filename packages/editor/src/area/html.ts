/**
 * The HTML around the area's pages: the document, the header with the site's name and the
 * post types, the small style sheet, message pages (403, 404) and data handed to a page's
 * script as JSON.
 *
 * @module
 */
import { escapeHtml, type PageResponse } from '@cms-json/core';
import type { AreaContext } from './area-context.js';

const STYLE = `
:root{color-scheme:light;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e1e1e;background:#f0f0f1}
body{margin:0}a{color:#2271b1}a:focus,button:focus,input:focus,select:focus{outline:2px solid #2271b1;outline-offset:1px}
.area-header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;background:#1d2327;color:#f0f0f1;padding:.5rem 1rem}
.area-header a{color:#f0f0f1}.area-header nav ul{display:flex;gap:1rem;list-style:none;margin:0;padding:0}
.area-header .site{font-weight:600}.area-header .who{margin-left:auto}
main{max-width:72rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;font-weight:500;margin:0 0 1rem}
.views{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem}
.views [aria-current]{font-weight:600;color:#1e1e1e;text-decoration:none}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #c3c4c7}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #f0f0f1;vertical-align:top}
.actions{display:flex;gap:.75rem;font-size:.875rem;margin:0;padding:0;list-style:none}
.actions button{background:none;border:0;padding:0;color:#b32d2e;cursor:pointer;font:inherit;text-decoration:underline}
.toolbar{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:center;margin-bottom:1rem}
.button{display:inline-block;background:#2271b1;color:#fff;border:1px solid #2271b1;border-radius:3px;padding:.3rem .8rem;font:inherit;cursor:pointer;text-decoration:none}
.button.secondary{background:#f6f7f7;color:#2271b1}
.paging{display:flex;gap:1rem;margin-top:1rem;align-items:center}
.notice{background:#fff;border-left:4px solid #d63638;padding:.5rem 1rem;margin:0 0 1rem}
.notice.info{border-left-color:#72aee6}
.card{background:#fff;border:1px solid #c3c4c7;padding:1.5rem;max-width:28rem;margin:3rem auto}
.card label{display:block;margin:.75rem 0 .25rem;font-weight:600}.card input[type=text],.card input[type=password]{width:100%;box-sizing:border-box;padding:.4rem;font:inherit}
.card .buttons{display:flex;gap:.5rem;margin-top:1rem}
.screen-reader-text{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(1px,1px,1px,1px)}
`;

/** What a page of the area shows around its content. */
export interface Shell {
  /** The page's title (before the site's name). */
  title: string;
  /** The main content, already HTML. */
  main: string;
  /** The header's navigation and sign-out button; absent on the sign-in page. */
  header?: { userName: string; nonce: string; restRootUrl: string; siteUrl: string } | undefined;
  /** More elements for the end of the body (scripts). */
  scripts?: string | undefined;
}

/**
 * An HTML document of the area.
 *
 * @example
 * areaDocument(area, { title: 'Posts', main: '<h1>Posts</h1>' });
 */
export function areaDocument(area: AreaContext, shell: Shell): string {
  const title = `${shell.title} ‹ ${area.siteName}`;
  const header = shell.header === undefined ? '' : areaHeader(area, shell.header);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${header}<main id="main">${shell.main}</main>${shell.scripts ?? ''}</body></html>
`;
}

function areaHeader(area: AreaContext, header: NonNullable<Shell['header']>): string {
  const types = area
    .postTypes()
    .map(
      (type) =>
        `<li><a href="${escapeHtml(`${header.siteUrl}${area.path}?post_type=${encodeURIComponent(type.name)}`)}">${escapeHtml(type.label)}</a></li>`,
    )
    .join('');
  const signOut = {
    logoutUrl: `${header.restRootUrl}${area.server.names.prefix}-auth/v1/session`,
    nonceHeader: area.server.names.nonceHeader,
    nonce: header.nonce,
    signInUrl: `${header.siteUrl}${area.path}sign-in?signed_out=1`,
  };
  return `<header class="area-header"><a class="site" href="${escapeHtml(`${header.siteUrl}/`)}">${escapeHtml(area.siteName)}</a>
<nav aria-label="Content"><ul>${types}</ul></nav>
<form class="who" id="sign-out" method="get" action="${escapeHtml(signOut.signInUrl)}"><span>${escapeHtml(header.userName)}</span> <button class="button secondary" type="submit">Sign out</button></form>
</header>${jsonData('sign-out-data', signOut)}<script>${SIGN_OUT_SCRIPT}</script>`;
}

/** Ends the session through the REST logout route (with the nonce), then opens the sign-in page. */
const SIGN_OUT_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('sign-out-data').textContent);
  document.getElementById('sign-out').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await fetch(data.logoutUrl, { method: 'DELETE', credentials: 'same-origin', headers: { [data.nonceHeader]: data.nonce } });
    } finally {
      location.assign(data.signInUrl);
    }
  });
})();`;

/**
 * Data for a page's script: JSON in a `<script type="application/json">`, with `<`, `>`, `&`
 * and the line separators escaped so that no value can end the element or be read as HTML.
 *
 * @example
 * jsonData('config', { title: '</script><script>alert(1)</script>' }); // no "</script>" inside
 */
export function jsonData(id: string, value: unknown): string {
  return `<script type="application/json" id="${escapeHtml(id)}">${scriptSafeJson(value)}</script>`;
}

/** JSON that is safe inside a `<script>` element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page with one message, as WordPress's `wp_die` shows one: a 403 "Sorry, you are not
 * allowed to access this page.", a 404 for a record that is not there.
 *
 * @example
 * messagePage(area, { status: 403, title: 'Forbidden', message: 'Sorry, you are not allowed to access this page.' });
 */
export function messagePage(area: AreaContext, page: { status: number; title: string; message: string }): PageResponse {
  return {
    status: page.status,
    headers: { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' },
    body: areaDocument(area, {
      title: page.title,
      main: `<div class="card" role="alert"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p></div>`,
    }),
  };
}
