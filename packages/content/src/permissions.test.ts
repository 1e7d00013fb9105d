import { createRestServer, RestRequest } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { describe, expect, it } from 'vitest';
import { openContentDatabase, userData } from '../test/helpers.js';
import { createAuth } from './auth/auth.js';
import { holdsRecordCapability, userCan } from './permissions.js';
import { contentPlugin } from './plugin.js';
import { canEditPost } from './posts/permissions.js';
import { postTypeDefaults } from './posts/post-types.js';
import type { PostAccessFields } from './posts/store.js';
import { SqlUserStore } from './users/store.js';
import { toUser, type User } from './users/user.js';

const data = userData;

function requestBy(user: ReturnType<typeof toUser>): RestRequest {
  const request = new RestRequest({ method: 'GET', path: '/wp/v2/posts', query: {}, headers: {} });
  request.user = user;
  return request;
}

describe("permission checks with a user's own capability grants", () => {
  const othersDraft: PostAccessFields = { id: 10, author: 99, status: 'draft', type: 'post', parent: 0, date_gmt: '' };

  it("lets an author granted edit_others_posts edit another's draft", () => {
    const request = requestBy(toUser(data(2, ['author'], { edit_others_posts: true })));
    expect(userCan(request, 'edit_others_posts')).toBe(true);
    expect(holdsRecordCapability(request, 'edit_others_posts')).toBe(true);
    expect(canEditPost(request, postTypeDefaults('post'), othersDraft)).toBe(true);
  });

  it("keeps an editor denied edit_others_posts from another's draft, and not from their own", () => {
    const request = requestBy(toUser(data(3, ['editor'], { edit_others_posts: false })));
    expect(userCan(request, 'edit_others_posts')).toBe(false);
    expect(canEditPost(request, postTypeDefaults('post'), othersDraft)).toBe(false);
    expect(canEditPost(request, postTypeDefaults('post'), { ...othersDraft, author: 3 })).toBe(true);
  });

  it('answers as before for users without grants', () => {
    const author = requestBy(toUser(data(2, ['author'])));
    const editor = requestBy(toUser(data(3, ['editor'])));
    expect(canEditPost(author, postTypeDefaults('post'), othersDraft)).toBe(false);
    expect(canEditPost(editor, postTypeDefaults('post'), othersDraft)).toBe(true);
  });
});

/** The project's SQL store, with a user's own capability entries on top, as the WordPress store reads them. */
class GrantingUserStore extends SqlUserStore {
  readonly grantsOf = new Map<number, Record<string, boolean>>();

  #withGrants(user: User | undefined): User | undefined {
    const grants = user === undefined ? undefined : this.grantsOf.get(user.id);
    if (user === undefined || grants === undefined) return user;
    const { capabilities: _capabilities, can: _can, ...data } = user;
    return toUser({ ...data, grants }, this.roles);
  }

  override async findById(id: number): Promise<User | undefined> {
    return this.#withGrants(await super.findById(id));
  }

  override async findByLogin(login: string): Promise<User | undefined> {
    return this.#withGrants(await super.findByLogin(login));
  }

  override async findByIds(ids: readonly number[]): Promise<User[]> {
    return (await super.findByIds(ids)).map((user) => this.#withGrants(user) ?? user);
  }
}

describe("a user's own grant and denial through the posts route", () => {
  it("lets a granted author edit another's post and keeps a denied editor from it", async () => {
    const database = await openContentDatabase();
    try {
      const users = new GrantingUserStore(database);
      const auth = createAuth({ database, secret: 'a test site secret, long enough', prefix: 'wp', users });
      const server = createRestServer({ prefix: 'wp', siteUrl: 'http://site.test' });
      await server.use(contentPlugin({ auth }));
      const client = testClient(server);
      const person = async (login: string, role: string) => {
        const user = await users.create({ login, email: `${login}@example.com`, password: `${login}-pw`, roles: [role] });
        const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
        return { id: user.id, headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` } };
      };
      const owner = await person('owner', 'administrator');
      const granted = await person('granted', 'author');
      const denied = await person('denied', 'editor');
      const plain = await person('plain', 'author');
      users.grantsOf.set(granted.id, { edit_others_posts: true });
      users.grantsOf.set(denied.id, { edit_others_posts: false });
      const created = await client.post('/wp/v2/posts', { headers: owner.headers, body: { title: 'Draft', status: 'draft' } });
      expect(created.status).toBe(201);
      const id = (created.body as { id: number }).id;
      const edit = (headers: Record<string, string>) => client.post(`/wp/v2/posts/${id}`, { headers, body: { title: 'Edited' } });
      expect((await edit(granted.headers)).status).toBe(200);
      expect((await edit(plain.headers)).status).toBe(403);
      const refused = await edit(denied.headers);
      expect(refused.status).toBe(403);
      expect((refused.body as { code: string }).code).toBe('rest_cannot_edit');
    } finally {
      await database.close();
    }
  });
});
