/**
 * fast-check generators of hostile HTTP requests for the robustness fuzzing.
 *
 * @module
 */
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent (percent-encoded where the generator chose to). */
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** Who sends the request; resolved to headers by the test (credentials are not known here). */
export type Who = 'anonymous' | 'editor' | 'subscriber' | 'admin' | 'garbage-basic' | 'cookie-no-nonce' | 'cookie-bad-nonce';

const PARAMS = [
  'page',
  'per_page',
  'offset',
  'order',
  'orderby',
  'search',
  'context',
  'id',
  'title',
  'link',
  'slug',
  'count',
  '_fields',
  '_embed',
  '_envelope',
  '_jsonp',
  '_method',
  '_pretty',
  '_cmsnonce',
  'rest_route',
  'namespace',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'asc',
  'desc',
  'edit',
  'view',
  'embed',
  'id',
  'title',
  'count',
  '__proto__',
  'constructor',
  "'; DROP TABLE outgoing_links; --",
  '%',
  '_',
  '\\',
  '\r\n',
  '\r\nSet-Cookie: a=1',
  '"',
  "'",
  '<script>alert(1)</script>',
  '</script>',
  'alert(1)',
  'cb',
  'a.b_c',
  'javascript:alert(1)',
  'https://example.test/a?b=c#d',
  '\u0000',
  '\u2028\u2029',
  '🙂',
  'e\u0301',
  '\uFEFF',
  'DELETE',
  'PUT',
);

/** A value for a parameter. */
export const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.array(loneSurrogate, { maxLength: 3 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: fc.nat({ max: 5000 }).map((n) => 'x'.repeat(n)) },
);

const bracket = fc.constantFrom(
  '',
  '',
  '',
  '[]',
  '[a]',
  '[0]',
  '[__proto__]',
  '[constructor][prototype]',
  '[0][1][2]',
  '[',
  ']',
  '[]]',
);

/** A key of the query string. */
const paramKey: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PARAMS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
    bracket,
  )
  .map(([k, b]) => k + b);

/** How a component is written on the wire: encoded, raw, or with broken escapes. */
function encodeAs(text: string, style: number): string {
  if (style === 0) return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  if (style === 1) return text.replace(/[&#?\s]/g, (c) => encodeURIComponent(c));
  if (style === 2) return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}%ZZ%E0%A4%A`;
  return text.replace(/[^\w]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`);
}

/** A query string (without `?`): repeated keys, brackets, odd encodings. */
export const queryString: fc.Arbitrary<string> = fc
  .array(fc.tuple(paramKey, paramValue, fc.nat({ max: 3 }), fc.boolean()), { maxLength: 8 })
  .map((pairs) =>
    pairs
      .map(([k, v, style, noValue]) => (noValue ? encodeAs(k, style) : `${encodeAs(k, style)}=${encodeAs(v, style)}`))
      .join('&'),
  );

/** A path under the REST root for the given concrete route paths. */
export function restPath(routes: readonly string[]): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom(
      '1',
      '2',
      '0',
      '-1',
      '999999',
      '1.5',
      '1e3',
      '%31',
      '%2F',
      '..',
      '.',
      '',
      '%00',
      '%ff',
      '%E2%82%AC',
      'outgoing-links',
      'tel',
      'v1',
    ),
    fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
    fc.string({ unit: 'binary', maxLength: 8 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...routes) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...routes), segment).map(([r, s]) => `${r.replace(/\/$/, '')}/${s}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...routes), fc.constantFrom('/', '//', '///', '/./', '/../')).map(([r, s]) => r + s),
    },
    { weight: 1, arbitrary: fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join('/')}`) },
    { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => `/tel/v1/${'a'.repeat(n)}`) },
  );
}

