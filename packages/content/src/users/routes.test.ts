import { createHash } from 'node:crypto';
import { defineRoute, READABLE } from '@cms-json/core';
import type { TestResponse } from '@cms-json/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { basic, type ContentSite, contentSite } from '../../test/site.js';

/** No response may carry a password or a hash. */
function expectNoSecrets(res: TestResponse): void {
  expect(res.text ?? '').not.toMatch(/pass_hash|\$scrypt\$|"password"|-password"/);
}

const VIEW_FIELDS = ['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'meta', '_links'];
const EDIT_ONLY = [
  'username',
  'first_name',
  'last_name',
  'email',
  'locale',
  'nickname',
  'registered_date',
  'roles',
  'capabilities',
  'extra_capabilities',
];

let site: ContentSite;
let authors: number[] = [];
const deleted: [number, number | null][] = [];

beforeAll(async () => {
  site = await contentSite({
    onDeleteUser: async (id, reassign) => {
      deleted.push([id, reassign]);
    },
  });
  authors = [site.people.author.id];
  // A type with authors says who has published: those users are public under /users.
  site.server.objectTypes.get('post').provideAuthors(async () => authors);
});
afterAll(async () => {
  await site.close();
});

const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`/cms/v2${path}`, { headers });

describe('GET /cms/v2/users', () => {
  it('shows anonymous callers only users who have published, in the view context', async () => {
    const res = await get('/users');
    expect(res.status).toBe(200);
    expect(res.body.map((user: { id: number }) => user.id)).toEqual([site.people.author.id]);
    expect(res.header('X-CMS-Total')).toBe('1');
    const [record] = res.body;
    expect(Object.keys(record).sort()).toEqual([...VIEW_FIELDS].sort());
    const hash = createHash('md5').update('author@example.com').digest('hex');
    expect(record).toMatchObject({
      name: 'author',
      slug: 'author',
      url: '',
      description: '',
      link: 'http://site.test/author/author/',
      // A plain-http site gets the numbered http hosts, as WordPress's get_avatar_url.
      avatar_urls: {
        '24': `http://${Number.parseInt(hash.charAt(0), 16) % 3}.gravatar.com/avatar/${hash}?s=24&d=mm&r=g`,
        '48': `http://${Number.parseInt(hash.charAt(0), 16) % 3}.gravatar.com/avatar/${hash}?s=48&d=mm&r=g`,
        '96': `http://${Number.parseInt(hash.charAt(0), 16) % 3}.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
      },
    });
    expect(record._links.self[0].href).toBe(`http://site.test/cms-json/cms/v2/users/${site.people.author.id}`);
    expect(record._links.collection[0].href).toBe('http://site.test/cms-json/cms/v2/users');
    expectNoSecrets(res);
  });

  it('lists nobody to anonymous callers when nobody has published', async () => {
    const before = authors;
    authors = [];
    try {
      const res = await get('/users');
      expect(res.body).toEqual([]);
      expect(res.header('X-CMS-Total')).toBe('0');
    } finally {
      authors = before;
    }
  });

  it('lists everyone, by name, to callers who may list users, with edit fields on request', async () => {
    const { administrator } = site.people;
    const view = await get('/users?per_page=100', administrator.headers);
    expect(view.body.map((user: { name: string }) => user.name)).toEqual([
      'administrator',
      'author',
      'contributor',
      'editor',
      'subscriber',
    ]);
    expect(Object.keys(view.body[0])).not.toContain('email');
    const edit = await get('/users?context=edit&search=editor', administrator.headers);
    expect(edit.status).toBe(200);
    expect(edit.body).toHaveLength(1);
    expect(edit.body[0]).toMatchObject({
      username: 'editor',
      email: 'editor@example.com',
      roles: ['editor'],
      extra_capabilities: { editor: true },
      locale: 'en_US',
      registered_date: '2030-01-01T00:00:00+00:00',
    });
    for (const field of EDIT_ONLY) expect(edit.body[0]).toHaveProperty(field);
    expect(edit.body[0].capabilities).toMatchObject({ editor: true, edit_others_posts: true, read: true });
    expect(edit.body[0].capabilities.list_users).toBeUndefined();
    expectNoSecrets(edit);
  });

  it('pages with totals and prev/next links', async () => {
    const res = await get('/users?per_page=2&page=2', site.people.administrator.headers);
    expect(res.body.map((user: { name: string }) => user.name)).toEqual(['contributor', 'editor']);
    expect(res.header('X-CMS-Total')).toBe('5');
    expect(res.header('X-CMS-TotalPages')).toBe('3');
    expect(res.header('Link')).toContain('<http://site.test/cms-json/cms/v2/users?per_page=2&page=1>; rel="prev"');
    expect(res.header('Link')).toContain('<http://site.test/cms-json/cms/v2/users?per_page=2&page=3>; rel="next"');
  });

  it('filters by role, include, exclude and slug, and orders by include', async () => {
    const { administrator, editor, author } = site.people;
    const ids = (res: TestResponse) => res.body.map((user: { id: number }) => user.id);
    expect(ids(await get('/users?roles=editor,author', administrator.headers)).sort()).toEqual([editor.id, author.id].sort());
    expect(ids(await get(`/users?include=${editor.id},${author.id}&orderby=include&order=desc`, administrator.headers))).toEqual([
      author.id,
      editor.id,
    ]);
    expect(ids(await get(`/users?exclude[]=${administrator.id}&slug=editor,author`, administrator.headers)).sort()).toEqual(
      [editor.id, author.id].sort(),
    );
    expect(ids(await get('/users?capabilities=publish_posts', administrator.headers)).sort()).toEqual(
      [administrator.id, editor.id, author.id].sort(),
    );
  });

  it('searches emails only for callers who may list users', async () => {
    expect((await get('/users?search=author@example', site.people.administrator.headers)).body).toHaveLength(1);
    expect((await get('/users?search=author@example')).body).toEqual([]);
    expect((await get('/users?search=auth')).body).toHaveLength(1);
  });

  it('refuses a search term over 200 characters with 400 rest_invalid_param, in the query or a body', async () => {
    const { administrator } = site.people;
    expect(await get(`/users?search=${'a'.repeat(200)}`, administrator.headers)).toMatchObject({ status: 200, body: [] });
    const long = await get(`/users?search=${'a'.repeat(201)}`, administrator.headers);
    expect([long.status, long.body.code, Object.keys(long.body.data.params)]).toEqual([400, 'rest_invalid_param', ['search']]);
    // Past SQLite's 50,000-byte LIKE limit: a body of _method=GET carries it (it was a 500).
    for (const headers of [{}, administrator.headers]) {
      const huge = await site.client.post('/cms/v2/users?_method=GET', { headers, body: { search: 'a'.repeat(60_000) } });
      expect([huge.status, huge.body.code]).toEqual([400, 'rest_invalid_param']);
    }
  });

  it('refuses edit context, role and capability filters and private orderings without list_users', async () => {
    const cases: [string, string, string][] = [
      ['/users?context=edit', 'rest_forbidden_context', 'Sorry, you are not allowed to edit users.'],
      ['/users?roles=editor', 'rest_user_cannot_view', 'Sorry, you are not allowed to filter users by role.'],
      ['/users?capabilities=read', 'rest_user_cannot_view', 'Sorry, you are not allowed to filter users by capability.'],
      ['/users?orderby=email', 'rest_forbidden_orderby', 'Sorry, you are not allowed to order users by this parameter.'],
      [
        '/users?orderby=registered_date',
        'rest_forbidden_orderby',
        'Sorry, you are not allowed to order users by this parameter.',
      ],
    ];
    for (const [path, code, message] of cases) {
      const anonymous = await get(path);
      expect([path, anonymous.status, anonymous.body.code, anonymous.body.message]).toEqual([path, 401, code, message]);
      const editor = await get(path, site.people.editor.headers);
      expect([path, editor.status, editor.body.code, editor.body.message]).toEqual([path, 403, code, message]);
    }
    expect((await get('/users?who=authors')).body.code).toBe('rest_forbidden_who');
    expect((await get('/users?who=authors', site.people.contributor.headers)).status).toBe(200);
  });

  it('validates its arguments', async () => {
    expect((await get('/users?per_page=101')).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { per_page: expect.any(String) } },
    });
    expect((await get('/users?orderby=password')).body.code).toBe('rest_invalid_param');
    expect((await get('/users?include=abc')).body.code).toBe('rest_invalid_param');
  });
});

describe('GET /cms/v2/users ordered by include', () => {
  it('answers an anonymous caller whose include names no published author with an empty page, not a 500', async () => {
    const res = await get(`/users?include=${site.people.subscriber.id}&orderby=include`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /cms/v2/users/<id>', () => {
  it('shows a published author to anybody, and hides everyone else from anonymous callers', async () => {
    const author = await get(`/users/${site.people.author.id}`);
    expect(author.status).toBe(200);
    expect(Object.keys(author.body).sort()).toEqual([...VIEW_FIELDS].sort());
    const subscriber = await get(`/users/${site.people.subscriber.id}`);
    expect(subscriber.status).toBe(401);
    expect(subscriber.body).toEqual({
      code: 'rest_user_cannot_view',
      message: 'Sorry, you are not allowed to list users.',
      data: { status: 401 },
    });
    expect((await get(`/users/${site.people.subscriber.id}`, site.people.contributor.headers)).status).toBe(403);
  });

  it('lets users read themselves in any context, and list_users holders anyone', async () => {
    const { subscriber, administrator } = site.people;
    const self = await get(`/users/${subscriber.id}?context=edit`, subscriber.headers);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ username: 'subscriber', email: 'subscriber@example.com' });
    expectNoSecrets(self);
    // The edit context of another user needs edit_user on that user (WordPress 6.1).
    const other = await get(`/users/${site.people.author.id}?context=edit`, subscriber.headers);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      code: 'rest_forbidden_context',
      message: 'Sorry, you are not allowed to edit this user.',
    });
    expect((await get(`/users/${site.people.author.id}?context=edit`)).status).toBe(401);
    expect((await get(`/users/${subscriber.id}?context=edit`, administrator.headers)).body.email).toBe('subscriber@example.com');
  });

  it('answers 404 for an unknown id and rest_no_route for a non-numeric one', async () => {
    expect((await get('/users/999', site.people.administrator.headers)).body).toEqual({
      code: 'rest_user_invalid_id',
      message: 'Invalid user ID.',
      data: { status: 404 },
    });
    expect((await get('/users/abc')).body.code).toBe('rest_no_route');
  });

  it('is embeddable as the author of another record', async () => {
    const { server, people } = site;
    server.register(
      'demo/v1',
      defineRoute({
        path: '/books/:id',
        args: { id: z.number().int() },
        schema: z.object({ id: z.number().int(), author: z.number().int() }),
        links: [{ rel: 'author', href: '/cms/v2/users/:author', embeddable: true }],
        endpoints: (endpoint) => [
          endpoint({ methods: READABLE, permission: 'public', handler: ({ id }) => ({ id, author: people.author.id }) }),
        ],
      }),
    );
    const res = await site.client.get('/demo/v1/books/7?_embed');
    expect(res.status).toBe(200);
    const [author] = res.body._embedded.author;
    expect(author).toMatchObject({ id: people.author.id, name: 'author', slug: 'author' });
    expect(author.email).toBeUndefined();
    expect(author._links.self).toBeDefined();
  });
});

describe('users embedded together', () => {
  it('embeds each user of a page as a request for it answers alone: the record, a hidden user, an unknown one', async () => {
    const { server, people } = site;
    const shelf = [people.author.id, people.subscriber.id, 999, people.author.id].map((author, index) => ({
      id: index + 1,
      author,
    }));
    server.register(
      'demo/v1',
      defineRoute({
        path: '/shelf',
        schema: z.object({ id: z.number().int(), author: z.number().int() }),
        links: [{ rel: 'author', href: '/cms/v2/users/:author', embeddable: true }],
        endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => shelf })],
      }),
    );
    for (const headers of [{}, people.administrator.headers]) {
      const res = await site.client.get('/demo/v1/shelf?_embed=author', { headers });
      expect(res.status).toBe(200);
      for (const [index, item] of (res.body as { _embedded: { author: unknown[] } }[]).entries()) {
        const author = shelf[index]?.author;
        const alone = await get(`/users/${author}?context=embed`, headers);
        expect(item._embedded.author[0]).toEqual(alone.body);
      }
      const codes = (res.body as { _embedded: { author: { code?: string }[] } }[]).map((item) => item._embedded.author[0]?.code);
      expect(codes).toEqual(
        'authorization' in headers
          ? [undefined, undefined, 'rest_user_invalid_id', undefined]
          : [undefined, 'rest_user_cannot_view', 'rest_user_invalid_id', undefined],
      );
    }
  });
});

