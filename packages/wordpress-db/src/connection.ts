/**
 * `openWordPressDatabase`: a connection to a WordPress site's MySQL or MariaDB database
 * through Kysely's MySQL dialect and `mysql2`, as a cms-json `Database` (ambient
 * transactions, `afterCommit`, named queries) over WordPress's tables with the site's prefix.
 *
 * @module
 */
import { Database } from '@cms-json/database';
import { MysqlDialect } from 'kysely';
import { createPool, type Pool, type PoolOptions } from 'mysql2';
import { TablePrefixPlugin } from './table-prefix.js';
import { WORDPRESS_TABLES, type WordPressTables } from './tables.js';

/**
 * Options of {@link openWordPressDatabase}.
 *
 * @example
 * const options: WordPressDatabaseOptions = { url: 'mysql://wp:secret@127.0.0.1:3306/wordpress', prefix: 'wp_' };
 */
export interface WordPressDatabaseOptions {
  /** `mysql://user:password@host[:port]/database` (MySQL or MariaDB; `mariadb://` is taken too). */
  url: string;
  /** The site's table prefix (`$table_prefix` of its `wp-config.php`). @default 'wp_' */
  prefix?: string | undefined;
  /** Connections in the pool. @default 10 */
  poolSize?: number | undefined;
}

/**
 * An open WordPress database: the `Database` over its tables (named without the prefix), the
 * prefix, and the name of the database.
 *
 * @example
 * const wordpress: WordPressDatabase = openWordPressDatabase({ url: process.env.WORDPRESS_DB_URL! });
 */
export interface WordPressDatabase {
  /** WordPress's tables through Kysely; table names are written without the prefix. */
  readonly database: Database<WordPressTables>;
  /** The site's table prefix (`wp_`). */
  readonly prefix: string;
  /** The name of the database (the path of the URL). */
  readonly name: string;
  /** Closes the pool. */
  close(): Promise<void>;
}

/** A table prefix as WordPress allows it (letters, digits, underscores). */
const PREFIX = /^[A-Za-z0-9_]+$/;

/**
 * Opens a pool to a WordPress database. `datetime` columns are read as the strings WordPress
 * stores (`'2023-01-05 09:00:00'`), text as UTF-8 (`utf8mb4`); nothing is created or migrated.
 *
 * @throws Error when the URL is not a `mysql://` or `mariadb://` URL with a database, or the
 *   prefix has other characters than letters, digits and `_`.
 * @example
 * const { database, close } = openWordPressDatabase({ url: 'mysql://wp:secret@127.0.0.1/wordpress', prefix: 'wp_' });
 * const count = await database.db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
 * await close();
 */
export function openWordPressDatabase(options: WordPressDatabaseOptions): WordPressDatabase {
  const prefix = options.prefix ?? 'wp_';
  if (!PREFIX.test(prefix)) throw new Error(`openWordPressDatabase: invalid table prefix "${prefix}".`);
  const config = poolOptions(options.url, options.poolSize ?? 10);
  const pool: Pool = createPool(config);
  // READ COMMITTED, as PostgreSQL's default that the stores' locking is designed for: under
  // MySQL's REPEATABLE READ, a term recount's `UPDATE … SET count = (SELECT …)` takes shared
  // locks on other writers' rows and two post writes sharing a tag can deadlock. WordPress
  // itself runs in autocommit, where the level changes nothing.
  pool.on('connection', (connection) => {
    connection.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
  });
  const database = new Database<WordPressTables>(new MysqlDialect({ pool }), {
    dialect: 'mysql',
    plugins: [new TablePrefixPlugin(prefix, WORDPRESS_TABLES)],
  });
  return { database, prefix, name: config.database ?? '', close: () => database.close() };
}

/** The pool's options from the URL. */
function poolOptions(url: string, connectionLimit: number): PoolOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('openWordPressDatabase: the URL is not a URL (mysql://user:password@host/database).');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error(`openWordPressDatabase: "${parsed.protocol}" is not mysql: or mariadb:.`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database === '') throw new Error('openWordPressDatabase: the URL names no database (mysql://user:password@host/database).');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port === '' ? 3306 : Number(parsed.port),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
    connectionLimit,
    charset: 'utf8mb4_unicode_ci',
    // WordPress's dates are wall-clock strings; reading them as JavaScript dates would move them.
    dateStrings: true,
    // Ids are bigint unsigned; WordPress's stay far below 2^53.
    supportBigNumbers: true,
    bigNumberStrings: false,
    timezone: 'Z',
  };
}
