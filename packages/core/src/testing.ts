/**
 * A small testing helper for plugin authors: requests through the server's front door,
 * with no socket, and the JSON body parsed.
 *
 * @example
 * ```ts
 * import { testClient } from '@cms-json/core/testing';
 * const client = testClient(server);
 * const res = await client.get('/tel/v1/outgoing-links?per_page=2');
 * expect(res.status).toBe(200);
 * expect(res.headers['X-CMS-Total']).toBe('25');
 * ```
 *
 * @module
 */
import type { RestServer } from './server.js';

/** A response as tests see it. */
export interface TestResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** The parsed JSON body (or the raw text when it is not JSON; `null` for none). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes without casts
  body: any;
  text: string | null;
  /** A header by name, any case, multi-values joined with `, `. */
  header(name: string): string | undefined;
}

/** Options of a test request. */
export interface TestRequestOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is (set `content-type` yourself). */
  body?: unknown;
}

/** A client bound to a server. Paths are under the REST root (`/tel/v1/...`) unless they start with `//`. */
export function testClient(server: RestServer) {
  const send = async (method: string, path: string, options: TestRequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
    let body: string | undefined;
    if (typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('//') ? path.slice(1) : `${server.names.restRoot}${path}`;
    const res = await server.handle({ method, url, headers, body });
    if (res === null) throw new Error(`No route or page answered ${method} ${url}`);
    let parsed: unknown = null;
    if (res.body !== null) {
      try {
        parsed = JSON.parse(res.body);
      } catch {
        parsed = res.body;
      }
    }
    return {
      status: res.status,
      headers: res.headers,
      body: parsed,
      text: res.body,
      header(name) {
        const key = Object.keys(res.headers).find((k) => k.toLowerCase() === name.toLowerCase());
        if (key === undefined) return undefined;
        const value = res.headers[key];
        return Array.isArray(value) ? value.join(', ') : value;
      },
    };
  };
  return {
    request: send,
    get: (path: string, options?: TestRequestOptions) => send('GET', path, options),
    head: (path: string, options?: TestRequestOptions) => send('HEAD', path, options),
    options: (path: string, options?: TestRequestOptions) => send('OPTIONS', path, options),
    post: (path: string, options?: TestRequestOptions) => send('POST', path, options),
    put: (path: string, options?: TestRequestOptions) => send('PUT', path, options),
    patch: (path: string, options?: TestRequestOptions) => send('PATCH', path, options),
    delete: (path: string, options?: TestRequestOptions) => send('DELETE', path, options),
  };
}

/**
 * The rows of the Markdown tables of a document whose first cell is a code
 * (`` | `rest_no_route` | 404 | … | ``), by that code: each row's cells, trimmed. With
 * `after`, only the tables after that heading count. Packages check their error-code
 * tables against their docs with it.
 *
 * @example
 * ```ts
 * const rows = codeTableRows(errorsDoc, { after: "## The content package's codes" });
 * rows.get('existing_user_login'); // ['`existing_user_login`', '400', 'Sorry, that username already exists!', '…']
 * ```
 */
export function codeTableRows(markdown: string, options: { after?: string } = {}): Map<string, string[]> {
  const start = options.after === undefined ? 0 : markdown.indexOf(options.after);
  const text = start === -1 ? '' : markdown.slice(start);
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.set((cells[0] ?? '').replace(/`/g, ''), cells);
  }
  return rows;
}