describe('GET /cms/v2/users/me', () => {
  it('answers 401 rest_not_logged_in to anonymous callers', async () => {
    const res = await get('/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
  });

  it('shows the current user, edit fields included on request', async () => {
    const { contributor } = site.people;
    const view = await get('/users/me', contributor.headers);
    expect(view.body).toMatchObject({ id: contributor.id, name: 'contributor' });
    expect(view.body.email).toBeUndefined();
    const edit = await get('/users/me?context=edit', contributor.headers);
    expect(edit.body).toMatchObject({ username: 'contributor', roles: ['contributor'] });
    expectNoSecrets(edit);
  });

  it('carries meta as the original: [] in view, persisted_preferences in edit', async () => {
    const { contributor } = site.people;
    expect((await get('/users/me', contributor.headers)).body.meta).toEqual([]);
    expect((await get('/users/me?context=edit', contributor.headers)).body.meta).toEqual({ persisted_preferences: [] });
    expect((await get('/users/me?context=embed', contributor.headers)).body.meta).toBeUndefined();
  });
});

describe('POST /cms/v2/users', () => {
  const post = (body: Record<string, unknown>, headers: Record<string, string> = site.people.administrator.headers) =>
    site.client.post('/cms/v2/users', { headers, body });

  it('creates a user for create_users holders: 201, Location and the edit record', async () => {
    const res = await post({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'n3wbie!',
      name: 'New Bie',
      roles: ['author'],
    });
    expect(res.status).toBe(201);
    expect(res.header('Location')).toBe(`http://site.test/cms-json/cms/v2/users/${res.body.id}`);
    expect(res.body).toMatchObject({
      username: 'newbie',
      name: 'New Bie',
      email: 'newbie@example.com',
      roles: ['author'],
      slug: 'newbie',
    });
    expect(res.body._links.self[0].href).toBe(res.header('Location'));
    expectNoSecrets(res);
    const login = await site.auth.login('newbie', 'n3wbie!');
    expect('user' in login).toBe(true);
  });

  it('gives new users the default role', async () => {
    const res = await post({ username: 'plain', email: 'plain@example.com', password: 'pw' });
    expect(res.body.roles).toEqual(['subscriber']);
  });

  it('needs create_users: 401 anonymous, 403 otherwise', async () => {
    const body = { username: 'x1', email: 'x1@example.com', password: 'pw' };
    const anonymous = await post(body, {});
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_cannot_create_user']);
    const editor = await post(body, site.people.editor.headers);
    expect([editor.status, editor.body.code]).toEqual([403, 'rest_cannot_create_user']);
  });

  it('rejects missing and invalid arguments before anything is stored', async () => {
    expect((await post({})).body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['username', 'email', 'password'] },
    });
    const invalid = async (body: Record<string, unknown>, param: string) => {
      const res = await post({ username: 'valid', email: 'valid@example.com', password: 'pw', ...body });
      expect([res.status, res.body.code, Object.keys(res.body.data.params ?? {})]).toEqual([400, 'rest_invalid_param', [param]]);
      return res;
    };
    expect((await invalid({ username: 'bad<name>' }, 'username')).body.data.params.username).toMatch(/illegal characters/);
    await invalid({ email: 'not-an-email' }, 'email');
    expect((await invalid({ password: '' }, 'password')).body.data.params.password).toBe('Passwords cannot be empty.');
    await invalid({ password: 'a\\b' }, 'password');
    await invalid({ roles: 'not,a,list,of,strings'.split(',').map(Number) }, 'roles');
    expect(await site.auth.users.findByLogin('valid')).toBeUndefined();
  });

  it("answers the original's codes for taken names, unknown roles and a sent id", async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ username: 'editor' }, 'existing_user_login', 400],
      [{ email: 'EDITOR@example.com' }, 'existing_user_email', 400],
      [{ roles: ['ghost'] }, 'rest_user_invalid_role', 400],
      [{ id: 5 }, 'rest_user_exists', 400],
    ];
    for (const [body, code, status] of cases) {
      const res = await post({ username: 'fresh', email: 'fresh@example.com', password: 'pw', ...body });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await site.auth.users.findByLogin('fresh')).toBeUndefined();
  });
});

