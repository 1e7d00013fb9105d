/**
 * The user store: create, read, list, update and delete users, every input checked first (the
 * original's codes, thrown as `RestError`s of the content table) and uniqueness kept by the database.
 *
 * @module
 */
import type { RestError } from '@cms-json/core';
import type { Database } from '@cms-json/database';
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { isWordPressHash, verifyWordPressHash } from '../auth/wordpress-hashes.js';
import { readByIds } from '../compiled-reads.js';
import { contentError } from '../errors.js';
import { type ContentTables, contentDatabase, type SiteDatabase, type UsersTable } from '../tables.js';
import { type RoleCapabilities, roleCapabilities } from './capability-sets.js';
import {
  checkEmail,
  checkLocale,
  checkLogin,
  checkName,
  checkPassword,
  checkRegistered,
  checkRoles,
  checkSlug,
  checkUrl,
  defaultDisplayName,
  SLUG_MAX,
  slugFromLogin,
  stripTags,
} from './field-checks.js';
import { DEFAULT_ROLE, DEFAULT_ROLES, type Roles } from './roles.js';
import { toUser, type User } from './user.js';

/**
 * The fields of a new user. Only `login`, `email` and `password` are required.
 *
 * @example
 * const input: NewUser = { login: 'jane', email: 'jane@example.com', password: 's3cret!', roles: ['editor'] };
 */
export interface NewUser {
  login: string;
  email: string;
  /** The login password; give `passwordHash` instead for a user brought over from WordPress. */
  password?: string | undefined;
  /**
   * A WordPress password hash (`$P$…`, `$wp$2y$…`, `$2y$…`, MD5), for a user brought over
   * from a WordPress site: the user logs in with their old password, and the hash becomes
   * this project's own at the first login. Only when creating.
   */
  passwordHash?: string | undefined;
  displayName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  nickname?: string | undefined;
  /** Derived from the login when absent; made unique with a `-2`, `-3` … suffix. */
  slug?: string | undefined;
  url?: string | undefined;
  description?: string | undefined;
  locale?: string | undefined;
  /** Default `['subscriber']`. */
  roles?: readonly string[] | undefined;
  /**
   * The registration date, for users brought over from another site (ISO 8601, e.g.
   * `2023-01-01T00:00:00Z`); default now. Only when creating: it cannot change later.
   */
  registered?: string | undefined;
}

/**
 * Changes to a user; absent fields stay. The login cannot change (as in WordPress).
 *
 * @example
 * const changes: UserChanges = { displayName: 'Jane D.', password: 'n3w-s3cret' };
 */
export type UserChanges = Partial<Omit<NewUser, 'login' | 'registered' | 'passwordHash'>>;

/**
 * Fields {@link UserQuery.search} can look in.
 *
 * @example
 * const fields: UserSearchField[] = ['login', 'display_name'];
 */
export type UserSearchField = 'login' | 'email' | 'url' | 'slug' | 'display_name';

/**
 * Sort keys of {@link UserQuery}, named as the REST `orderby` values.
 *
 * @example
 * await users.list({ orderBy: 'registered_date' satisfies UserOrderBy, order: 'desc' });
 */
export type UserOrderBy = 'id' | 'include' | 'name' | 'registered_date' | 'slug' | 'include_slugs' | 'email' | 'url';

/**
 * A filter and page over the users.
 *
 * @example
 * const query: UserQuery = { search: 'jan', roles: ['editor'], orderBy: 'name', perPage: 10, page: 1 };
 */
export interface UserQuery {
  /** Substring of login, email, URL, slug or display name, case-insensitive. */
  search?: string | undefined;
  /** The fields `search` looks in; default all five. */
  searchIn?: readonly UserSearchField[] | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  slugs?: readonly string[] | undefined;
  /** Users holding at least one of these roles. */
  roles?: readonly string[] | undefined;
  /** Default `name`. */
  orderBy?: UserOrderBy | undefined;
  /** Default `asc`. */
  order?: 'asc' | 'desc' | undefined;
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 10. */
  perPage?: number | undefined;
  /** Skips this many users; replaces `page` when given. */
  offset?: number | undefined;
}

/**
 * A page of users and the count of all users matching the query.
 *
 * @example
 * const { users, total } = await store.list({ perPage: 5 });
 */
export interface UserPage {
  users: User[];
  total: number;
}

/**
 * Reads and writes users: the storage of users behind the routes, which a second storage
 * implements too. Every method checks its input and throws a {@link RestError} with the
 * original's code on a bad one; no method returns a password or hash.
 *
 * @example
 * const users: UserStore = new SqlUserStore(database);
 * const jane = await users.create({ login: 'jane', email: 'jane@example.com', password: 's3cret!' });
 */
