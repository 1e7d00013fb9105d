/**
 * A REST server with the content plugin on a fresh in-memory database, and one user per
 * default role, each with an application password.
 */
import { createRestServer, type SharedCacheOptions } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { type ContentPluginOptions, contentPlugin, createAuth, type DefaultRoleName } from '../src/index.js';
import { SqlOptionsStore } from '../src/options/options.js';
import { manualClock, openContentDatabase } from './helpers.js';

export const SECRET = 'a test site secret, long enough';

export const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

export interface Person {
  id: number;
  login: string;
  password: string;
  /** Headers that authenticate as this person (HTTP Basic with an application password). */
  headers: Record<string, string>;
}

export async function contentSite(
  options: { prefix?: 'cms' | 'wp'; onStatement?: (sql: string) => void; sharedCache?: SharedCacheOptions } & Omit<
    ContentPluginOptions,
    'auth'
  > = {},
) {
  const { onStatement, sharedCache, ...pluginOptions } = options;
  const prefix = options.prefix ?? 'cms';
  const database = await openContentDatabase(undefined, onStatement === undefined ? {} : { onStatement });
  const clock = manualClock();
  const auth = createAuth({ database: database, secret: SECRET, prefix, now: clock.now });
  const server = createRestServer({ prefix, siteUrl: 'http://site.test', ...(sharedCache === undefined ? {} : { sharedCache }) });
  await server.use(contentPlugin({ now: clock.now, ...pluginOptions, auth }));
  const client = testClient(server);
  /** A new user of the role, with an application password and the headers that sign in as them. */
  const addPerson = async (login: string, role: DefaultRoleName): Promise<Person> => {
    const user = await auth.users.create({ login, email: `${login}@example.com`, password: `${login}-password`, roles: [role] });
    const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
    return { id: user.id, login, password, headers: { authorization: basic(login, password) } };
  };
  const roles: DefaultRoleName[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];
  const people = {} as Record<DefaultRoleName, Person>;
  for (const role of roles) people[role] = await addPerson(role, role);
  return { server, client, auth, database, clock, people, addPerson, ns: `/${prefix}/v2`, close: () => database.close() };
}

export type ContentSite = Awaited<ReturnType<typeof contentSite>>;

/** The option a {@link withFailingHook} hook writes before it fails. */
export const FAILING_HOOK_OPTION = 'description';

/**
 * Runs `work` while the `hook` of an object type writes an option ({@link FAILING_HOOK_OPTION}),
 * then fails: the last step of a write, whose failure must undo the whole write, that option
 * included. The hook does nothing once `work` settled.
 *
 * @example
 * const res = await withFailingHook(site, { type: 'attachment', hook: 'afterInsert' }, () => upload());
 * expect(res.status).toBe(500);
 */
export async function withFailingHook<T>(
  site: ContentSite,
  target: { readonly type: string; readonly hook: 'afterInsert' | 'delete' },
  work: () => Promise<T>,
): Promise<T> {
  const options = new SqlOptionsStore(site.database);
  let failing = true;
  const fail = async () => {
    if (!failing) return;
    await options.set(FAILING_HOOK_OPTION, 'written by a hook that then failed');
    throw new Error('the last hook failed');
  };
  const type = site.server.objectTypes.get(target.type);
  if (target.hook === 'afterInsert') type.on('afterInsert', fail);
  else type.on('delete', fail);
  try {
    return await work();
  } finally {
    failing = false;
  }
}