describe('updating users', () => {
  const update = (path: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    site.client.post(`/cms/v2${path}`, { headers, body });

  it('lets users edit themselves, by id or as me, and answers the edit record', async () => {
    const { subscriber } = site.people;
    const res = await update(`/users/${subscriber.id}`, { name: 'Sub Scriber', description: 'Reads.' }, subscriber.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sub Scriber', description: 'Reads.', email: 'subscriber@example.com' });
    expectNoSecrets(res);
    const me = await site.client.patch('/cms/v2/users/me', { headers: subscriber.headers, body: { nickname: 'subby' } });
    expect(me.body).toMatchObject({ id: subscriber.id, nickname: 'subby' });
  });

  it('needs edit_users for others and promote_users for roles', async () => {
    const { subscriber, editor, administrator } = site.people;
    const other = await update(`/users/${editor.id}`, { name: 'x' }, subscriber.headers);
    expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_edit']);
    const anonymous = await update(`/users/${editor.id}`, { name: 'x' }, {});
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_cannot_edit']);
    const ownRole = await update(`/users/${subscriber.id}`, { roles: ['administrator'] }, subscriber.headers);
    expect([ownRole.status, ownRole.body.code]).toEqual([403, 'rest_cannot_edit_roles']);
    const promoted = await site.client.put(`/cms/v2/users/${editor.id}`, {
      headers: administrator.headers,
      body: { roles: ['editor', 'author'] },
    });
    expect(promoted.body.roles).toEqual(['editor', 'author']);
  });

  it('keeps administrators from taking their own edit_users away', async () => {
    const { administrator } = site.people;
    const res = await update(`/users/${administrator.id}`, { roles: ['editor'] }, administrator.headers);
    expect([res.status, res.body.code]).toEqual([403, 'rest_user_invalid_role']);
    expect((await site.auth.users.findById(administrator.id))?.roles).toEqual(['administrator']);
  });

  it('refuses a new username, a taken email or slug, and an unknown role', async () => {
    const { author, administrator } = site.people;
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'renamed' }, 'rest_user_invalid_argument'],
      [{ email: 'editor@example.com' }, 'rest_user_invalid_email'],
      [{ slug: 'editor' }, 'rest_user_invalid_slug'],
      [{ roles: ['ghost'] }, 'rest_user_invalid_role'],
    ];
    for (const [body, code] of cases) {
      const res = await update(`/users/${author.id}`, body, administrator.headers);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    expect((await update(`/users/${author.id}`, { username: 'author' }, administrator.headers)).status).toBe(200);
  });

  it('changes the login password', async () => {
    const { contributor } = site.people;
    await update('/users/me', { password: 'changed!' }, contributor.headers);
    expect('error' in (await site.auth.login('contributor', 'contributor-password'))).toBe(true);
    expect('user' in (await site.auth.login('contributor', 'changed!'))).toBe(true);
  });

  it('answers 404 for unknown users, and for me when anonymous (as the original)', async () => {
    expect((await update('/users/999', { name: 'x' }, site.people.administrator.headers)).body.code).toBe('rest_user_invalid_id');
    const me = await update('/users/me', { name: 'x' }, {});
    expect([me.status, me.body.code]).toEqual([404, 'rest_user_invalid_id']);
  });
});