export interface UserStore {
  /** The site's roles, as given to the store. */
  readonly roles: Roles;
  create(input: NewUser): Promise<User>;
  findById(id: number): Promise<User | undefined>;
  /** The users with these ids that exist, in no particular order: one query. */
  findByIds(ids: readonly number[]): Promise<User[]>;
  /** Case-insensitive, as WordPress on MySQL. */
  findByLogin(login: string): Promise<User | undefined>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<User | undefined>;
  findBySlug(slug: string): Promise<User | undefined>;
  list(query?: UserQuery): Promise<UserPage>;
  /** @throws RestError `rest_user_invalid_id` (404) when the user does not exist. */
  update(id: number, changes: UserChanges): Promise<User>;
  /** Deletes the user with their sessions and application passwords; false when absent. */
  delete(id: number): Promise<boolean>;
  /** Whether `password` is the user's login password (not an application password). */
  verifyPassword(id: number, password: string): Promise<boolean>;
  count(): Promise<number>;
}

/**
 * Options of {@link SqlUserStore}.
 *
 * @example
 * const options: UserStoreOptions = { roles: DEFAULT_ROLES, now: () => Date.now() };
 */
export interface UserStoreOptions {
  /** The site's roles; default {@link DEFAULT_ROLES}. */
  roles?: Roles | undefined;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
}

/** A user's row as the store reads it: every column but the password hash, which it never reads back but to check a password. */
type Row = Omit<Selectable<UsersTable>, 'pass_hash'>;

/**
 * The columns of a user read back, named: the hash stays in the table, and with no `*` the
 * SQLite driver hands the rows over as arrays, made objects in a loop (see named-query.ts in @cms-json/database).
 */
const USER_COLUMNS = [
  'id',
  'login',
  'email',
  'display_name',
  'first_name',
  'last_name',
  'nickname',
  'slug',
  'url',
  'description',
  'locale',
  'registered',
  'roles',
] as const;

/**
 * The user store over a database migrated with `migrateContent` (the project's own schema,
 * SQLite or PostgreSQL). Its steps are methods a subclass may override.
 *
 * @example
 * const users = new SqlUserStore(database, { roles: { ...DEFAULT_ROLES, shop_manager: shopManager } });
 * const admin = await users.findByLogin('admin');
 * admin?.can('manage_options'); // true
 */
export class SqlUserStore implements UserStore {
  readonly roles: Roles;
  /** The capability sets of the site's roles: users of the same roles share one. */
  protected readonly capabilities: RoleCapabilities;
  /** The database the users are kept in. */
  readonly database: Database<ContentTables>;
  /** The clock, in milliseconds since the epoch. */
  protected readonly now: () => number;

  constructor(database: SiteDatabase, options: UserStoreOptions = {}) {
    this.database = contentDatabase(database);
    this.roles = options.roles ?? DEFAULT_ROLES;
    this.capabilities = roleCapabilities(this.roles);
    this.now = options.now ?? Date.now;
  }

  /** The query builder over the content tables. */
  protected get db(): Kysely<ContentTables> {
    return this.database.db;
  }

  /** A select of the users' columns but the hash. */
  protected select() {
    return this.db.selectFrom('users').select(USER_COLUMNS);
  }

  /** The first user a select finds. */
  protected async first(query: ReturnType<SqlUserStore['select']>): Promise<User | undefined> {
    const row = await query.executeTakeFirst();
    return row ? fromRow(row, this.capabilities) : undefined;
  }

