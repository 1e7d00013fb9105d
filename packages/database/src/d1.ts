/**
 * `@cms-json/database/d1`: a {@link Database} over a Cloudflare D1 binding, for a site on
 * workerd (Cloudflare Workers, `wrangler dev`, miniflare). Kysely compiles SQLite for it;
 * migrations, change versions (ETags), `prepare` and `lowerText` work as on SQLite, with the
 * differences D1 imposes (docs/database.md, "D1 on workerd"):
 *
 * - **No interactive transactions.** D1 refuses `BEGIN`/`SAVEPOINT`: each statement commits
 *   on its own. `database.transaction(work)` runs `work` statement by statement, without
 *   atomicity; `beforeCommit` answers `undefined` (callers do their work at once) and
 *   `afterCommit` runs at once. `database.atomicTransactions` is `false`, so a site does not
 *   give the core a transaction runner, and an atomic batch answers 501
 *   `rest_batch_atomic_unavailable` instead of claiming an atomicity it lacks.
 * - **`lowerText`** folds ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic letters (D1 runs
 *   no user functions; see `d1-lower.ts`).
 * - **Migrations** are atomic: each, with its record, is sent as one D1 `batch()`
 *   (`Database.atomicWrites`), so a migration may not read (`d1-batch.ts`).
 * - **`prepare`** compiles once and runs through Kysely (there is no synchronous fast path).
 *
 * Nothing of Node is reachable from this entry: a Worker using it loads on workerd without
 * `nodejs_compat` (`test/d1/workerd.test.ts` bundles and runs one so).
 *
 * @example
 * import { openD1Database } from '@cms-json/database/d1';
 * export default {
 *   async fetch(request: Request, env: { DB: D1Binding }) {
 *     const database = openD1Database<Tables>(env.DB);
 *     const notes = await database.db.selectFrom('notes').selectAll().execute();
 *     return Response.json(notes);
 *   },
 * };
 *
 * @module
 */
import type { KyselyPlugin, LogConfig } from 'kysely';
import { d1WriteBatch } from './d1-batch.js';
import { type D1Binding, D1Dialect } from './d1-driver.js';
import { d1LowerText } from './d1-lower.js';
import { Database } from './database.js';

export type { D1Answer, D1Binding, D1Statement } from './d1-driver.js';
export { D1Dialect } from './d1-driver.js';
export { D1_FOLDED_LETTERS, d1LowerText } from './d1-lower.js';

/**
 * Options of {@link openD1Database}.
 *
 * @example
 * const options: OpenD1DatabaseOptions = { onStatement: (sql) => console.log(sql) };
 */
export interface OpenD1DatabaseOptions {
  /** Kysely plugins of the instance. */
  readonly plugins?: readonly KyselyPlugin[] | undefined;
  /** Called with the SQL text of every statement run (a log, a test's statement count). */
  readonly onStatement?: ((sql: string) => void) | undefined;
}

/**
 * Opens a {@link Database} over a D1 binding (`env.DB`, a {@link D1Binding}; taken as `unknown`,
 * as a Worker's `env` holds it, and checked at run time). Cheap: it holds no connection of
 * its own, so a Worker may open one per isolate (lazily, on its first request) and keep it.
 *
 * @throws Error when `binding` is not a D1 binding (no `prepare` and `batch`): the message
 *   names the `d1_databases` setting to check.
 * @example
 * const database = openD1Database<Tables>(env.DB);
 * await runMigrations(database, { owner: 'notes', migrations });
 */
export function openD1Database<DB>(binding: unknown, options: OpenD1DatabaseOptions = {}): Database<DB> {
  if (!isD1Binding(binding)) {
    throw new Error(
      'openD1Database: the binding is not a D1 database (it has no prepare() and batch()). ' +
        'Declare it under d1_databases in wrangler.toml (or d1Databases in miniflare) and pass env.<BINDING>.',
    );
  }
  const { onStatement } = options;
  const log: LogConfig | undefined =
    onStatement === undefined
      ? undefined
      : (event) => {
          if (event.level === 'query') onStatement(event.query.sql);
        };
  return new Database<DB>(new D1Dialect(binding), {
    dialect: 'sqlite',
    transactions: 'none',
    lowerText: d1LowerText,
    writeBatch: (work) => d1WriteBatch(binding, options.plugins ?? [], work),
    plugins: options.plugins,
    log,
  });
}

/**
 * Whether `value` is a D1 binding (it has `prepare` and `batch`), for code that reads it from
 * a Worker's untyped `env`.
 *
 * @example
 * if (!isD1Binding(env.DB)) throw new Error('env.DB is not a D1 database');
 */
export function isD1Binding(value: unknown): value is D1Binding {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'prepare') === 'function' &&
    typeof Reflect.get(value, 'batch') === 'function'
  );
}
