/**
 * The bundle's translation between WordPress's names and the `cms` profile's
 * (client/profile-translation.ts): as pure functions, and as the api-fetch middleware in front
 * of a real `cms` server (each request sent through `server.handle` as the browser's fetch would).
 */
import type { APIFetchOptions } from '@wordpress/api-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  apiPath,
  apiUrl,
  editorBody,
  editorHeaders,
  editorPreload,
  editorRelation,
  editorResponse,
  profileTranslation,
  wordpressPath,
} from '../client/profile-translation.ts';
import { type ApiNames, type EditorBootConfig, WORDPRESS_API_NAMES } from '../src/boot-config.js';
import { type AreaSite, areaSite, pageData, SITE_URL } from './area-site.js';

const CMS: ApiNames = { namespace: 'cms/v2', headerPrefix: 'X-CMS-', curieName: 'cms', curieBase: 'https://api.cms-json.org/' };
const ROOT = 'http://site.test/cms-json/';

describe('the request side', () => {
  it("puts WordPress's namespace of a path into the API's, and leaves other namespaces", () => {
    expect(apiPath('/wp/v2/posts/7?context=edit', CMS)).toBe('/cms/v2/posts/7?context=edit');
    expect(apiPath('/wp/v2', CMS)).toBe('/cms/v2');
    expect(apiPath('/wp/v2?_fields=routes', CMS)).toBe('/cms/v2?_fields=routes');
    expect(apiPath('wp/v2/types', CMS)).toBe('cms/v2/types');
    expect(apiPath('/oembed/1.0/proxy?url=x', CMS)).toBe('/oembed/1.0/proxy?url=x');
    expect(apiPath('/wp/v20/posts', CMS)).toBe('/wp/v20/posts');
    expect(apiPath('/batch/v1', CMS)).toBe('/batch/v1');
    // Already the API's: unchanged (a path core-data built from rest_namespace, or a second pass).
    expect(apiPath('/cms/v2/posts', CMS)).toBe('/cms/v2/posts');
  });

  it("maps the API's paths back to WordPress's (the preloaded answers' keys)", () => {
    expect(wordpressPath('/cms/v2/types?context=view', CMS)).toBe('/wp/v2/types?context=view');
    expect(wordpressPath('/cms/v2/users/me', CMS)).toBe('/wp/v2/users/me');
    expect(wordpressPath('/cms/v22/x', CMS)).toBe('/cms/v22/x');
  });

  it('translates URLs under the REST root and rest_route parameters, and no other URL', () => {
    expect(apiUrl(`${ROOT}wp/v2/posts?page=2`, ROOT, CMS)).toBe(`${ROOT}cms/v2/posts?page=2`);
    expect(apiUrl(`${ROOT}cms/v2/posts?page=2`, ROOT, CMS)).toBe(`${ROOT}cms/v2/posts?page=2`);
    expect(apiUrl('http://site.test/?rest_route=/wp/v2/posts&context=edit', 'http://site.test/?rest_route=/', CMS)).toBe(
      'http://site.test/?rest_route=/cms/v2/posts&context=edit',
    );
    expect(apiUrl('http://site.test/?rest_route=%2Fwp%2Fv2%2Fposts', ROOT, CMS)).toBe(
      'http://site.test/?rest_route=%2Fcms%2Fv2%2Fposts',
    );
    expect(apiUrl('https://elsewhere.test/wp/v2/posts', ROOT, CMS)).toBe('https://elsewhere.test/wp/v2/posts');
  });

  it("gives WordPress's request headers the API's prefix, in any case, and keeps the others", () => {
    expect(apiHeaders({ 'X-WP-Nonce': 'n1', Accept: 'application/json', 'x-wp-other': 'o' }, CMS)).toEqual({
      'X-CMS-Nonce': 'n1',
      Accept: 'application/json',
      'X-CMS-other': 'o',
    });
  });
});