  /** `base`, or `base-2`, `base-3` … : the first slug no user has. */
  protected async uniqueSlug(base: string): Promise<string> {
    const taken = new Set(
      (
        await this.db
          .selectFrom('users')
          .select('slug')
          .where((eb) => eb.or([eb('slug', '=', base), like('slug', `${escapeLike(base)}-%`)]))
          .execute()
      ).map((row) => row.slug),
    );
    if (!taken.has(base)) return base;
    for (let suffix = 2; ; suffix += 1) {
      const tail = `-${suffix}`;
      const candidate = `${base.slice(0, SLUG_MAX - tail.length)}${tail}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  async create(input: NewUser): Promise<User> {
    const { db, roles, now } = this;
    const login = checkLogin(input.login);
    const email = checkEmail(input.email);
    const imported = input.passwordHash;
    if (imported !== undefined && !isWordPressHash(imported)) {
      throw contentError('rest_invalid_param.password_hash');
    }
    if (imported === undefined) checkPassword(input.password ?? '');
    const userRoles = checkRoles(input.roles ?? [DEFAULT_ROLE], roles);
    if (await this.findByLogin(login)) throw contentError('existing_user_login');
    if (await this.findByEmail(email)) {
      throw contentError('existing_user_email');
    }
    const firstName = checkName(input.firstName, 'first_name');
    const lastName = checkName(input.lastName, 'last_name');
    const fields = {
      login,
      email,
      display_name: checkName(input.displayName, 'display_name') || defaultDisplayName(login, firstName, lastName),
      first_name: firstName,
      last_name: lastName,
      nickname: checkName(input.nickname, 'nickname') || login,
      slug: await this.uniqueSlug(input.slug ? checkSlug(input.slug) : slugFromLogin(login)),
      url: checkUrl(input.url),
      description: stripTags(input.description ?? '').trim(),
      locale: checkLocale(input.locale),
      registered: checkRegistered(input.registered, now),
      roles: JSON.stringify(userRoles),
    };
    // Hashed last, once every other field is valid: scrypt is deliberately slow, and an
    // invalid request must not cost it.
    const row = { ...fields, pass_hash: imported ?? (await hashPassword(input.password ?? '')) };
    try {
      const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      return fromRow({ ...row, id }, this.capabilities);
    } catch (error) {
      throw duplicateError(error, 'create') ?? error;
    }
  }

  findById(id: number): Promise<User | undefined> {
    return this.first(this.select().where('id', '=', id));
  }

  async findByIds(ids: readonly number[]): Promise<User[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const rows = await readByIds(this.database, 'users.by-ids', wanted, (values) => this.select().where('id', 'in', values));
    return rows.map((row) => fromRow(row, this.capabilities));
  }

  findByLogin(login: string): Promise<User | undefined> {
    return this.first(this.select().where(sql<string>`lower(login)`, '=', login.trim().toLowerCase()));
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.first(this.select().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()));
  }

  findBySlug(slug: string): Promise<User | undefined> {
    return this.first(this.select().where('slug', '=', slug));
  }

  async list(query: UserQuery = {}): Promise<UserPage> {
    const { db, database } = this;
    const perPage = Math.max(1, Math.trunc(query.perPage ?? 10));
    const offset = Math.max(0, Math.trunc(query.offset ?? (Math.max(1, Math.trunc(query.page ?? 1)) - 1) * perPage));
    const filtered = db.selectFrom('users').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.include) conditions.push(query.include.length ? eb('id', 'in', [...query.include]) : eb.lit(false));
      if (query.exclude?.length) conditions.push(eb('id', 'not in', [...query.exclude]));
      if (query.slugs) conditions.push(query.slugs.length ? eb('slug', 'in', [...query.slugs]) : eb.lit(false));
      if (query.roles) {
        conditions.push(eb.or(query.roles.map((role) => like('roles', `%${escapeLike(JSON.stringify(role))}%`))));
      }
      const search = query.search?.trim();
      // A term longer than any searchable field (display names: 250 characters) matches
      // nothing; it is not sent to the database, whose LIKE patterns are limited in length.
      if (search && search.length > SEARCH_MAX) conditions.push(eb.lit(false));
      else if (search) {
        const pattern = `%${escapeLike(search.toLowerCase())}%`;
        const columns = query.searchIn ?? SEARCH_FIELDS;
        // Every letter folded on both engines (SQLite's own lower() folds ASCII only).
        conditions.push(eb.or(columns.map((column) => like(database.lowerText(sql.ref(column)), pattern))));
      }
      return eb.and(conditions);
    });
    const direction = query.order === 'desc' ? 'desc' : 'asc';
    const orderBy = query.orderBy ?? 'name';
    const sorted =
      orderBy === 'include'
        ? positionIn('id', query.include ?? [])
        : orderBy === 'include_slugs'
          ? positionIn('slug', query.slugs ?? [])
          : sql.ref<string>(ORDER_COLUMNS[orderBy]);
    const page = filtered.selectAll().orderBy(sorted, direction);
    const [rows, counted] = await Promise.all([
      page.orderBy('id', direction).limit(perPage).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { users: rows.map((row) => fromRow(row, this.capabilities)), total: Number(counted.total) };
  }

  async update(id: number, changes: UserChanges): Promise<User> {
    const { db, roles } = this;
    const current = await this.findById(id);
    if (!current) throw contentError('rest_user_invalid_id');
    const values: Partial<Omit<Selectable<UsersTable>, 'id'>> = {};
    if (changes.email !== undefined) {
      const email = checkEmail(changes.email);
      const owner = await this.findByEmail(email);
      if (owner && owner.id !== id) throw contentError('rest_user_invalid_email');
      values.email = email;
    }
    if (changes.slug !== undefined && changes.slug !== current.slug) {
      const slug = checkSlug(changes.slug);
      const owner = await this.findBySlug(slug);
      if (owner && owner.id !== id) throw contentError('rest_user_invalid_slug');
      values.slug = slug;
    }
    if (changes.password !== undefined) checkPassword(changes.password);
    if (changes.roles !== undefined) values.roles = JSON.stringify(checkRoles(changes.roles, roles));
    if (changes.displayName !== undefined) {
      values.display_name = checkName(changes.displayName, 'display_name') || current.login;
    }
    if (changes.firstName !== undefined) values.first_name = checkName(changes.firstName, 'first_name');
    if (changes.lastName !== undefined) values.last_name = checkName(changes.lastName, 'last_name');
    if (changes.nickname !== undefined) values.nickname = checkName(changes.nickname, 'nickname') || current.login;
    if (changes.url !== undefined) values.url = checkUrl(changes.url);
    if (changes.description !== undefined) values.description = stripTags(changes.description).trim();
    if (changes.locale !== undefined) values.locale = checkLocale(changes.locale);
    // Hashed last, once every other change is valid (scrypt is deliberately slow).
    if (changes.password !== undefined) values.pass_hash = await hashPassword(changes.password);
    if (Object.keys(values).length > 0) {
      try {
        await db.updateTable('users').set(values).where('id', '=', id).execute();
      } catch (error) {
        throw duplicateError(error, 'update') ?? error;
      }
    }
    const updated = await this.findById(id);
    if (!updated) throw contentError('rest_user_invalid_id');
    return updated;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async verifyPassword(id: number, password: string): Promise<boolean> {
    const { db } = this;
    const row = await db.selectFrom('users').select('pass_hash').where('id', '=', id).executeTakeFirst();
    if (row === undefined) return false;
    if (!isWordPressHash(row.pass_hash)) return verifyPassword(password, row.pass_hash);
    if (!(await verifyWordPressHash(password, row.pass_hash))) return false;
    // A hash brought over from WordPress becomes our own at the first login that proves it.
    const upgraded = await hashPassword(password);
    await db
      .updateTable('users')
      .set({ pass_hash: upgraded })
      .where('id', '=', id)
      .where('pass_hash', '=', row.pass_hash)
      .execute();
    return true;
  }

  async count(): Promise<number> {
    const { total } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}

/** The longest searchable field: a display name (`checkName`'s limit). */
const SEARCH_MAX = 250;

const SEARCH_FIELDS: readonly UserSearchField[] = ['login', 'email', 'url', 'slug', 'display_name'];

const ORDER_COLUMNS = {
  id: 'id',
  name: 'display_name',
  registered_date: 'registered',
  slug: 'slug',
  email: 'email',
  url: 'url',
} as const satisfies Record<Exclude<UserOrderBy, 'include' | 'include_slugs'>, keyof Row>;

/** `case column when v0 then 0 when v1 then 1 … end`: orders rows as the values are listed. */
function positionIn(column: 'id' | 'slug', values: readonly (number | string)[]) {
  // Not a bare `0`: both engines read an integer literal in ORDER BY as a column position.
  if (values.length === 0) return sql<number>`${sql.ref(column)}`;
  const whens = values.map((value, index) => sql`when ${sql.ref(column)} = ${value} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(values.length)} end`;
}

function fromRow(row: Row, roles: RoleCapabilities): User {
  return toUser(
    {
      id: Number(row.id),
      login: row.login,
      email: row.email,
      displayName: row.display_name,
      firstName: row.first_name,
      lastName: row.last_name,
      nickname: row.nickname,
      slug: row.slug,
      url: row.url,
      description: row.description,
      locale: row.locale,
      registered: row.registered,
      roles: parseRoles(row.roles),
    },
    roles,
  );
}

function parseRoles(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

/** `<column> like <pattern> escape '\'`, the same on both engines. */
function like(column: string | Expression<string>, pattern: string): Expression<SqlBool> {
  const target = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${target} like ${pattern} escape '\\'`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Maps a unique-index violation (a concurrent insert won the race) to the original's error. */
function duplicateError(error: unknown, operation: 'create' | 'update'): RestError | undefined {
  const text = error instanceof Error ? `${error.message} ${(error as { constraint?: string }).constraint ?? ''}` : '';
  if (!/unique|duplicate/i.test(text)) return undefined;
  if (/login/.test(text)) return contentError('existing_user_login');
  if (/email/.test(text)) {
    return operation === 'create' ? contentError('existing_user_email') : contentError('rest_user_invalid_email');
  }
  if (/slug/.test(text)) return contentError('rest_user_invalid_slug');
  return undefined;
}
