/**
 * Whether cms-json may write to a WordPress database: a site served with a database account
 * that may only read (a replica, a reporting user) is served read-only by default. The
 * account's grants (`SHOW GRANTS FOR CURRENT_USER()`) say so: writing needs `ALL PRIVILEGES`,
 * or `INSERT`, `UPDATE` and `DELETE`, on every database (`*.*`) or on this one.
 *
 * @module
 */
import { sql } from 'kysely';
import type { WordPressDatabase } from './connection.js';

/** The privileges a write needs (each of them). */
const WRITE_PRIVILEGES = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Whether the account may write the database, from its grants. Table-level grants do not
 * count (a site needs many tables written): such an account is read-only unless told
 * otherwise (`readOnly: false`).
 *
 * @example
 * mayWrite(['GRANT USAGE ON *.* TO `ro`@`%`', 'GRANT SELECT ON `wordpress`.* TO `ro`@`%`'], 'wordpress'); // false
 * mayWrite(['GRANT ALL PRIVILEGES ON `wordpress`.* TO `wp`@`%`'], 'wordpress');                          // true
 */
export function mayWrite(grants: readonly string[], databaseName: string): boolean {
  for (const grant of grants) {
    const match = /^GRANT\s+(.+?)\s+ON\s+(?:(?:TABLE|FUNCTION|PROCEDURE|PACKAGE(?:\s+BODY)?)\s+)?(\S+)\s+TO\s/i.exec(
      grant.trim(),
    );
    if (match === null) continue;
    const [, privilegeList = '', target = ''] = match;
    if (!coversDatabase(target, databaseName)) continue;
    // Column grants (`UPDATE (col)`) are table-level: the target is a table then, never here.
    const privileges = new Set(privilegeList.split(',').map((privilege) => privilege.trim().toUpperCase()));
    if (privileges.has('ALL PRIVILEGES') || privileges.has('ALL')) return true;
    if (WRITE_PRIVILEGES.every((privilege) => privileges.has(privilege))) return true;
  }
  return false;
}

/** Whether a grant's target (`*.*`, `` `db`.* ``, `` `wp\_%`.* ``) is every table of the database. */
function coversDatabase(target: string, databaseName: string): boolean {
  if (target === '*.*') return true;
  const match = /^`((?:[^`]|``)+)`\.\*$/.exec(target) ?? /^([^`.]+)\.\*$/.exec(target);
  if (match === null) return false;
  const pattern = (match[1] ?? '').replace(/``/g, '`');
  return likePattern(pattern).test(databaseName);
}

/** A database name pattern of a grant (`%` any run, `_` any character, `\_` and `\%` themselves) as a regular expression. */
function likePattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += escapeRegExp(pattern[i] ?? '');
    } else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'i');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Asks the server whether the connection's account may write the WordPress database.
 *
 * @example
 * const readOnly = !(await accountMayWrite(wordpress));
 */
export async function accountMayWrite(wordpress: WordPressDatabase): Promise<boolean> {
  const result = await sql<Record<string, string>>`SHOW GRANTS FOR CURRENT_USER()`.execute(wordpress.database.db);
  const grants = result.rows.flatMap((row) => Object.values(row).map(String));
  return mayWrite(grants, wordpress.name);
}
