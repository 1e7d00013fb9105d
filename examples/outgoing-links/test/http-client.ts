/**
 * The suite's client over HTTP: the same interface as `testClient` of `@cms-json/core/testing`,
 * aimed at a server on a runtime. The suite's `x-test-user: editor|subscriber` header is sent as
 * the real thing: HTTP Basic with that user's application password.
 *
 * @module
 */
import type { TestRequestOptions, TestResponse } from '@cms-json/core/testing';

/** What {@link httpClient} needs: where the site is, and the `Authorization` of each test user. */
export interface HttpClientOptions {
  /** The site's address, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** The REST root under it, `/cms-json`. */
  restRoot: string;
  /** The `Authorization` value sent for each `x-test-user` name. */
  principals: Readonly<Record<string, string>>;
}

/**
 * A client with `testClient`'s methods that sends real requests; redirects are not followed.
 *
 * @example
 * const client = httpClient({ baseUrl: server.url, restRoot: '/cms-json', principals: { editor: 'Basic …' } });
 * const res = await client.get('/tel/v1/outgoing-links', { headers: { 'x-test-user': 'editor' } });
 */
export function httpClient(options: HttpClientOptions) {
  const send = async (method: string, path: string, request: TestRequestOptions = {}): Promise<TestResponse> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (name.toLowerCase() !== 'x-test-user') {
        headers.set(name, value);
        continue;
      }
      const authorization = options.principals[value];
      if (authorization === undefined) throw new Error(`No test user "${value}" on the remote site: use editor or subscriber.`);
      headers.set('authorization', authorization);
    }
    let body: string | undefined;
    if (typeof request.body === 'string') body = request.body;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const url = `${options.baseUrl}${path.startsWith('//') ? path.slice(1) : `${options.restRoot}${path}`}`;
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = method === 'HEAD' ? '' : await res.text();
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return {
      status: res.status,
      headers: responseHeaders,
      body: parsed,
      text: text === '' ? null : text,
      header: (name) => res.headers.get(name) ?? undefined,
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
