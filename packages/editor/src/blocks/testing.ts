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
