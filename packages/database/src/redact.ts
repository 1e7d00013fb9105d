/**
 * A database URL fit to print or log: the password, in the user part or in a `password=`
 * parameter, replaced by `***`.
 *
 * @module
 */

/**
 * Hides the password of a database URL.
 *
 * @example
 * redactDatabaseUrl('postgres://site:s3cret@db:5432/site'); // 'postgres://site:***@db:5432/site'
 * redactDatabaseUrl('postgres://db/site?user=site&password=s3cret'); // 'postgres://db/site?user=site&password=***'
 * redactDatabaseUrl('sqlite:./data/site.db'); // unchanged
 */
export function redactDatabaseUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@?#]*):[^@/?#]*@/i, '$1:***@')
    .replace(/([?&](?:password|pass|sslpassword)=)[^&#]*/gi, '$1***');
}