describe('DELETE /cms/v2/users/<id>', () => {
  const create = async (login: string) =>
    (await site.auth.users.create({ login, email: `${login}@example.com`, password: 'pw' })).id;
  const remove = (path: string, headers: Record<string, string> = site.people.administrator.headers) =>
    site.client.delete(`/cms/v2${path}`, { headers });

  it('needs reassign, then force=true', async () => {
    const id = await create('doomed1');
    expect((await remove(`/users/${id}?force=true`)).body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['reassign'] },
    });
    const trash = await remove(`/users/${id}?reassign=false`);
    expect(trash.status).toBe(501);
    expect(trash.body).toMatchObject({
      code: 'rest_trash_not_supported',
      message: "Users do not support trashing. Set 'force=true' to delete.",
    });
    expect((await remove(`/users/${id}?force=true&reassign=abc`)).body.code).toBe('rest_invalid_param');
    expect(await site.auth.users.findById(id)).toBeDefined();
  });

  it('deletes with force and answers the previous edit record; the user can no longer sign in', async () => {
    const id = await create('doomed2');
    const { password } = await site.auth.applicationPasswords.create(id, { name: 'x' });
    const res = await remove(`/users/${id}?force=true&reassign=${site.people.editor.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, previous: { id, username: 'doomed2', email: 'doomed2@example.com' } });
    expectNoSecrets(res);
    expect(deleted).toContainEqual([id, site.people.editor.id]);
    expect((await remove(`/users/${id}?force=true&reassign=false`)).body.code).toBe('rest_user_invalid_id');
    const after = await get('/users/me', { authorization: basic('doomed2', password) });
    expect([after.status, after.body.code]).toEqual([401, 'invalid_username']);
  });

  it('refuses to reassign to the deleted user or to nobody known', async () => {
    const id = await create('doomed3');
    expect((await remove(`/users/${id}?force=true&reassign=${id}`)).body.code).toBe('rest_user_invalid_reassign');
    expect((await remove(`/users/${id}?force=true&reassign=999`)).body.code).toBe('rest_user_invalid_reassign');
    const none = await remove(`/users/${id}?force=1&reassign=`);
    expect(none.body.deleted).toBe(true);
    expect(deleted).toContainEqual([id, null]);
  });

  it('needs delete_users, also for oneself', async () => {
    const id = await create('doomed4');
    const editor = await remove(`/users/${id}?force=true&reassign=false`, site.people.editor.headers);
    expect([editor.status, editor.body.code]).toEqual([403, 'rest_user_cannot_delete']);
    const anonymous = await remove(`/users/${id}?force=true&reassign=false`, {});
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_user_cannot_delete']);
    const self = await remove('/users/me?force=true&reassign=false', site.people.subscriber.headers);
    expect([self.status, self.body.code]).toEqual([403, 'rest_user_cannot_delete']);
  });
});

describe('route index', () => {
  it("lists the users routes in the original's form, and the user schema on OPTIONS", async () => {
    const index = await site.client.get('/cms/v2');
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining(['/cms/v2/users', '/cms/v2/users/me', '/cms/v2/users/(?P<id>[\\d]+)']),
    );
    const options = await site.client.options('/cms/v2/users');
    expect(options.body.schema.title).toBe('user');
    expect(options.body.schema.properties.password.context).toEqual([]);
    expect(options.body.schema.properties.email.context).toEqual(['edit']);
    expect(options.body.schema.properties.avatar_urls.properties['96'].format).toBe('uri');
  });
});
