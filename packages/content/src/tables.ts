import type { Generated } from 'kysely';

/**
 * A row of `users`. Dates are ISO 8601 strings in UTC; `roles` is a JSON array of role slugs.
 *
 * @example
 * const row: Partial<UsersTable> = { login: 'admin', roles: '["administrator"]' };
 */
export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** scrypt hash in the `$scrypt$…` format; never leaves the store. */
  pass_hash: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  nickname: string;
  slug: string;
  url: string;
  description: string;
  locale: string;
  registered: string;
  roles: string;
}

/**
 * A row of `application_passwords`. `hash` is the SHA-256 of the password; the password
 * itself is shown once, when it is created.
 *
 * @example
 * const row: Partial<ApplicationPasswordsTable> = { name: 'cli', last_used: null };
 */
export interface ApplicationPasswordsTable {
  uuid: string;
  user_id: number;
  app_id: string;
  name: string;
  hash: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

/**
 * A row of `sessions`: a cookie login. Only the SHA-256 of the token is stored.
 *
 * @example
 * const row: Partial<SessionsTable> = { user_id: 1, expires: '2030-01-01T00:00:00.000Z' };
 */
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created: string;
  expires: string;
}

/**
 * The tables of `@cms-json/content`, for `Kysely<ContentTables>`; merge them into a site's own
 * table types with an intersection.
 *
 * @example
 * const { db } = openDatabase<ContentTables & MyTables>({ url: 'sqlite:./data/site.db' });
 */
export interface ContentTables {
  users: UsersTable;
  application_passwords: ApplicationPasswordsTable;
  sessions: SessionsTable;
}
