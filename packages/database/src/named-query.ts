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
import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';

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
  sqlite: SqliteDatabase.Database | undefined,
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
    ? rowReader<Row>(sqlite, query.sql)
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
function rowWriter<Row>(sqlite: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => Row[] {
  const statement = sqlite.prepare<unknown[]>(sql);
  if (statement.reader) return (parameters) => statement.all(...parameters) as Row[];
  return (parameters) => {
    statement.run(...parameters);
    return [];
  };
}

/** A `LIMIT ?` or `OFFSET ?`, as Kysely compiles `.limit()` and `.offset()` on SQLite. */
const PAGING_PARAMETER = /\b(?:limit|offset)\s+\?/i;

/** How many sets of parameter values keep a bound statement each (see {@link rowReader}). */
const BOUND_STATEMENTS = 32;

/**
 * Runs one SQL text on statements of its own and returns its rows as objects, as
 * better-sqlite3's `all()` would. Two costs of a plain `statement.all(...parameters)` are
 * avoided here; both were measured with `bench/`'s list query on Node 20 (SQLite 3.53).
 *
 * **Row objects.** better-sqlite3 builds a row object through V8's C++ API, one property at a
 * time; a page of ten rows took 17 µs against 13 µs as arrays made objects in a loop. So the
 * statement answers arrays (`raw` mode) and the objects are made here, keys in column order, a
 * later duplicate name winning as in `all()`. Arrays are used only when the column names are
 * fixed by the SQL text: a `*` (other than `count(*)`) expands to whatever the table holds
 * when SQLite re-prepares the statement after a schema change, and a `__proto__` column would
 * be an assignment to the prototype here. Such statements keep better-sqlite3's objects.
 *
 * **Paging parameters.** SQLite plans a `LIMIT ?` or `OFFSET ?` with the value bound (its
 * `sqlite3ExprIsInteger` marks the parameter in the statement's `expmask`), so every new
 * binding makes it compile the statement again: binding the page's limit and offset cost
 * a third of the page query (12.5 µs against 8.6 µs for the same statement bound once). A
 * statement with paging parameters is therefore bound once per set of values, and the bound
 * statements of the last {@link BOUND_STATEMENTS} sets are kept; other values (a buffer, say)
 * run on the unbound statement.
 */
function rowReader<Row>(sqlite: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => Row[] {
  // Statements of its own: the connection's cache (connect.ts) shares statements with Kysely,
  // and raw mode and bindings belong to the statement. better-sqlite3's own prepare, from the
  // connection's prototype (a type-only import: a PostgreSQL site need not install it).
  const open = (): SqliteDatabase.Statement<unknown[]> =>
    (Object.getPrototypeOf(sqlite) as SqliteDatabase.Database).prepare.call(sqlite, sql);
  const unbound = open();
  const names = unbound.columns().map((column) => column.name);
  const asArrays = !sql.replaceAll('(*)', '').includes('*') && !names.includes('__proto__');
  const rowsOf = (statement: SqliteDatabase.Statement<unknown[]>, parameters: readonly unknown[]): Row[] =>
    asArrays ? objectsOf<Row>(statement.all(...parameters) as unknown[][], names) : (statement.all(...parameters) as Row[]);
  if (asArrays) unbound.raw(true);
  if (!PAGING_PARAMETER.test(sql)) return (parameters) => rowsOf(unbound, parameters);
  const bound = new Map<string, SqliteDatabase.Statement<unknown[]>>();
  return (parameters) => {
    const key = valuesKey(parameters);
    if (key === undefined) return rowsOf(unbound, parameters);
    let statement = bound.get(key);
    if (statement === undefined) {
      statement = open();
      if (asArrays) statement.raw(true);
      statement.bind(...parameters);
      if (bound.size >= BOUND_STATEMENTS) bound.delete(bound.keys().next().value as string);
      bound.set(key, statement);
    }
    return rowsOf(statement, NO_PARAMETERS);
  };
}

const NO_PARAMETERS: readonly unknown[] = [];

/** Rows read as arrays, made objects with the column names in order. */
function objectsOf<Row>(rows: readonly unknown[][], names: readonly string[]): Row[] {
  const out = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i] as unknown[];
    const row: Record<string, unknown> = {};
    for (let k = 0; k < names.length; k++) row[names[k] as string] = values[k];
    out[i] = row as Row;
  }
  return out;
}

/**
 * A key for a set of parameter values that tells apart every binding (`1` from `'1'`, `1n`
 * and `null`), or `undefined` when a value is of another kind.
 */
function valuesKey(parameters: readonly unknown[]): string | undefined {
  let key = '';
  for (const value of parameters) {
    if (typeof value === 'number') key += `n${value};`;
    else if (typeof value === 'string') key += `s${value.length}:${value}`;
    else if (typeof value === 'bigint') key += `b${value};`;
    else if (value === null) key += 'z';
    else return undefined;
  }
  return key;
}