describe('the answer side', () => {
  it("names relations as WordPress does: the CURIE and the relation base, and leaves IANA's", () => {
    expect(editorRelation('cms:action-publish', CMS)).toBe('wp:action-publish');
    expect(editorRelation('https://api.cms-json.org/term', CMS)).toBe('https://api.w.org/term');
    expect(editorRelation('self', CMS)).toBe('self');
    expect(editorRelation('wp:term', CMS)).toBe('wp:term');
    expect(editorRelation('cmsx:thing', CMS)).toBe('cmsx:thing');
  });

  it("copies the API's headers to X-WP-… and translates the Link header's relations", () => {
    const headers = editorHeaders(
      new Headers({
        'X-CMS-Total': '12',
        'X-CMS-TotalPages': '2',
        Allow: 'GET, POST',
        Link: '<http://site.test/cms-json/>; rel="https://api.cms-json.org/", <http://site.test/cms-json/cms/v2/posts?page=2>; rel="next"',
      }),
      CMS,
    );
    expect([headers.get('X-WP-Total'), headers.get('X-WP-TotalPages'), headers.get('X-CMS-Total')]).toEqual(['12', '2', '12']);
    expect(headers.get('Allow')).toBe('GET, POST');
    expect(headers.get('Link')).toBe(
      '<http://site.test/cms-json/>; rel="https://api.w.org/", <http://site.test/cms-json/cms/v2/posts?page=2>; rel="next"',
    );
  });

  it('renames the relations of records, lists, maps of records and embedded records, and nothing else', () => {
    const record = {
      id: 7,
      title: { raw: 'cms:action-publish is a title', rendered: 'x' },
      meta: { note: 'https://api.cms-json.org/term' },
      _links: {
        self: [{ href: 'http://site.test/cms-json/cms/v2/posts/7' }],
        'cms:action-publish': [{ href: 'http://site.test/cms-json/cms/v2/posts/7' }],
        'https://api.cms-json.org/term': [{ taxonomy: 'category', href: 'h', embeddable: true }],
        curies: [
          { name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true },
          { name: 'books', href: 'https://books.test/{rel}', templated: true },
        ],
      },
      _embedded: {
        author: [{ id: 1, _links: { 'cms:user': [{ href: 'u' }] } }],
        'cms:term': [[{ id: 3, taxonomy: 'category', _links: { 'cms:post_type': [{ href: 'p' }] } }]],
      },
    };
    const translated = editorBody(record, CMS);
    expect(Object.keys(translated._links)).toEqual(['self', 'wp:action-publish', 'https://api.w.org/term', 'curies']);
    expect(translated._links.curies).toEqual([
      { name: 'wp', href: 'https://api.w.org/{rel}', templated: true },
      { name: 'books', href: 'https://books.test/{rel}', templated: true },
    ]);
    expect(translated._embedded).toEqual({
      author: [{ id: 1, _links: { 'wp:user': [{ href: 'u' }] } }],
      'wp:term': [[{ id: 3, taxonomy: 'category', _links: { 'wp:post_type': [{ href: 'p' }] } }]],
    });
    expect([translated.title, translated.meta]).toEqual([record.title, record.meta]);
    // The given value is not changed; a second pass changes nothing more.
    expect(Object.keys(record._links)).toContain('cms:action-publish');
    expect(editorBody(translated, CMS)).toEqual(translated);
    // A list, and a map of types as /types answers.
    expect(editorBody([record], CMS)[0]?._links).toEqual(translated._links);
    const types = editorBody(
      {
        post: { slug: 'post', rest_base: 'posts', rest_namespace: 'cms/v2', _links: { 'cms:items': [{ href: 'i' }] } },
        book: { slug: 'book', rest_base: 'books', rest_namespace: 'books/v1', _links: {} },
      },
      CMS,
    );
    expect(types.post).toEqual({
      slug: 'post',
      rest_base: 'posts',
      rest_namespace: 'wp/v2',
      _links: { 'wp:items': [{ href: 'i' }] },
    });
    expect(types.book.rest_namespace).toBe('books/v1');
    // A rest_namespace outside a type or taxonomy (a meta value) is kept.
    expect(editorBody({ meta: { rest_namespace: 'cms/v2' } }, CMS)).toEqual({ meta: { rest_namespace: 'cms/v2' } });
    expect([editorBody(null, CMS), editorBody('cms:x', CMS), editorBody(3, CMS)]).toEqual([null, 'cms:x', 3]);
  });

  it('makes a new Response with the headers and the JSON body translated, the same status, and keeps other bodies', async () => {
    const json = await editorResponse(
      new Response(JSON.stringify([{ id: 1, _links: { 'cms:attachment': [{ href: 'a' }] } }]), {
        status: 200,
        statusText: 'OK',
        headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-CMS-Total': '1' },
      }),
      CMS,
    );
    expect([json.status, json.statusText, json.headers.get('X-WP-Total')]).toEqual([200, 'OK', '1']);
    expect(await json.json()).toEqual([{ id: 1, _links: { 'wp:attachment': [{ href: 'a' }] } }]);
    const empty = await editorResponse(new Response(null, { status: 204, headers: { 'X-CMS-Total': '0' } }), CMS);
    expect([empty.status, empty.headers.get('X-WP-Total'), await empty.text()]).toEqual([204, '0', '']);
    const text = await editorResponse(new Response('cms:plain', { status: 200, headers: { 'Content-Type': 'text/plain' } }), CMS);
    expect(await text.text()).toBe('cms:plain');
    const broken = await editorResponse(new Response('{not json', { headers: { 'Content-Type': 'application/json' } }), CMS);
    expect(await broken.text()).toBe('{not json');
  });

  it("keys the preloaded answers by WordPress's paths, OPTIONS answers too, in WordPress's names", () => {
    const preload = editorPreload(
      {
        '/cms/v2/posts/7?context=edit': { body: { id: 7, _links: { 'cms:action-publish': [{ href: 'p' }] } }, headers: {} },
        '/cms/v2/blocks?context=edit&per_page=-1': { body: [], headers: { 'X-CMS-Total': '0', 'X-CMS-TotalPages': '0' } },
        OPTIONS: { '/cms/v2/media': { body: {}, headers: { Allow: 'GET, POST' } } },
      },
      CMS,
    );
    expect(Object.keys(preload)).toEqual(['/wp/v2/posts/7?context=edit', '/wp/v2/blocks?context=edit&per_page=-1', 'OPTIONS']);
    expect(preload['/wp/v2/posts/7?context=edit']).toEqual({
      body: { id: 7, _links: { 'wp:action-publish': [{ href: 'p' }] } },
      headers: {},
    });
    expect(preload['/wp/v2/blocks?context=edit&per_page=-1']).toMatchObject({
      headers: { 'x-wp-total': '0', 'x-wp-totalpages': '0' },
    });
    expect(preload.OPTIONS).toEqual({ '/wp/v2/media': { body: {}, headers: { allow: 'GET, POST' } } });
  });

  it("translates nothing when the API answers under WordPress's names, or the config names none", () => {
    expect(profileTranslation({ restRootUrl: ROOT, names: { ...WORDPRESS_API_NAMES } })).toBeUndefined();
    expect(profileTranslation({ restRootUrl: ROOT })).toBeUndefined();
    expect(profileTranslation({ restRootUrl: ROOT, names: CMS })).toBeDefined();
  });
});

