import { AsyncLocalStorage } from 'node:async_hooks';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDatabase } from '../test/helpers.js';
import { basic, SECRET } from '../test/site.js';
import { contentPlugin, createAuth } from './index.js';
import { sqlContentStorage } from './sql-storage.js';
import type { ContentStorage, StorageTransactions } from './storage.js';

/** Which store method a statement runs under (none: it reached the database past the stores). */
const inStore = new AsyncLocalStorage<string>();

/** Transaction control: the storage's transactions (`StorageTransactions`), not a query of content. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * A store seen only through its interface: every method call is counted and runs marked as
 * the store's, and the members an SQL store has beyond its interface (`database`, `db`) throw.
 */
function spied<T extends object>(name: string, store: T, calls: Map<string, number>, transactions?: StorageTransactions): T {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'database' || property === 'db') {
        throw new Error(`${name}.${String(property)}: content reached past the store's interface`);
      }
      // The post store's transactions (`PostStore.transactions`) are the storage's, marked.
      if (property === 'transactions' && transactions !== undefined) return transactions;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property === 'symbol') return value;
      const key = `${name}.${property}`;
      return (...args: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return inStore.run(key, () => Reflect.apply(value, target, args));
      };
    },
  });
}

/**
 * The storage's transactions, with what runs at their commit marked as theirs: the work a store
 * left for the end of the transaction (`beforeCommit`: PostgreSQL's term recount, its rows locked
 * in one order) runs after the store method returned, inside the transaction's own call. The
 * work given to a transaction runs unmarked, so its statements are judged by the stores' marks.
 */
function markedTransactions(transactions: StorageTransactions): StorageTransactions {
  const transaction: StorageTransactions['transaction'] = (work, options) =>
    inStore.run('transactions.commit', () => transactions.transaction(() => inStore.exit(work), options));
  return {
    dialect: transactions.dialect,
    transaction,
    transactionRunner: (options) => (work) => transaction(work, options),
    beforeCommit: (key, start) => transactions.beforeCommit(key, start),
    afterCommit: (work) => transactions.afterCommit(work),
  };
}

/** The project's own stores, each wrapped by {@link spied}. */
function spiedStorage(storage: ContentStorage, calls: Map<string, number>): ContentStorage {
  const transactions = markedTransactions(storage.transactions);
  return {
    transactions,
    users: spied('users', storage.users, calls),
    applicationPasswords: spied('applicationPasswords', storage.applicationPasswords, calls),
    sessions: spied('sessions', storage.sessions, calls),
    posts: spied('posts', storage.posts, calls, transactions),
    terms: spied('terms', storage.terms, calls),
    comments: spied('comments', storage.comments, calls),
    options: spied('options', storage.options, calls),
    meta: {
      post: spied('meta.post', storage.meta.post, calls),
      term: spied('meta.term', storage.meta.term, calls),
      comment: spied('meta.comment', storage.meta.comment, calls),
      user: spied('meta.user', storage.meta.user, calls),
    },
  };
}

describe('a site served from a ContentStorage', () => {
  const calls = new Map<string, number>();
  /** Statements run outside every store method, with the request that ran them. */
  const outside: string[] = [];
  /** How many statements ran while watching (the hook sees them all). */
  let statements = 0;
  let watching = false;
  let close: () => Promise<void>;
  let client: ReturnType<typeof testClient>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const database = await openContentDatabase(undefined, {
      onStatement: (text) => {
        if (watching) statements++;
        if (watching && inStore.getStore() === undefined && !TRANSACTION_CONTROL.test(text)) outside.push(text);
      },
    });
    close = () => database.close();
    const storage = spiedStorage(sqlContentStorage(database), calls);
    // No database: everything the site reads and writes goes through the storage.
    const auth = createAuth({ storage, secret: SECRET, prefix: 'wp' });
    expect(auth.database).toBeUndefined();
    expect(auth.storage).toBe(storage);
    const server = createRestServer({ prefix: 'wp', siteUrl: 'http://site.test' });
    await server.use(contentPlugin({ auth }));
    client = testClient(server);
    const user = await auth.users.create({
      login: 'admin',
      email: 'admin@example.com',
      password: 'pw',
      roles: ['administrator'],
    });
    const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
    admin = { authorization: basic('admin', password) };
    watching = true;
  });

  afterAll(async () => {
    await close();
  });

  it('serves posts, users, terms, comments and settings through the stores only', async () => {
    const category = await client.post('/wp/v2/categories', { headers: admin, body: { name: 'News' } });
    expect(category.status).toBe(201);
    const post = await client.post('/wp/v2/posts', {
      headers: admin,
      body: { title: 'Hello', content: 'World', status: 'publish', categories: [category.body.id], tags: [] },
    });
    expect(post.status).toBe(201);
    const comment = await client.post('/wp/v2/comments', { headers: admin, body: { post: post.body.id, content: 'Nice' } });
    expect(comment.status).toBe(201);
    const list = await client.get('/wp/v2/posts?_embed=1');
    expect([list.status, list.body.length, list.body[0]._embedded.author[0].name]).toEqual([200, 1, 'admin']);
    expect(list.body[0]._embedded['wp:term'][0][0].name).toBe('News');
    expect((await client.get('/wp/v2/users', { headers: admin })).body.map((u: { slug: string }) => u.slug)).toEqual(['admin']);
    expect((await client.get(`/wp/v2/comments?post=${post.body.id}`)).body[0].content.rendered).toBe('<p>Nice</p>\n');
    const settings = await client.post('/wp/v2/settings', { headers: admin, body: { title: 'Over a storage' } });
    expect([settings.status, settings.body.title]).toEqual([200, 'Over a storage']);
    expect((await client.get('/')).body.name).toBe('Over a storage');
    const terms = await client.get('/wp/v2/search?type=term&search=new');
    expect(terms.body.map((r: { title: string }) => r.title)).toEqual(['News']);
    expect((await client.get('/wp/v2/search?search=hello')).body.map((r: { id: number }) => r.id)).toEqual([post.body.id]);
    const embed = await client.get(`/oembed/1.0/embed?url=${encodeURIComponent(post.body.link)}`);
    expect([embed.status, embed.body.title]).toEqual([200, 'Hello']);
    expect((await client.post(`/wp/v2/posts/${post.body.id}`, { headers: admin, body: { featured_media: 0 } })).status).toBe(200);
    expect((await client.delete(`/wp/v2/posts/${post.body.id}?force=true`, { headers: admin })).status).toBe(200);

    expect(statements).toBeGreaterThan(20);
    expect(outside).toEqual([]);
    for (const store of ['users', 'applicationPasswords', 'posts', 'terms', 'comments', 'options', 'meta.post']) {
      expect(
        [...calls.keys()].some((key) => key.startsWith(`${store}.`)),
        store,
      ).toBe(true);
    }
  });
});
