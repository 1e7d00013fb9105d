/**
 * A Kysely dialect over a Cloudflare D1 binding: D1's `prepare(sql).bind(…).all()` under
 * Kysely's SQLite query compiler, adapter and introspector (D1 is SQLite).
 *
 * D1 has no interactive transactions: it refuses `BEGIN`, `COMMIT` and `SAVEPOINT`, and each
 * statement commits on its own. A Kysely transaction (`db.transaction().execute(…)`) on this
 * dialect therefore runs its statements one by one as they come, without atomicity: `begin`,
 * `commit`, `rollback` and the savepoints are no-ops, and a failure leaves the statements
 * before it stored. The one atomic unit D1 has is `batch([...])` (see {@link D1Binding}).
 *
 * No `node:*` import here: the dialect bundles for workerd with or without `nodejs_compat`.
 *
 * @module
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * What a D1 statement's `all()` answers (the part used here): the rows, and the counts of a write.
 *
 * @example
 * const { results, meta } = await env.DB.prepare('select 1 as one').all();
 */
export interface D1Answer {
  /** The rows (empty for a write without `RETURNING`). */
  readonly results?: readonly unknown[] | undefined;
  /** `changes`: rows the statement wrote; `last_row_id`: the rowid of the last insert. */
  readonly meta?: { readonly changes?: number | undefined; readonly last_row_id?: number | undefined } | undefined;
}

/**
 * A prepared D1 statement, structurally (the part used here); `@cloudflare/workers-types`'
 * `D1PreparedStatement` fits it.
 *
 * @example
 * const statement: D1Statement = env.DB.prepare('select ? as one').bind(1);
 */
export interface D1Statement {
  /** The statement with its parameters bound by position. */
  bind(...values: unknown[]): D1Statement;
  /** Runs it and answers its rows and counts. */
  all(): Promise<D1Answer>;
}

/**
 * A D1 database binding (`env.DB` in a Worker), structurally: `prepare` and the atomic
 * `batch`. `@cloudflare/workers-types`' `D1Database` and miniflare's `getD1Database()` fit it,
 * so no Cloudflare types package is needed.
 *
 * @example
 * export default { fetch: (request: Request, env: { DB: D1Binding }) => handle(request, openD1Database(env.DB)) };
 */
export interface D1Binding {
  /** A statement of `sql`, parameters as `?`. */
  prepare(sql: string): D1Statement;
  /** Runs the statements in order as ONE transaction: all are stored or none (D1's only atomic unit). */
  batch(statements: D1Statement[]): Promise<readonly D1Answer[]>;
}

/**
 * Kysely's `Dialect` for a D1 binding: D1's own driver, SQLite's compiler, adapter and introspector.
 *
 * @example
 * const db = new Kysely<Tables>({ dialect: new D1Dialect(env.DB) });
 */
export class D1Dialect implements Dialect {
  constructor(readonly binding: D1Binding) {}

  createDriver(): Driver {
    return new D1Driver(this.binding);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own Dialect signature takes any tables.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * The driver: one stateless connection (D1 queues the statements itself, and a binding may be
 * used by any number of requests at once), and no-op transactions (see the module's note).
 */
class D1Driver implements Driver {
  readonly #connection: D1Connection;

  constructor(binding: D1Binding) {
    this.#connection = new D1Connection(binding);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  /** D1 refuses `BEGIN`: the transaction's statements each commit on their own. */
  async beginTransaction(): Promise<void> {}

  async commitTransaction(): Promise<void> {}

  /** Nothing to undo: the statements already ran are stored (D1 has no interactive transactions). */
  async rollbackTransaction(): Promise<void> {}

  async savepoint(): Promise<void> {}

  async rollbackToSavepoint(): Promise<void> {}

  async releaseSavepoint(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  /** The binding belongs to the Worker's environment: nothing to close. */
  async destroy(): Promise<void> {}
}

/** Runs compiled queries on the binding. */
class D1Connection implements DatabaseConnection {
  constructor(readonly binding: D1Binding) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const counted = countedWrite(query);
    const answer = await d1Statement(this.binding, counted ?? query).all();
    // Rows as D1 decodes them: the caller's row type describes the query it built.
    const rows = (answer.results ?? []) as R[];
    if (query.query.kind === 'SelectQueryNode') return { rows };
    const lastRowId = answer.meta?.last_row_id;
    // D1's `meta.changes` is the connection's change count across the statement, which counts
    // the rows its triggers (change versions) and foreign-key cascades wrote too; a write's own
    // rows are counted by the `returning` it was given.
    const changes = counted === undefined ? answer.meta?.changes : rows.length;
    return {
      rows: counted === undefined ? rows : [],
      ...(changes === undefined ? {} : { numAffectedRows: BigInt(changes) }),
      ...(lastRowId === undefined || changes === undefined || changes === 0 ? {} : { insertId: BigInt(lastRowId) }),
    };
  }

  /** D1 has no cursors: the whole answer is read, then handed out in chunks. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    const size = Math.max(1, chunkSize);
    for (let start = 0; start < rows.length; start += size) yield { rows: rows.slice(start, start + size) };
  }
}

/**
 * An insert, update or delete built with Kysely and without a `RETURNING` clause, given
 * `returning 1` so that the rows it answers count exactly the rows it wrote; `undefined` for
 * any other query (a select, raw SQL, a write that returns its rows or has `order by`/`limit`).
 */
function countedWrite(query: CompiledQuery): Pick<CompiledQuery, 'sql' | 'parameters'> | undefined {
  const node = query.query;
  const plain =
    (node.kind === 'InsertQueryNode' && node.returning === undefined) ||
    ((node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') &&
      node.returning === undefined &&
      node.limit === undefined &&
      node.orderBy === undefined);
  return plain ? { sql: `${query.sql} returning 1`, parameters: query.parameters } : undefined;
}

/**
 * `query` as a statement of the binding, its parameters bound: `undefined` (which D1 refuses)
 * as `null`, `bigint` as a number when it is exact.
 *
 * @throws Error for a `bigint` beyond 2^53, which D1 cannot bind exactly.
 */
export function d1Statement(binding: D1Binding, query: Pick<CompiledQuery, 'sql' | 'parameters'>): D1Statement {
  const statement = binding.prepare(query.sql);
  if (query.parameters.length === 0) return statement;
  return statement.bind(...query.parameters.map(d1Value));
}

function d1Value(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new Error(`D1 cannot bind the integer ${value}: it is beyond 2^53 (bind it as text).`);
    }
    return Number(value);
  }
  return value;
}