describe('the middleware in front of a cms server', () => {
  let site: AreaSite;
  beforeAll(async () => {
    site = await areaSite();
  });
  afterAll(async () => {
    await site.close();
  });

  /** What api-fetch's default fetch handler does, through the server's front door with the session cookie. */
  const fetchAs =
    (cookie: string) =>
    async (options: APIFetchOptions): Promise<unknown> => {
      const url = new URL(options.url ?? '');
      const answer = await site.server.handle({
        method: options.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...options.headers, cookie, accept: 'application/json' },
        body: options.data === undefined ? undefined : JSON.stringify(options.data),
        baseUrl: SITE_URL,
      });
      if (answer === null) throw new Error(`nothing answers ${url.pathname}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      if (options.data !== undefined) headers.set('content-type', 'application/json');
      const response = new Response(answer.body, { status: answer.status, headers });
      if (!response.ok) throw options.parse === false ? response : await response.json();
      return options.parse === false ? response : response.json();
    };

  /** Sends an editor request as api-fetch would after the root URL and nonce middlewares ran. */
  const send = async (as: { cookie: string; nonce: string }, options: APIFetchOptions): Promise<unknown> => {
    const translation = profileTranslation({ restRootUrl: `${SITE_URL}/cms-json/`, names: CMS });
    if (translation === undefined) throw new Error('no translation for the cms names');
    const path = options.path ?? '';
    return translation.middleware(
      {
        ...options,
        url: `${SITE_URL}/cms-json/${path.replace(/^\//, '')}`,
        // An anonymous visitor's page has no nonce.
        headers: as.nonce === '' ? {} : { 'X-WP-Nonce': as.nonce },
      },
      fetchAs(as.cookie),
    );
  };

  it("gives an author their record in edit context with WordPress's relations, publish among them", async () => {
    const author = await site.signIn(site.people.author);
    const post = await site.createPost(author, { title: 'Mine', status: 'draft' });
    const record = (await send(author, { path: `/wp/v2/posts/${post.id}?context=edit` })) as {
      id: number;
      _links: Record<string, unknown>;
    };
    expect(record.id).toBe(post.id);
    expect(Object.keys(record._links)).toEqual(expect.arrayContaining(['wp:action-publish', 'wp:action-assign-categories']));
    expect(Object.keys(record._links).some((relation) => relation.startsWith('cms:'))).toBe(false);
  });

  it('gives a contributor no publish relation on their own draft', async () => {
    const contributor = await site.signIn(site.people.contributor);
    const post = await site.createPost(contributor, { title: 'Submitted later', status: 'draft' });
    const record = (await send(contributor, { path: `/wp/v2/posts/${post.id}?context=edit` })) as {
      _links: Record<string, unknown>;
    };
    expect(Object.keys(record._links)).toContain('wp:action-assign-categories');
    expect(Object.keys(record._links)).not.toContain('wp:action-publish');
  });

  it('answers a list with X-WP-Total and X-WP-TotalPages when the editor asks for the Response', async () => {
    const author = await site.signIn(site.people.author);
    await site.createPost(author, { title: 'Listed', status: 'publish' });
    const response = (await send(author, { path: '/wp/v2/posts?per_page=1', parse: false })) as Response;
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('X-WP-Total'))).toBeGreaterThan(0);
    expect(response.headers.get('X-WP-TotalPages')).toBe(response.headers.get('X-CMS-TotalPages'));
    const list = (await response.json()) as { _links: Record<string, unknown> }[];
    expect(Object.keys(list[0]?._links ?? {})).toContain('wp:attachment');
  });

  it("gives the post type's rest_namespace as wp/v2, so core-data asks under WordPress's paths", async () => {
    const author = await site.signIn(site.people.author);
    const type = (await send(author, { path: '/wp/v2/types/post?context=edit' })) as { rest_namespace: string };
    expect(type.rest_namespace).toBe('wp/v2');
  });

  it("refuses a nonce that is not the session's, as the API does (the Response, with parse: false)", async () => {
    const author = await site.signIn(site.people.author);
    const refused = await send({ cookie: author.cookie, nonce: 'not-a-nonce' }, { path: '/wp/v2/users/me', parse: false }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(refused).toBeInstanceOf(Response);
    const response = refused as Response;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });
  });

  it('refuses an anonymous visitor a draft with the API’s error, passed on as api-fetch parses it', async () => {
    const author = await site.signIn(site.people.author);
    const post = await site.createPost(author, { title: 'Not for visitors', status: 'draft' });
    const refused = await send({ cookie: '', nonce: '' }, { path: `/wp/v2/posts/${post.id}?context=edit` }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(refused).toMatchObject({ code: 'rest_forbidden_context', data: { status: 401 } });
  });

  it("preloads the host page's answers under WordPress's paths", async () => {
    const author = await site.signIn(site.people.author);
    const page = await site.page('post-new.php?post_type=post', author);
    const config = pageData(page.text, 'cms-json-editor-config') as EditorBootConfig;
    const translation = profileTranslation(config);
    const preload = translation?.preload(config.preload ?? {}) ?? {};
    const record = preload[`/wp/v2/posts/${config.postId}?context=edit`] as
      | { body: { _links: Record<string, unknown> } }
      | undefined;
    expect(Object.keys(record?.body._links ?? {})).toContain('wp:action-publish');
    expect(preload['/wp/v2/users/me']).toMatchObject({ body: { id: site.people.author.id } });
    expect(preload.OPTIONS?.['/wp/v2/pages']?.headers.allow).toBe('GET');
    expect(Object.keys(preload).filter((path) => path.startsWith('/cms/'))).toEqual([]);
  });
});