/** A complete URL (path and query). Mostly the REST root; sometimes `?rest_route=`, pages and strangers. */
export function fuzzUrl(routes: readonly string[]): fc.Arbitrary<string> {
  const withQuery = (path: fc.Arbitrary<string>) =>
    fc.tuple(path, fc.option(queryString, { nil: undefined })).map(([p, q]) => (q === undefined ? p : `${p}?${q}`));
  return fc.oneof(
    { weight: 12, arbitrary: withQuery(restPath(routes).map((p) => `/cms-json${p}`)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('/', '/index.php'), restPath(routes), fc.option(queryString, { nil: undefined }))
        .map(([root, p, q]) => `${root}?rest_route=${encodeAs(p, 1)}${q === undefined ? '' : `&${q}`}`),
    },
    {
      weight: 2,
      arbitrary: withQuery(
        fc.oneof(
          fc.constantFrom('/out/phpmanual', '/out/', '/out/x', '/out/%2e%2e', '/', '/xmlrpc.php', '/cms-json'),
          restPath(routes).map((p) => `/out${p}`),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: withQuery(fc.constantFrom('/cms-jsonx', '/CMS-JSON/', '/cms-json%2Ftel', '/%63ms-json/', '/wp-json/')),
    },
  );
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  '',
  ';;;',
  'application/json; charset=latin1',
);

/** A JSON-ish value with hostile keys. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
})).value;

function deep(depth: number, kind: number): string {
  if (kind === 0) return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 1) return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return '['.repeat(depth);
}

/** A request body. */
export const fuzzBody: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? 'null') },
  {
    weight: 3,
    arbitrary: fc
      .record({ title: paramValue, link: paramValue, id: fc.option(paramValue, { nil: undefined }) }, { requiredKeys: [] })
      .map((r) => JSON.stringify(r)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":1},"title":"p","link":"https://p.test"}',
      '{"constructor":{"prototype":{"polluted":1}},"title":"c","link":"https://c.test"}',
      '{"title":"a","title":"b","link":"https://d.test"}',
      '{"title":',
      '{title:"x"}',
      "{'title':'x'}",
      '\uFEFF{"title":"bom","link":"https://b.test"}',
      '{"title":"\\ud800","link":"https://s.test"}',
      'null',
      '[]',
      '"str"',
      '1e999',
      '',
      ' ',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.nat({ max: 2 })).map(([d, k]) => deep(d, k)) },
  {
    weight: 1,
    arbitrary: fc
      .nat({ max: 300_000 })
      .map((n) => JSON.stringify({ title: 'big', link: 'https://big.test', pad: 'p'.repeat(n) })),
  },
  { weight: 2, arbitrary: queryString },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 16 })
      .map((b) => new Uint8Array([...Buffer.from('{"title":"'), 0xc3, 0x28, ...b, ...Buffer.from('"}')])),
  },
);

/** A method: the usual ones in any case, and junk. */
export const fuzzMethod: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Post', 'TRACE', 'CONNECT', 'PROPFIND', 'M-SEARCH', 'PURGE') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,12}$/) },
);

/** Extra headers besides the credentials. */
export const fuzzHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': contentTypes,
      'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'GET', 'delete', 'FOO', ''),
      origin: fc.constantFrom('https://evil.test', 'null', '', 'https://a.test\r\nX: y'),
      'x-cms-nonce': fc.constantFrom('deadbeef00', '', '0', 'x'.repeat(100)),
      accept: fc.constantFrom('*/*', 'text/html', 'application/json'),
      'content-length': fc.constantFrom('0', '-1', 'abc', '99999999999'),
      'x-fuzz': paramValue,
    },
    { requiredKeys: [] },
  )
  .map((h) => h as Record<string, string>);

export const fuzzWho: fc.Arbitrary<Who> = fc.constantFrom<Who>(
  'anonymous',
  'anonymous',
  'editor',
  'editor',
  'subscriber',
  'admin',
  'garbage-basic',
  'cookie-no-nonce',
  'cookie-bad-nonce',
);

export const fuzzRequest = (routes: readonly string[]) =>
  fc.record({ method: fuzzMethod, url: fuzzUrl(routes), headers: fuzzHeaders, body: fuzzBody, who: fuzzWho });

/** Mostly people who may write, so that requests get past the permission checks. */
const schemaWho: fc.Arbitrary<Who> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Who>('admin') },
  { weight: 3, arbitrary: fc.constant<Who>('editor') },
  { weight: 2, arbitrary: fuzzWho },
);

/** What the schema-aware generator needs to know of a route (from the root index). */
export interface RouteShape {
  pattern: string;
  endpoints: { methods: string[]; args: Record<string, { type?: unknown; enum?: unknown[]; required?: boolean }> }[];
}

