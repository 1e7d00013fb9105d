/**
 * The browsable API's pipeline stage: when a browser asks a REST URL ({@link wantsHtml}),
 * the response, complete with its status and headers, is shown as an HTML page instead of
 * sent as JSON. It runs last before encoding, so every route (plugins' too) has it.
 *
 * @module
 */
import { wantsHtml } from '../browsable/negotiate.js';
import { browsablePage } from '../browsable/page.js';
import { stringifyQuery } from '../query-string.js';
import type { ServeState } from './pipeline.js';

/** The browsable API's settings, as the server keeps them. */
export interface BrowsableOptions {
  /** The site's name, shown in the page's title. */
  readonly siteName: string;
  /** Whether the server serves `openapi.json`. */
  readonly openapi: boolean;
  /** An OpenAPI viewer page the pages link to (see `RestServer.linkApiViewer`). */
  viewerUrl: string | undefined;
}

/** The query as the page's heading shows it; a value with a lone surrogate (which cannot be percent-encoded) leaves it out. */
function shownQuery(query: Readonly<Record<string, unknown>>): string {
  try {
    return stringifyQuery(query);
  } catch {
    return '';
  }
}

/** Answers the HTML page when the request wants it and the server serves it. */
export function browsableStage(state: ServeState): void {
  const options = state.options.browsable;
  if (options === undefined || state.response === undefined || state.request.method === 'HEAD' || !wantsHtml(state.request))
    return;
  const { request, context } = state;
  const data = state.json !== undefined ? JSON.parse(state.json) : state.data;
  const found = context.router.match(request.path);
  const sessionPath = `/${context.names.prefix}-auth/v1/session`;
  const search = shownQuery(request.query);
  const headers: Record<string, string | string[]> = { ...state.headers };
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
  const body = browsablePage({
    method: request.method,
    path: request.path + (search === '' ? '' : `?${search}`),
    url: context.restUrl(request.path),
    status: state.status,
    headers,
    data,
    route: found?.value,
    names: context.names,
    restRootUrl: context.restUrl('/'),
    siteName: options.siteName,
    signedIn: request.user !== null,
    openApiUrl: options.openapi ? context.restUrl('/openapi.json') : undefined,
    viewerUrl: options.viewerUrl,
    sessionUrl: context.router.match(sessionPath) === undefined ? undefined : context.restUrl(sessionPath),
  });
  state.result = {
    status: state.status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store', Vary: 'Accept' },
    body,
  };
}
