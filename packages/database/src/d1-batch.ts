/**
 * Several writes as ONE atomic D1 `batch()`: `Database.atomicWrites` on D1 (what a migration
 * runs in). The work runs against a Kysely instance that records each statement instead of
 * running it (answering no rows), then the statements go to D1 together: all are stored or
 * none. D1 has no other atomic unit (no `BEGIN`), so a migration that fails midway leaves
 * nothing half done, and its record (the batch's first statement) is stored with it.
 *
 * Its reads run at once, on the database as it was before the work (its own writes are not
 * stored yet): a migration reads what earlier migrations left (to rename duplicates, say),
 * then writes. A read of what the same work wrote sees none of it (a table it created is
 * missing; rows it inserted are not there yet), so a migration must read before it writes.
 *
 * @module
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type QueryResult,
} from 'kysely';
import { type D1Binding, D1Dialect, d1Statement } from './d1-driver.js';

/**
 * Runs `work` against a recording Kysely instance and sends what it wrote to `binding` as
 * one batch.
 *
 * @throws Error when the work reads (see the module's note), or D1's error when the batch
 *   fails (nothing of it is stored then).
 * @example
 * await d1WriteBatch(env.DB, [], async (db) => {
 *   await db.insertInto('cms_migrations').values(record).execute();
 *   await migration.up(db, { dialect: 'sqlite' });
 * });
 */
export async function d1WriteBatch<DB>(
  binding: D1Binding,
  plugins: readonly KyselyPlugin[],
  work: (db: Kysely<DB>) => Promise<void>,
): Promise<void> {
  const recorded: CompiledQuery[] = [];
  const d1 = new D1Dialect(binding);
  const recording: Dialect = {
    createDriver: () => new RecordingDriver(d1.createDriver(), recorded),
    createQueryCompiler: () => d1.createQueryCompiler(),
    createAdapter: () => d1.createAdapter(),
    createIntrospector: (db) => d1.createIntrospector(db),
  };
  const db = new Kysely<DB>({ dialect: recording, plugins: [...plugins] });
  await work(db);
  if (recorded.length === 0) return;
  await binding.batch(recorded.map((query) => d1Statement(binding, query)));
}

/** A driver whose one connection records writes and runs reads; transactions inside the work are part of the batch. */
class RecordingDriver implements Driver {
  readonly #connection: Promise<RecordingConnection>;

  constructor(
    readonly d1: Driver,
    recorded: CompiledQuery[],
  ) {
    this.#connection = d1.acquireConnection().then((live) => new RecordingConnection(live, recorded));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {}

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

class RecordingConnection implements DatabaseConnection {
  constructor(
    readonly live: DatabaseConnection,
    readonly recorded: CompiledQuery[],
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const node = query.query;
    if (node.kind === 'SelectQueryNode' || (node.kind === 'RawNode' && /^\s*(select|pragma)\b/i.test(query.sql))) {
      return this.live.executeQuery<R>(query);
    }
    const returning =
      (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') &&
      node.returning !== undefined;
    if (returning) {
      throw new Error(
        `On D1 this work runs as one atomic batch, whose writes answer nothing until it ends ("${query.sql.slice(0, 80)}"): ` +
          'drop the returning clause, and read the rows after the work.',
      );
    }
    this.recorded.push(query);
    return { rows: [] };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* this.live.streamQuery<R>(query, chunkSize);
  }
}
