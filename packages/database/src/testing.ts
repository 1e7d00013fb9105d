/**
 * `@cms-json/database/testing`: one switch that runs a storage test on SQLite (the default)
 * or on PostgreSQL.
 *
 * With the environment variable {@link TEST_DATABASE_URL_ENV} unset, tests get an in-memory
 * SQLite database (or the SQLite URL they ask for). With it set to a PostgreSQL server's URL
 * (`scripts/postgres.sh start` prints one), each call makes a fresh, empty schema on that
 * server and returns a URL whose connections use it, so every test database is isolated.
 *
 * @example
 * import { openTestDatabase } from '@cms-json/database/testing';
 * const database = await openTestDatabase<Tables>();
 * // … migrate, test …
 * await database.close(); // on PostgreSQL, also drops the schema
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { type OpenDatabaseOptions, openDatabase } from './connect.js';
import type { Database, Dialect } from './database.js';

/** The environment variable that switches storage tests to PostgreSQL: a server URL. */
export const TEST_DATABASE_URL_ENV = 'CMS_TEST_DATABASE_URL';

/**
 * The engine storage tests run on: `'postgres'` when {@link TEST_DATABASE_URL_ENV} is set.
 *
 * @example
 * it.skipIf(testDialect() !== 'sqlite')('checks the SQLite file', …);
 */
export function testDialect(): Dialect {
  return serverUrl() === undefined ? 'sqlite' : 'postgres';
}

/** Options of {@link testDatabaseUrl} and {@link openTestDatabase}. */
export interface TestDatabaseOptions {
  /** The SQLite URL to use when the switch is off. Default `sqlite::memory:`. */
  sqlite?: string | undefined;
}

/**
 * A URL for a fresh test database: `options.sqlite` (default `sqlite::memory:`), or, when
 * {@link TEST_DATABASE_URL_ENV} is set, a new empty schema on that PostgreSQL server (the
 * URL sets `search_path` to it). Give the URL to a child process or a site's configuration.
 *
 * @example
 * const url = await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` });
 */
export async function testDatabaseUrl(options: TestDatabaseOptions = {}): Promise<string> {
  const server = serverUrl();
  if (server === undefined) return options.sqlite ?? 'sqlite::memory:';
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await admin(server, (client) => client.query(`create schema "${schema}"`));
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * Opens a fresh test database (see {@link testDatabaseUrl}). Its `close` also drops the
 * PostgreSQL schema.
 *
 * @example
 * const { db, close } = await openTestDatabase<Tables>();
 */
export async function openTestDatabase<DB>(
  options: TestDatabaseOptions & Omit<OpenDatabaseOptions, 'url' | 'afterClose'> = {},
): Promise<Database<DB>> {
  const url = await testDatabaseUrl(options);
  const schema = schemaOf(url);
  return openDatabase<DB>({
    ...options,
    url,
    afterClose: schema === undefined ? undefined : () => dropSchema(url, schema),
  });
}

/**
 * Drops the schema a {@link testDatabaseUrl} made; nothing for a SQLite URL. Safe to call twice.
 *
 * @example
 * afterAll(() => dropTestDatabase(url));
 */
export async function dropTestDatabase(url: string): Promise<void> {
  const schema = schemaOf(url);
  if (schema !== undefined) await dropSchema(url, schema);
}

function serverUrl(): string | undefined {
  const url = process.env[TEST_DATABASE_URL_ENV];
  if (url === undefined || url === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error(`${TEST_DATABASE_URL_ENV} must be a postgres:// URL (scripts/postgres.sh start prints one).`);
  }
  return url;
}

function schemaOf(url: string): string | undefined {
  if (!/^postgres(ql)?:\/\//.test(url)) return undefined;
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=(test_[0-9]+_[0-9a-f]+)/.exec(options)?.[1];
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const server = new URL(url);
  server.searchParams.delete('options');
  await admin(server.toString(), (client) => client.query(`drop schema if exists "${schema}" cascade`));
}

/** Runs one statement on a short-lived connection to the server. */
async function admin(url: string, run: (client: Client) => Promise<unknown>): Promise<void> {
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export { type ReplicaPair, startReplicaPair } from './replica-pair.js';
export { type DatabaseRelay, databaseRelay } from './test-relay.js';
