/**
 * A query built and compiled once, run many times with new values bound by name
 * (`Database.prepare`). Building and compiling a Kysely query costs more than SQLite takes to
 * run a small one, so a hot query (a page of a list, a record by id) is worth compiling once.
 *
 * The query is built with stand-ins where the values go, one per name (and per position of a
 * list); after compiling, each of the query's parameters is either a stand-in, bound at each
 * run to the value of its name, or a constant of the query. The order of the parameters is
 * read from the compiled query, never written by hand.
 *
 * @module
 */
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { SqliteConnection } from './sqlite-connection.js';

/**
 * A built query: what `Database.prepare`'s `build` returns, a Kysely query builder or a
 * `sql` template.
 *
 * @example
 * const query: Compilable<{ id: number }> = db.selectFrom('notes').select('id');
 */
export type Compilable<Row> = { compile(): CompiledQuery<Row> } | RawBuilder<Row>;

/**
 * A query of `Database.prepare`: runs with the values of its parameters, by name, and answers
 * its rows (the rows of a write's `RETURNING` clause, or none).
 *
 * @example
 * const rows: Note[] = await byId({ id: 42 });
 */
export type NamedQuery<Args, Row> = (values: Args) => Promise<Row[]>;

/** A parameter's stand-in while the query is built: its name, and its position in a list. */
class StandIn {
  constructor(
    readonly name: string,
    readonly index: number | undefined,
  ) {}

  /** Shows in SQL text only if a stand-in was written into it as a literal, which {@link namedQuery} refuses. */
  toString(): string {
    return STAND_IN_TEXT;
  }
}

const STAND_IN_TEXT = '\u0000cms-json-parameter\u0000';

/** How one parameter of the compiled query gets its value at a run. */
type Binding = { readonly name: string; readonly index: number | undefined } | { readonly constant: unknown };

/** Stand-ins of the shape of `parameters`: one per name, and one per item of a list. */
function standIns<Args extends Record<string, unknown>>(parameters: Args): Args {
  const out: Record<string, unknown> = {};
  for (const [name, sample] of Object.entries(parameters)) {
    out[name] = Array.isArray(sample) ? sample.map((_, index) => new StandIn(name, index)) : new StandIn(name, undefined);
  }
  // Each key of `parameters` holds a stand-in of its value's shape (a list keeps its length).
  return out as Args;
}

/**
 * Compiles `build(stand-ins)` once and returns the function that runs it with values by name
 * (see `Database.prepare`). On SQLite with its connection (`sqlite`), outside a transaction,
 * the query runs synchronously on statements of its own; otherwise through Kysely.
 *
 * @throws Error when a stand-in was written into the SQL text (as a literal) instead of
 *   being a parameter; at a run, when a list's length is not the length it was compiled for.
 */
export function namedQuery<DB, Args extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  sqlite: SqliteConnection | undefined,
  parameters: Args,
  build: (parameters: Args) => Compilable<Row>,
): NamedQuery<Args, Row> {
  const built = build(standIns(parameters));
  const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  if (query.sql.includes(STAND_IN_TEXT)) {
    throw new Error('Database.prepare: a parameter was written into the SQL text; pass it as a value.');
  }
  const bindings: Binding[] = query.parameters.map((value) =>
    value instanceof StandIn ? { name: value.name, index: value.index } : { constant: value },
  );
  const lengths = Object.entries(parameters).flatMap(([name, sample]) =>
    Array.isArray(sample) ? [{ name, length: sample.length }] : [],
  );
  const valuesOf = (values: Args): unknown[] => {
    for (const { name, length } of lengths) {
      const list = values[name];
      if (!Array.isArray(list) || list.length !== length) {
        throw new Error(`Database.prepare: "${name}" must be a list of ${length} values, as compiled.`);
      }
    }
    return bindings.map((binding) => {
      if ('constant' in binding) return binding.constant;
      const value = values[binding.name];
      if (value === undefined) throw new Error(`Database.prepare: no value for the parameter "${binding.name}".`);
      return binding.index === undefined ? value : (value as readonly unknown[])[binding.index];
    });
  };
  const viaKysely = async (values: unknown[]): Promise<Row[]> =>
    (await db.executeQuery<Row>({ ...query, parameters: values })).rows;
  if (sqlite === undefined) return async (values) => viaKysely(valuesOf(values));
  const run = query.sql.trimStart().toLowerCase().startsWith('select')
    ? (sqlite.rowReader(query.sql) as (parameters: readonly unknown[]) => Row[])
    : rowWriter<Row>(sqlite, query.sql);
  return async (values) => {
    const positional = valuesOf(values);
    return sqlite.inTransaction ? viaKysely(positional) : run(positional);
  };
}

/**
 * Runs a write on the statement the connection hands out for its SQL text (the one Kysely
 * would run, with the checks `openDatabase` adds to writes): the rows of its `RETURNING`
 * clause, as objects, or none.
 */
function rowWriter<Row>(sqlite: SqliteConnection, sql: string): (parameters: readonly unknown[]) => Row[] {
  const statement = sqlite.prepare(sql);
  if (statement.reader) return (parameters) => statement.all(parameters) as Row[];
  return (parameters) => {
    statement.run(parameters);
    return [];
  };
}
