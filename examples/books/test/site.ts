/**
 * A REST server with the content plugin and the books plugin on a fresh test database
 * (in-memory SQLite, or a PostgreSQL schema when `CMS_TEST_DATABASE_URL` is set), in one
 * naming profile, with an administrator and a subscriber authenticated by application
 * passwords.
 */
import { type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openTestDatabase } from '@cms-json/database/testing';
import { books } from '../src/index.js';

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

export async function booksSite(options: { prefix: 'cms' | 'wp'; plugin?: boolean }) {
  const { prefix } = options;
  const database = await openTestDatabase<ContentTables>();
  await migrateContent(database);
  const auth = createAuth({ database: database, secret: 'a books test secret, long enough', prefix });
  const server = createRestServer({ prefix, siteUrl: 'http://site.test' });
  await server.use(contentPlugin({ auth }));
  if (options.plugin ?? true) await server.use(books());
  const client = testClient(server);
  const people: Record<'administrator' | 'author' | 'subscriber', { id: number; headers: Record<string, string> }> =
    Object.create(null);
  for (const role of ['administrator', 'author', 'subscriber'] as const) {
    const user = await auth.users.create({ login: role, email: `${role}@example.com`, password: `${role}-pw`, roles: [role] });
    const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
    people[role] = { id: user.id, headers: { authorization: basic(role, password) } };
  }
  const ns = `/${prefix}/v2`;
  const send = (method: string, path: string, body: unknown, headers = people.administrator.headers) =>
    client.request(method, `${ns}${path}`, { headers, body });
  const get = (path: string, headers: Record<string, string> = {}) => client.get(`${ns}${path}`, { headers });
  return { server, client, database, auth, people, ns, send, get, close: () => database.close() };
}

export type BooksSite = Awaited<ReturnType<typeof booksSite>>;
