/**
 * A site for the block routes' tests: a server with the content plugin on a fresh test
 * database (in-memory SQLite), the block routes, and one user per default role, each with an
 * application password. Used by the `*.test.ts` files of this folder; not exported.
 *
 * @module
 */
import { type ContentTables, contentPlugin, createAuth, type DefaultRoleName, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openTestDatabase } from '@cms-json/database/testing';
import { blockRoutes } from './index.js';

/** One signed-in user of the test site. */
export interface Person {
  readonly id: number;
  readonly login: string;
  /** Headers that authenticate as this person (HTTP Basic with an application password). */
  readonly headers: Record<string, string>;
}

/** A content site with the block routes, in the profile given. */
export async function blockSite(options: { prefix?: 'cms' | 'wp' } = {}) {
  const prefix = options.prefix ?? 'wp';
  const database = await openTestDatabase<ContentTables>();
  await migrateContent(database);
  const auth = createAuth({
    database,
    secret: 'a test site secret, long enough',
    prefix,
    now: () => Date.parse('2030-01-01T00:00:00Z'),
  });
  const server = createRestServer({ prefix, siteUrl: 'http://site.test' });
  await server.use(contentPlugin({ auth, now: () => Date.parse('2030-01-01T00:00:00Z') }));
  await server.use(blockRoutes());
  const client = testClient(server);
  const people = {} as Record<DefaultRoleName, Person>;
  for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const) {
    const user = await auth.users.create({
      login: role,
      email: `${role}@example.com`,
      password: `${role}-password`,
      roles: [role],
    });
    const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
    const basic = `Basic ${Buffer.from(`${role}:${password}`).toString('base64')}`;
    people[role] = { id: user.id, login: role, headers: { authorization: basic } };
  }
  return { server, client, auth, database, people, ns: `/${prefix}/v2`, close: () => database.close() };
}

/** The test site {@link blockSite} makes. */
export type BlockSite = Awaited<ReturnType<typeof blockSite>>;

/** What {@link seedContent} made: ids by name. */
export interface SeededContent {
  readonly categories: Record<'news' | 'technology' | 'gadgets' | 'unused', number>;
  readonly tags: Record<'alpha' | 'beta' | 'gamma', number>;
  readonly posts: Record<'news' | 'review' | 'talk' | 'draft' | 'private', number>;
}

/**
 * Content for the renderers, made through the REST API as the administrator: categories
 * (Technology with a child, Gadgets; an empty one), tags, three published posts in October and
 * November 2026, and a draft and a private post that no rendering may show.
 */
export async function seedContent(site: BlockSite): Promise<SeededContent> {
  const headers = site.people.administrator.headers;
  const make = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await site.client.post(`${site.ns}${path}`, { headers, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: number }).id;
  };
  const news = await make('/categories', { name: 'News' });
  const technology = await make('/categories', { name: 'Technology' });
  const gadgets = await make('/categories', { name: 'Gadgets', parent: technology });
  const unused = await make('/categories', { name: 'Unused' });
  const alpha = await make('/tags', { name: 'Alpha' });
  const beta = await make('/tags', { name: 'Beta' });
  const gamma = await make('/tags', { name: 'Gamma' });
  const post = (
    title: string,
    date: string,
    status: string,
    categories: number[],
    tags: number[],
    extra: Record<string, unknown> = {},
  ) =>
    make('/posts', {
      title,
      date,
      status,
      categories,
      tags,
      content: `<p>${title} in many words: one two three four five six.</p>`,
      ...extra,
    });
  return {
    categories: { news, technology, gadgets, unused },
    tags: { alpha, beta, gamma },
    posts: {
      news: await post('First news', '2026-10-05T10:00:00', 'publish', [news], [alpha]),
      review: await post('Gadget review', '2026-11-02T09:30:00', 'publish', [gadgets], [alpha, beta], {
        excerpt: 'A written excerpt.',
      }),
      talk: await post('Tech talk', '2026-11-20T18:45:00', 'publish', [technology], [alpha]),
      draft: await post('Secret draft', '2026-11-25T08:00:00', 'draft', [news], [gamma]),
      private: await post('Private note', '2026-09-01T08:00:00', 'private', [news], [gamma]),
    },
  };
}
