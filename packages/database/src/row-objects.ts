/**
 * Rows read as arrays, made objects in JavaScript: a driver that builds row objects in native
 * code (better-sqlite3 through V8's C++ API, one property at a time; `node:sqlite` as objects
 * without a prototype) is slower at it than a loop here. Measured on a page of ten rows:
 * better-sqlite3 17 µs as objects, 13 µs as arrays made objects here (Node 20); `node:sqlite`
 * 16 µs as its objects copied into plain ones, 7 µs as arrays made objects here (Deno 2.9.6).
 *
 * Only for SQL whose column names are fixed by its text ({@link fixedColumnNames}).
 *
 * @module
 */

/**
 * Whether a statement's columns are fixed by its SQL text, so that rows can be read as arrays
 * and named here: not when a `*` (other than `count(*)`) expands to whatever the table holds
 * when SQLite re-prepares the statement after a schema change, nor with a `__proto__` column
 * (an assignment to the prototype here).
 *
 * @example
 * fixedColumnNames('select id, text from notes', ['id', 'text']); // true
 */
export function fixedColumnNames(sql: string, names: readonly string[]): boolean {
  return !sql.replaceAll('(*)', '').includes('*') && !names.includes('__proto__');
}

/**
 * One row's values as an object with the column names in order (a later duplicate name wins,
 * as drivers do).
 *
 * @example
 * objectOf([1, 'one'], ['id', 'text']); // { id: 1, text: 'one' }
 */
export function objectOf(values: readonly unknown[], names: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let k = 0; k < names.length; k++) row[names[k] as string] = values[k];
  return row;
}

/**
 * Rows' values as objects (see {@link objectOf}).
 *
 * @example
 * objectsOf([[1, 'one']], ['id', 'text']); // [{ id: 1, text: 'one' }]
 */
export function objectsOf(rows: readonly unknown[][], names: readonly string[]): unknown[] {
  const out = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = objectOf(rows[i] as unknown[], names);
  return out;
}
