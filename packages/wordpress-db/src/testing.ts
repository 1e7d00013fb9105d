/**
 * Test databases written by WordPress 6.1 itself: each call makes a fresh database on the test
 * server (`scripts/mariadb.sh`, started by the tests' global setup) and loads the committed
 * fixture dump into it (`fixtures/wordpress-6.1.sql`, re-made by `scripts/record-fixture.sh`
 * from the runnable original). Closing the connection drops the database.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { openWordPressDatabase, type WordPressDatabase } from './connection.js';

/** The dump WordPress 6.1 wrote (tables with the `wp_` prefix). */
export const FIXTURE_DUMP = new URL('../fixtures/wordpress-6.1.sql', import.meta.url);

/** The fixture's table prefix. */
export const FIXTURE_PREFIX = 'wp_';

/**
 * Options of {@link openFixtureDatabase}.
 *
 * @example
 * const options: FixtureDatabaseOptions = { serverUrl: 'mysql://cms:cms@127.0.0.1:3306/', readOnlyUser: true };
 */
export interface FixtureDatabaseOptions {
  /** The test server, `mysql://user:password@host:port/` with the grants to make databases and users. */
  serverUrl: string;
  /** Connect as a user that may only read (`SELECT`), as a site with a read-only account. @default false */
  readOnlyUser?: boolean | undefined;
  /** Another dump to load instead of {@link FIXTURE_DUMP}. */
  dump?: URL | string | undefined;
}

let made = 0;

/**
 * A fresh database loaded from the fixture dump, opened as a WordPress database. Its `close`
 * drops the database (and the read-only user, when one was made).
 *
 * @example
 * const wordpress = await openFixtureDatabase({ serverUrl: inject('mysqlUrl') });
 * const posts = await wordpress.database.db.selectFrom('posts').selectAll().execute();
 * await wordpress.close();
 */
export async function openFixtureDatabase(options: FixtureDatabaseOptions): Promise<WordPressDatabase> {
  const server = new URL(options.serverUrl);
  made += 1;
  const name = `cmsjson_wp_${process.pid}_${made}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    multipleStatements: true,
    charset: 'utf8mb4_unicode_ci',
  });
  const readOnly =
    options.readOnlyUser === true ? { user: `ro_${made}_${process.pid}`.slice(0, 32), password: 'read-only' } : undefined;
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
    await admin.query(`USE \`${name}\``);
    await admin.query(readFileSync(options.dump ?? FIXTURE_DUMP, 'utf8'));
    if (readOnly !== undefined) {
      await admin.query(`CREATE USER '${readOnly.user}'@'127.0.0.1' IDENTIFIED BY '${readOnly.password}'`);
      await admin.query(`GRANT SELECT ON \`${name}\`.* TO '${readOnly.user}'@'127.0.0.1'`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(`/${name}`, server);
  if (readOnly !== undefined) {
    url.username = readOnly.user;
    url.password = readOnly.password;
  }
  const opened = openWordPressDatabase({ url: url.href, prefix: FIXTURE_PREFIX, poolSize: 4 });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const cleanup = await createConnection({
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username),
        password: decodeURIComponent(server.password),
      });
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS \`${name}\``);
        if (readOnly !== undefined) await cleanup.query(`DROP USER IF EXISTS '${readOnly.user}'@'127.0.0.1'`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
