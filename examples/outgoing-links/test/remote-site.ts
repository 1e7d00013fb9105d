/**
 * The tel site on a runtime for the tel/v1 suite (`CMS_TEL_RUNTIME=bun|deno|workerd`): one
 * server per test file, started from `examples/tel-site/test/tel-test-worker.ts`, with an editor
 * and a subscriber made through the site's own users routes by the first administrator, each
 * with an application password. Between tests the links table is emptied (ids restart at 1);
 * the users stay.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { dropTestDatabase, testDatabaseUrl } from '@cms-json/database/testing';
import { RUNTIMES, type RuntimeName, type RuntimeServer, startRuntimeServer } from '@cms-json/runtimes';
import { httpClient } from './http-client.js';

/** The worker module the runtimes serve: the tel site plus the tests' reset route. */
const TEST_WORKER = fileURLToPath(new URL('../../tel-site/test/tel-test-worker.ts', import.meta.url));

/** The site address the in-process suite uses too, so `Location` and `Link` read the same. */
export const SITE_URL = 'http://site.test';

const ADMIN_APP_PASSWORD = 'tels uite admi nPas swor d000';

const basic = (login: string, password: string) => `Basic ${btoa(`${login}:${password}`)}`;

/**
 * The runtime the suite is pointed at (`CMS_TEL_RUNTIME`), or `undefined` for in process.
 *
 * @throws Error for a value that is not a runtime.
 */
export function telRuntime(): RuntimeName | undefined {
  const value = process.env.CMS_TEL_RUNTIME;
  if (value === undefined || value === '') return undefined;
  const runtime = RUNTIMES.find((name) => name === value);
  if (runtime === undefined) throw new Error(`CMS_TEL_RUNTIME must be one of ${RUNTIMES.join(', ')}, not "${value}".`);
  return runtime;
}

/** The tel site started on a runtime. */
export interface RemoteTelSite {
  readonly server: RuntimeServer;
  readonly client: ReturnType<typeof httpClient>;
  /** Empties the links table and restarts its ids. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the tel site on `runtime` (SQLite in a temporary folder on Bun and Deno, or a fresh
 * PostgreSQL schema when `CMS_TEST_DATABASE_URL` is set; a local D1 on workerd) and makes the
 * suite's editor and subscriber.
 *
 * @example
 * const remote = await startRemoteTelSite('bun');
 * try { await remote.client.get('/tel/v1/outgoing-links'); } finally { await remote.close(); }
 */
export async function startRemoteTelSite(runtime: RuntimeName, options: { folder: string }): Promise<RemoteTelSite> {
  const resetToken = crypto.randomUUID();
  const env: Record<string, string> = {
    CMS_ADMIN_APP_PASSWORD: ADMIN_APP_PASSWORD,
    SITE_URL,
    TEL_TEST_RESET_TOKEN: resetToken,
  };
  // Bun and Deno: SQLite in the folder, or a fresh PostgreSQL schema with CMS_TEST_DATABASE_URL (over the runtime's TCP).
  const databaseUrl = runtime === 'workerd' ? undefined : await testDatabaseUrl({ sqlite: `sqlite:${options.folder}/tel.db` });
  if (databaseUrl !== undefined) env.DATABASE_URL = databaseUrl;
  const dropDatabase = async () => {
    if (databaseUrl !== undefined) await dropTestDatabase(databaseUrl);
  };
  let server: RuntimeServer;
  try {
    server = await startRuntimeServer({
      runtime,
      entry: TEST_WORKER,
      env,
      ...(runtime === 'workerd' ? { d1Databases: ['DB'], d1Persist: options.folder } : {}),
    });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  try {
    const admin = basic('admin', ADMIN_APP_PASSWORD);
    const principals = {
      editor: await makeUser(server.url, admin, { username: 'editor', roles: ['editor'] }),
      subscriber: await makeUser(server.url, admin, { username: 'subscriber', roles: ['subscriber'] }),
    };
    const client = httpClient({ baseUrl: server.url, restRoot: '/cms-json', principals });
    const reset = async () => {
      const res = await fetch(`${server.url}/__tel-test/reset`, { method: 'POST', headers: { 'x-tel-test-reset': resetToken } });
      if (res.status !== 204)
        throw new Error(`The reset of the links failed: ${res.status} ${await res.text()}\n${server.output()}`);
    };
    const close = async () => {
      await server.close();
      await dropDatabase();
    };
    return { server, client, reset, close };
  } catch (error) {
    const output = server.output();
    await server.close();
    await dropDatabase();
    throw new Error(`The tel site on ${runtime} did not come up: ${error instanceof Error ? error.message : error}\n${output}`);
  }
}

/** Creates a user through `POST /cms/v2/users` and an application password for them; the `Authorization` to send. */
async function makeUser(baseUrl: string, admin: string, user: { username: string; roles: string[] }): Promise<string> {
  const headers = { authorization: admin, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/cms-json/cms/v2/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...user, email: `${user.username}@example.invalid`, password: crypto.randomUUID() }),
  });
  if (created.status !== 201) throw new Error(`creating ${user.username}: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const password = await fetch(`${baseUrl}/cms-json/cms/v2/users/${id}/application-passwords`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'tel suite' }),
  });
  if (password.status !== 201)
    throw new Error(`an application password for ${user.username}: ${password.status} ${await password.text()}`);
  return basic(user.username, ((await password.json()) as { password: string }).password);
}