const email = fc.tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.constantFrom('a.test', 'example.com')).map(([u, d]) => `${u}@${d}`);

/** A value for an argument of the given JSON Schema type: mostly plausible, sometimes hostile. */
function argValue(arg: { type?: unknown; enum?: unknown[] }): fc.Arbitrary<unknown> {
  const types = Array.isArray(arg.type) ? arg.type.map(String) : typeof arg.type === 'string' ? [arg.type] : [];
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(arg.enum) && arg.enum.length > 0) plausible.push(fc.constantFrom(...arg.enum));
  if (types.includes('integer') || types.includes('number'))
    plausible.push(fc.integer({ min: -3, max: 12 }), fc.constantFrom(0, 1, 2, 3));
  if (types.includes('boolean')) plausible.push(fc.boolean(), fc.constantFrom('true', 'false', '1', '0'));
  if (types.includes('string'))
    plausible.push(
      fc.string({ minLength: 1, maxLength: 16 }),
      fc.constantFrom(
        'editor',
        'subscriber',
        'administrator',
        'author',
        'user@example.com',
        'https://example.com',
        'a-long-password-1',
        'me',
      ),
      email,
    );
  if (types.includes('array'))
    plausible.push(
      fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('editor', 'subscriber', 'admin', 'x')), { maxLength: 4 }),
    );
  if (plausible.length === 0) plausible.push(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.boolean(), fc.string({ maxLength: 8 })));
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...plausible) },
    { weight: 1, arbitrary: paramValue },
    { weight: 1, arbitrary: hostileJson },
  );
}

function toQueryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (key: string, value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(`${key}[]`, item);
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value).replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`);
  };
  for (const [key, value] of Object.entries(values)) walk(key, value);
  return parts.join('&');
}

/**
 * Requests shaped by the index: a real route and method, its path parameters from
 * `pathValues`, and a random subset of its declared arguments in the query, a JSON body or
 * a form body.
 */
export function schemaRequest(routes: readonly RouteShape[], pathValues: (name: string) => readonly string[]) {
  const endpoints = routes.flatMap((route) => route.endpoints.map((endpoint) => ({ route, endpoint })));
  // One arbitrary per endpoint, built once (building them per value is slow).
  const perEndpoint = endpoints.map(({ route, endpoint }) => {
    const names = [...route.pattern.matchAll(/\(\?P<([^>]+)>/g)].map((m) => m[1] ?? '');
    const pathArb = fc.tuple(...names.map((n) => fc.constantFrom(...pathValues(n)))).map((values) => {
      let i = 0;
      return route.pattern.replace(/\(\?P<[^>]+>(?:[^()]|\([^()]*\))*\)/g, () => encodeURIComponent(values[i++] ?? '1'));
    });
    const argEntries = Object.entries(endpoint.args).filter(([name]) => !names.includes(name));
    const argsArb = fc
      .tuple(...argEntries.map(([, arg]) => fc.option(argValue(arg), { nil: undefined, freq: arg.required === true ? 8 : 2 })))
      .map((values) => {
        const out: Record<string, unknown> = {};
        argEntries.forEach(([name], i) => {
          if (values[i] !== undefined) out[name] = values[i];
        });
        return out;
      });
    return fc.record({
      method: fc.constantFrom(...endpoint.methods),
      path: pathArb,
      args: argsArb,
      placement: fc.constantFrom('query', 'json', 'json', 'form'),
      who: schemaWho,
      extra: fc.option(queryString, { nil: undefined, freq: 6 }),
    });
  });
  return fc.oneof(...perEndpoint).map(({ method, path, args, placement, who, extra }) => {
    const bodyless = method === 'GET' || method === 'HEAD';
    const inQuery = bodyless || placement === 'query';
    const query = [inQuery ? toQueryString(args) : '', extra ?? ''].filter((q) => q !== '').join('&');
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (!inQuery && placement === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(args);
    } else if (!inQuery) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = toQueryString(args);
    }
    return { method, url: `/cms-json${path}${query === '' ? '' : `?${query}`}`, headers, body, who };
  });
}
