/**
 * The browsable API's page: the response as a browser shows it, with its status and
 * headers, the JSON body with every URL a link, paging controls from the `Link` header, the
 * route's methods from `Allow`, forms for the methods the caller may use, sign-in through
 * the cookie session route, and links to the OpenAPI document and its viewer.
 *
 * @module
 */
import { type CompiledRoute, escapeHtml, type PrefixNames } from '@cms-json/core';
import { CLIENT_SCRIPT } from './client-script.js';
import { routeForms } from './forms.js';
import { jsonToHtml } from './json-html.js';

/** What {@link browsablePage} shows. */
export interface BrowsablePageInput {
  readonly method: string;
  /** The route path under the REST root, with the query as sent. */
  readonly path: string;
  /** The request's URL without its query. */
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly data: unknown;
  /** The matched route, when one matched. */
  readonly route: CompiledRoute | undefined;
  readonly names: PrefixNames;
  readonly restRootUrl: string;
  readonly siteName: string;
  readonly signedIn: boolean;
  /** The OpenAPI document's URL, when the server serves it. */
  readonly openApiUrl: string | undefined;
  /** An OpenAPI viewer page, when one is linked (the `viewerUrl` option of `browsable()`). */
  readonly viewerUrl: string | undefined;
  /** The cookie session route (`POST` signs in, `DELETE` signs out), when the site has one. */
  readonly sessionUrl: string | undefined;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2327;background:#f6f7f7}
header{background:#1d2327;color:#fff;padding:.6em 1em;display:flex;gap:1em;flex-wrap:wrap;align-items:center}
header a{color:#9ec2e6}main{padding:1em;max-width:110em}h1{font-size:1.2em}h1 code{word-break:break-all}h1:focus{outline:none}
.method{background:#2271b1;color:#fff;border-radius:3px;padding:0 .4em;margin-right:.3em}
pre{background:#fff;border:1px solid #dcdcde;padding:1em 1em 1em 1.6em;overflow:auto;font:13px/1.4 ui-monospace,monospace;margin:0 0 1em}
.k{color:#8a2424}.s{color:#0a6b2c}.n{color:#005a87}.z{color:#777}table{border-collapse:collapse;background:#fff}
td,th{border:1px solid #dcdcde;padding:.2em .5em;text-align:left;vertical-align:top;font:13px ui-monospace,monospace}
details.fold>summary{list-style:none;cursor:pointer;position:relative}details.fold>summary::-webkit-details-marker{display:none}
details.fold>summary::before{content:"\\25B8";position:absolute;left:-1.1em;color:#2271b1}details.fold[open]>summary::before{content:"\\25BE"}
details.fold[open]>summary>.hint{display:none}.hint{color:#646970}
nav.paging{display:flex;gap:1em;align-items:center;margin:.5em 0}.layout{display:grid;gap:1em}.layout>*{min-width:0}
#forms form{background:#fff;border:1px solid #dcdcde;padding:.8em;margin:0 0 .8em;display:grid;gap:.5em}#forms h2{margin:0 0 .5em;font-size:1.1em}
#forms label{display:grid;gap:.1em}#forms input,#forms select,#forms textarea{box-sizing:border-box;width:100%;font:inherit}
#forms textarea{font:13px/1.4 ui-monospace,monospace;resize:vertical}#forms small{color:#646970}#forms h3{margin:0;font-size:1em}
.more-fields{display:grid;gap:.5em}.more-fields>summary{cursor:pointer;color:#2271b1}.more-fields[open]>summary{margin-bottom:.3em}
#result{border-color:#2271b1}.status-ok{color:#0a6b2c}.status-error{color:#b32d2e}
@media (min-width:64em){.layout.with-forms{grid-template-columns:minmax(0,1fr) minmax(20em,30em);align-items:start}
#forms{position:sticky;top:.5em;max-height:calc(100vh - 1em);overflow:auto}.to-forms{display:none}}
header form{display:flex;gap:.4em;align-items:center;flex-wrap:wrap}header small{color:#c3c4c7}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;

function headerRows(headers: Readonly<Record<string, string | string[]>>): string {
  return Object.entries(headers)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, one] as const))
    .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${linkify(value)}</td></tr>`)
    .join('');
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/&lt;(https?:\/\/[^&\s]+)&gt;/g, (_all, url: string) => `&lt;<a href="${url}">${url}</a>&gt;`);
}

/** The `Link` header's targets by relation (`prev`, `next`). */
function linkRelations(headers: Readonly<Record<string, string | string[]>>): Map<string, string> {
  const found = new Map<string, string>();
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'link')?.[1];
  for (const entry of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
    for (const part of entry.split(/,(?=\s*<)/)) {
      const match = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part);
      if (match !== null) found.set(match[2] as string, match[1] as string);
    }
  }
  return found;
}

function headerValue(headers: Readonly<Record<string, string | string[]>>, wanted: string): string | undefined {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === wanted.toLowerCase())?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
}

function paging(input: BrowsablePageInput): string {
  const relations = linkRelations(input.headers);
  const total = headerValue(input.headers, `${input.names.headerPrefix}Total`);
  const pages = headerValue(input.headers, `${input.names.headerPrefix}TotalPages`);
  if (total === undefined && !relations.has('next') && !relations.has('prev')) return '';
  const page = /[?&]page=(\d+)/.exec(input.path)?.[1] ?? '1';
  const prev = relations.get('prev');
  const next = relations.get('next');
  return `<nav class="paging">${prev === undefined ? '<span>« Previous</span>' : `<a rel="prev" href="${escapeHtml(prev)}">« Previous</a>`}<span>Page ${escapeHtml(page)}${pages === undefined ? '' : ` of ${escapeHtml(pages)}`}${total === undefined ? '' : ` (${escapeHtml(total)} in all)`}</span>${next === undefined ? '<span>Next »</span>' : `<a rel="next" href="${escapeHtml(next)}">Next »</a>`}</nav>`;
}

/** What the sign-in form says about the password it takes. */
const SIGN_IN_HELP =
  'Your login password, or an application password (<code>abcd efgh ijkl mnop qrst uvwx</code>, kept in this page only)';

function session(input: BrowsablePageInput): string {
  if (input.sessionUrl === undefined) return '';
  if (input.signedIn) return '<span>Signed in</span><button type="button" id="sign-out">Sign out</button>';
  return `<form id="sign-in" aria-describedby="sign-in-help"><label class="visually-hidden" for="sign-in-username">Username</label><input id="sign-in-username" name="username" placeholder="Username" autocomplete="username" required><label class="visually-hidden" for="sign-in-password">Password</label><input id="sign-in-password" name="password" type="password" placeholder="Password" autocomplete="current-password" required><button type="submit">Sign in</button><small id="sign-in-help">${SIGN_IN_HELP}</small></form>`;
}

/** The parent of an item's URL (where a deleted record's page goes), when the route ends in a parameter. */
function upUrl(input: BrowsablePageInput): string | undefined {
  if (input.route === undefined || !/\)$/.test(input.route.key)) return undefined;
  return input.url.replace(/\/[^/]*$/, '');
}

/**
 * The page for one response.
 *
 * @example
 * ```ts
 * const html = browsablePage({ method: 'GET', path: '/tel/v1', url, status: 200, headers, data, route, names, … });
 * ```
 */
export function browsablePage(input: BrowsablePageInput): string {
  const allow = headerValue(input.headers, 'Allow');
  const allowed = new Set((allow ?? '').split(',').map((m) => m.trim().toUpperCase()));
  const forms = input.route === undefined || allow === undefined ? '' : routeForms(input.route, allowed, input.url);
  const statusText = STATUS_TEXT[input.status] ?? '';
  const up = upUrl(input);
  const attributes = [
    ['root', input.restRootUrl],
    ['signed-in', String(input.signedIn)],
    ['nonce-param', input.names.nonceParam],
    ['nonce-header', input.names.nonceHeader],
    ['session-url', input.sessionUrl],
    ['up', up],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value as string)}"`)
    .join('');
  const links = [
    `<a href="${escapeHtml(input.restRootUrl)}">${escapeHtml(input.siteName)}: REST root</a>`,
    input.openApiUrl === undefined ? '' : `<a href="${escapeHtml(input.openApiUrl)}" type="application/json">OpenAPI</a>`,
    input.viewerUrl === undefined ? '' : `<a href="${escapeHtml(input.viewerUrl)}">API reference</a>`,
  ].join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${input.method} ${input.path}`)} · ${escapeHtml(input.siteName)}</title><style>${STYLE}</style></head>
<body${attributes}>
<header>${links}<span style="flex:1"></span>${session(input)}</header>
<main>
<h1 tabindex="-1"><span class="method">${escapeHtml(input.method)}</span><code>${escapeHtml(input.path)}</code></h1>
<p id="status" class="${input.status < 400 ? 'status-ok' : 'status-error'}">HTTP ${input.status} ${statusText}${allow === undefined ? '' : ` · Allow: <span id="allow">${escapeHtml(allow)}</span>`}${forms === '' ? '' : '<span class="to-forms"> · <a href="#forms">Forms</a></span>'}</p>
<div class="${forms === '' ? 'layout' : 'layout with-forms'}"><div id="answer">
${paging(input)}
<pre id="result" hidden></pre>
<pre id="body">${jsonToHtml(input.data)}</pre>
</div>${forms === '' ? '' : `<section id="forms" aria-labelledby="forms-heading"><h2 id="forms-heading">Send</h2>${forms}</section>`}</div>
<details><summary>Response headers</summary><table>${headerRows(input.headers)}</table></details>
</main>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
