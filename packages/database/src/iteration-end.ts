/**
 * Knowing when an iteration ends: a SQLite statement being iterated is busy, and must not be
 * handed out to another query until the iteration finished or was left early.
 *
 * @module
 */

/**
 * `rows`, calling `end` once when the iteration finishes, throws, or is left early (`break`,
 * `return`).
 *
 * @example
 * let busy = true;
 * for (const row of iterationEnd(statement.iterate([]), () => { busy = false; })) use(row);
 */
export function* iterationEnd<T>(rows: Iterator<T>, end: () => void): Generator<T, void, undefined> {
  let done = false;
  try {
    for (let next = rows.next(); next.done !== true; next = rows.next()) yield next.value;
    done = true;
  } finally {
    if (!done) rows.return?.();
    end();
  }
}
