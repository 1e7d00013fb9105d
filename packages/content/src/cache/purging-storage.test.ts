/**
 * `purgingStorage` through the routes: each write purges exactly the keys it changed, once
 * committed; a failed or rolled-back write purges nothing.
 */
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import type { Database } from '@cms-json/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openContentDatabase } from '../../test/helpers.js';
import { basic, SECRET } from '../../test/site.js';
import { contentPlugin, createAuth, sqlContentStorage } from '../index.js';
import type { ContentTables } from '../tables.js';
import { webhookPurgeTarget } from './purge-targets.js';
import { createPurger, type Purger } from './purger.js';
import { purgingStorage } from './purging-storage.js';

describe('purgingStorage: the keys each write changed, after its commit', () => {
  let database: Database<ContentTables>;
  let purger: Purger;
  let client: ReturnType<typeof testClient>;
  let headers: Record<string, string>;
  let delivered: string[] = [];

  beforeAll(async () => {
    database = await openContentDatabase();
    purger = createPurger({ targets: [webhookPurgeTarget(async (keys) => void delivered.push(...keys))], repeatAfterMs: 0 });
    const storage = purgingStorage(sqlContentStorage(database), { purger });
    const auth = createAuth({ storage, database, secret: SECRET });
    const server = createRestServer({ siteUrl: 'http://site.test' });
    await server.use(contentPlugin({ auth }));
    client = testClient(server);
    const admin = await auth.users.create({
      login: 'admin',
      email: 'admin@example.com',
      password: 'pw',
      roles: ['administrator'],
    });
    const { password } = await auth.applicationPasswords.create(admin.id, { name: 'tests' });
    headers = { authorization: basic('admin', password), 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await purger.close();
    await database.close();
  });
  beforeEach(async () => {
    await purger.settled();
    delivered = [];
  });

  async function send(method: string, path: string, body?: unknown) {
    const response = await client.request(method, `/cms/v2${path}`, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await purger.settled();
    return { status: response.status, body: response.body as { id: number }, keys: [...new Set(delivered.splice(0))].sort() };
  }

  it('purges a post, its type list and the terms whose counts moved', async () => {
    const category = await send('POST', '/categories', { name: 'News' });
    expect(category.keys).toEqual([`term-${category.body.id}`, 'terms-category']);
    const post = await send('POST', '/posts', { title: 'Hello', status: 'publish', categories: [category.body.id] });
    expect(post.status).toBe(201);
    const id = post.body.id;
    expect(post.keys).toEqual(expect.arrayContaining([`post-${id}`, 'posts-post', `term-${category.body.id}`, 'terms-category']));
    // A new title: the post and its lists; no term moved.
    const retitled = await send('POST', `/posts/${id}`, { title: 'Hello again' });
    // (and the revision it made: `post-<revision>`, `posts-revision`)
    expect(retitled.keys).toEqual(expect.arrayContaining([`post-${id}`, 'posts-post']));
    expect(retitled.keys.filter((key) => /^(term|comment)/.test(key))).toEqual([]);
    // To the trash: the post leaves its terms' counts.
    const trashed = await send('DELETE', `/posts/${id}`);
    expect(trashed.keys).toEqual(
      expect.arrayContaining([`post-${id}`, 'posts-post', `term-${category.body.id}`, 'terms-category']),
    );
  });

  it('purges a deleted term with the posts that carried it', async () => {
    const tag = await send('POST', '/tags', { name: 'Soon gone' });
    const post = await send('POST', '/posts', { title: 'Tagged', status: 'publish', tags: [tag.body.id] });
    const deleted = await send('DELETE', `/tags/${tag.body.id}?force=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.keys).toEqual(
      expect.arrayContaining([`term-${tag.body.id}`, 'terms-post_tag', `post-${post.body.id}`, 'posts-post']),
    );
  });

  it('purges comments with the lists of their post, users with the users list, options by their stored name', async () => {
    const post = await send('POST', '/posts', { title: 'Commented', status: 'publish' });
    const comment = await send('POST', '/comments', { post: post.body.id, content: 'First' });
    expect(comment.keys).toEqual(
      expect.arrayContaining([`comment-${comment.body.id}`, 'comments', `comment-post-${post.body.id}`]),
    );
    expect((await send('DELETE', `/comments/${comment.body.id}?force=true`)).keys).toEqual(
      expect.arrayContaining([`comment-${comment.body.id}`, 'comments', `comment-post-${post.body.id}`]),
    );
    const user = await send('POST', '/users', { username: 'writer', email: 'w@example.com', password: 'a long password' });
    expect(user.keys).toEqual([`user-${user.body.id}`, 'users']);
    expect((await send('POST', '/settings', { title: 'A new title' })).keys).toEqual(['option-title']);
  });

  it('purges nothing for a write that failed', async () => {
    const failed = await send('POST', '/posts/999999', { title: 'Nobody' });
    expect(failed.status).toBe(404);
    expect(failed.keys).toEqual([]);
  });

  it('purges nothing for a rolled-back transaction, and once for a committed one', async () => {
    const storage = purgingStorage(sqlContentStorage(database), { purger });
    await expect(
      storage.transactions.transaction(async () => {
        await storage.options.set('title', 'Never kept');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await purger.settled();
    expect(delivered).toEqual([]);
    await storage.transactions.transaction(async () => {
      await storage.options.set('title', 'Kept');
      await storage.options.set('description', 'Kept too');
    });
    await purger.settled();
    expect([...delivered].sort()).toEqual(['option-description', 'option-title']);
  });
});
