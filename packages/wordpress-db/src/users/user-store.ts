/**
 * `WordPressUserStore`: content's `UserStore` over WordPress's own `<prefix>users` and
 * `<prefix>usermeta`, read as WordPress's `WP_User` reads them and written as
 * `wp_insert_user`, `wp_update_user` and `wp_delete_user` write them, so WordPress's own PHP
 * keeps working on the same users (phpass password hashes, `<prefix>capabilities`,
 * `<prefix>user_level`, the meta rows of a new user).
 *
 * @module
 */
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
  contentError,
  DEFAULT_ROLE,
  defaultDisplayName,
  isWordPressHash,
  type NewUser,
  RoleCapabilities,
  type Roles,
  SLUG_MAX,
  slugFromLogin,
  stripTags,
  toUser,
  type User,
  type UserChanges,
  type UserOrderBy,
  type UserPage,
  type UserQuery,
  type UserSearchField,
  type UserStore,
  verifyWordPressHash,
} from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import { hashWordPressPassword } from '../auth/phpass.js';
import type { WordPressDatabase } from '../connection.js';
import { fromWordPressDate, toWordPressDate } from '../dates.js';
import { maybeSerialize, maybeUnserialize, type PhpValue } from '../php-serialized.js';
import type { WordPressTables, WpUsersTable } from '../tables.js';
import { getOption } from '../wordpress-options.js';
import { phpTruthy, userLevel } from './roles.js';
import { updateUserMeta, userMetaOf } from './usermeta.js';

/**
 * Options of {@link WordPressUserStore}.
 *
 * @example
 * const options: WordPressUserStoreOptions = { roles: await readWordPressRoles(wordpress) };
 */
export interface WordPressUserStoreOptions {
  /** The site's roles (`readWordPressRoles`). */
  roles: Roles;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * A read-only site (a database user with `SELECT` only): a login with an old MD5 hash is not
   * upgraded to a phpass one. Other writes are refused before the store. @default false
   */
  readOnly?: boolean | undefined;
}

/** The columns of `<prefix>users` read back: every one but the hash and the activation key. */
const USER_COLUMNS = ['ID', 'user_login', 'user_email', 'user_url', 'user_nicename', 'user_registered', 'display_name'] as const;

type Row = Pick<Selectable<WpUsersTable>, (typeof USER_COLUMNS)[number]>;

/** The longest searchable field: a display name (content's `checkName` limit). */
const SEARCH_MAX = 250;

const SEARCH_COLUMNS = {
  login: 'user_login',
  email: 'user_email',
  url: 'user_url',
  slug: 'user_nicename',
  display_name: 'display_name',
} as const satisfies Record<UserSearchField, keyof Row>;

const ORDER_COLUMNS = {
  id: 'ID',
  name: 'display_name',
  registered_date: 'user_registered',
  slug: 'user_nicename',
  email: 'user_email',
  url: 'user_url',
} as const satisfies Record<Exclude<UserOrderBy, 'include' | 'include_slugs'>, keyof Row>;

/**
 * The user store over a WordPress database. Roles come from the caller (`readWordPressRoles`);
 * a user's roles are the keys of their `<prefix>capabilities` that are roles, the other keys
 * their own grants (`User.grants`).
 *
 * @example
 * const users = new WordPressUserStore(wordpress, { roles: await readWordPressRoles(wordpress) });
 * const admin = await users.findByLogin('admin');
 * admin?.can('manage_options'); // true
 */
export class WordPressUserStore implements UserStore {
  readonly roles: Roles;
  /** The database the users are kept in. */
  readonly database: Database<WordPressTables>;
  /** The site's table prefix, which names the capabilities and user-level meta keys. */
  readonly prefix: string;
  /** The capability sets of the site's roles: users of the same roles share one. */
  protected readonly capabilities: RoleCapabilities;
  /** The clock, in milliseconds since the epoch. */
  protected readonly now: () => number;
  /** No writes at login (see {@link WordPressUserStoreOptions.readOnly}). */
  protected readonly readOnly: boolean;

  constructor(wordpress: Pick<WordPressDatabase, 'database' | 'prefix'>, options: WordPressUserStoreOptions) {
    this.database = wordpress.database;
    this.prefix = wordpress.prefix;
    this.roles = options.roles;
    this.capabilities = new RoleCapabilities(options.roles);
    this.now = options.now ?? Date.now;
    this.readOnly = options.readOnly === true;
  }

  /** `<prefix>capabilities`: the user's roles and own capabilities, PHP-serialized. */
  get capabilitiesKey(): string {
    return `${this.prefix}capabilities`;
  }

  /** `<prefix>user_level`: the legacy level of the user's roles. */
  get userLevelKey(): string {
    return `${this.prefix}user_level`;
  }

  /** A select of the users' columns but the hash. */
  protected select() {
    return this.database.db.selectFrom('users').select(USER_COLUMNS);
  }

  /** The users of some rows, with the meta that completes them, in the rows' order. */
  protected async users(rows: readonly Row[]): Promise<User[]> {
    if (rows.length === 0) return [];
    const keys = ['first_name', 'last_name', 'nickname', 'description', 'locale', this.capabilitiesKey];
    const meta = await userMetaOf(
      this.database,
      rows.map((row) => Number(row.ID)),
      keys,
    );
    return rows.map((row) => this.fromRow(row, meta.get(Number(row.ID)) ?? new Map()));
  }

  /** The first user a select finds. */
  protected async first(query: ReturnType<WordPressUserStore['select']>): Promise<User | undefined> {
    const row = await query.limit(1).executeTakeFirst();
    return row === undefined ? undefined : (await this.users([row]))[0];
  }

  /** A user from their row and meta, as `WP_User` reads them. */
  protected fromRow(row: Row, meta: ReadonlyMap<string, string>): User {
    const { roles, grants } = this.splitCapabilities(maybeUnserialize(meta.get(this.capabilitiesKey) ?? ''));
    const registered = fromWordPressDate(row.user_registered);
    return toUser(
      {
        id: Number(row.ID),
        login: row.user_login,
        email: row.user_email,
        displayName: row.display_name,
        firstName: meta.get('first_name') ?? '',
        lastName: meta.get('last_name') ?? '',
        nickname: meta.get('nickname') ?? '',
        slug: row.user_nicename,
        url: row.user_url,
        description: meta.get('description') ?? '',
        locale: meta.get('locale') ?? '',
        registered: registered === '' ? '0000-00-00T00:00:00.000Z' : `${registered}.000Z`,
        roles,
        ...(Object.keys(grants).length > 0 ? { grants } : {}),
      },
      this.capabilities,
    );
  }

  /**
   * A `<prefix>capabilities` value as `WP_User::get_role_caps` reads it: the keys that are
   * roles are the roles (whatever their value); the other keys are the user's own grants, held
   * when their value is not PHP-empty. A role key with an empty value is denied as a capability.
   */
  protected splitCapabilities(value: PhpValue): { roles: string[]; grants: Record<string, boolean> } {
    const roles: string[] = [];
    const grants: Record<string, boolean> = {};
    if (value === null || typeof value !== 'object') return { roles, grants };
    const entries: [string, PhpValue][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    for (const [key, granted] of entries) {
      if (Object.hasOwn(this.roles, key)) {
        roles.push(key);
        if (!phpTruthy(granted)) grants[key] = false;
      } else {
        grants[key] = phpTruthy(granted);
      }
    }
    return { roles, grants };
  }

  /** The raw `<prefix>capabilities` of a user, as a map (empty when absent or malformed). */
  protected async storedCapabilities(id: number): Promise<Record<string, PhpValue>> {
    const meta = await userMetaOf(this.database, [id], [this.capabilitiesKey]);
    const value = maybeUnserialize(meta.get(id)?.get(this.capabilitiesKey) ?? '');
    if (value === null || typeof value !== 'object') return {};
    return Array.isArray(value) ? Object.fromEntries(value.map((item, index) => [String(index), item])) : { ...value };
  }

  /**
   * Stores a user's roles as `WP_User::set_role` and `add_role` do: the old roles' keys removed,
   * the user's own grants kept, each new role `true`; then `<prefix>user_level` from the
   * capabilities (`update_user_level_from_caps`).
   */
  protected async writeRoles(id: number, roleNames: readonly string[]): Promise<void> {
    const current = await this.storedCapabilities(id);
    const caps: Record<string, PhpValue> = {};
    for (const [key, value] of Object.entries(current)) if (!Object.hasOwn(this.roles, key)) caps[key] = value;
    for (const role of roleNames) caps[role] = true;
    await updateUserMeta(this.database, id, this.capabilitiesKey, maybeSerialize(caps));
    await updateUserMeta(this.database, id, this.userLevelKey, String(this.levelOf(roleNames, Object.keys(caps))));
  }

  /** `update_user_level_from_caps`: the highest `level_N` among the roles' capabilities and the user's own keys. */
  protected levelOf(roleNames: readonly string[], ownKeys: readonly string[]): number {
    const own = ownKeys.filter((key) => /^level_(10|[0-9])$/.test(key)).map((key) => Number(key.slice(6)));
    return Math.max(userLevel(roleNames, this.roles), ...own);
  }

  /**
   * `base`, or `base-2`, `base-3` …: the first nicename no other login has, as `wp_insert_user`
   * makes it unique.
   */
  protected async uniqueSlug(base: string, login: string): Promise<string> {
    const taken = new Set(
      (
        await this.database.db
          .selectFrom('users')
          .select('user_nicename')
          .where('user_login', '!=', login)
          .where((eb) => eb.or([eb('user_nicename', '=', base), like('user_nicename', `${escapeLike(base)}-%`)]))
          .execute()
      ).map((row) => row.user_nicename.toLowerCase()),
    );
    if (!taken.has(base.toLowerCase())) return base;
    for (let suffix = 2; suffix < 100_000; suffix += 1) {
      const tail = `-${suffix}`;
      const candidate = `${base.slice(0, SLUG_MAX - tail.length)}${tail}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
    throw contentError('rest_user_invalid_slug');
  }

  /** The site's `default_role` option when it names a role (as `wp_insert_user` gives a new user), else `subscriber`. */
  protected async defaultRole(): Promise<string> {
    const value = await getOption(this.database, 'default_role');
    return typeof value === 'string' && Object.hasOwn(this.roles, value) ? value : DEFAULT_ROLE;
  }

  async create(input: NewUser): Promise<User> {
    const login = checkLogin(input.login);
    const email = checkEmail(input.email);
    const imported = input.passwordHash;
    if (imported !== undefined && !isWordPressHash(imported)) throw contentError('rest_invalid_param.password_hash');
    if (imported === undefined) checkPassword(input.password ?? '');
    const roleNames = checkRoles(input.roles ?? [await this.defaultRole()], this.roles);
    const firstName = checkName(input.firstName, 'first_name');
    const lastName = checkName(input.lastName, 'last_name');
    const displayName = checkName(input.displayName, 'display_name') || defaultDisplayName(login, firstName, lastName);
    const nickname = checkName(input.nickname, 'nickname') || login;
    const url = checkUrl(input.url);
    const description = stripTags(input.description ?? '').trim();
    const locale = checkLocale(input.locale);
    const registered = toWordPressDate(checkRegistered(input.registered, this.now));
    const slugBase = input.slug ? checkSlug(input.slug) : slugFromLogin(login);
    return this.database.transaction(async () => {
      if (await this.findByLogin(login)) throw contentError('existing_user_login');
      if (await this.findByEmail(email)) throw contentError('existing_user_email');
      const slug = await this.uniqueSlug(slugBase, login);
      const result = await this.database.db
        .insertInto('users')
        .values({
          user_login: login,
          user_pass: imported ?? hashWordPressPassword(input.password ?? ''),
          user_nicename: slug,
          user_email: email,
          user_url: url,
          user_registered: registered,
          user_activation_key: '',
          user_status: 0,
          display_name: displayName,
        })
        .executeTakeFirstOrThrow();
      const id = Number(result.insertId);
      // The rows `wp_insert_user` writes for a new user, in its order; then `set_role`'s.
      const meta: [string, string][] = [
        ['nickname', nickname],
        ['first_name', firstName],
        ['last_name', lastName],
        ['description', description],
        ['rich_editing', 'true'],
        ['syntax_highlighting', 'true'],
        ['comment_shortcuts', 'false'],
        ['admin_color', 'fresh'],
        ['use_ssl', '0'],
        ['show_admin_bar_front', 'true'],
        ['locale', locale],
        [this.capabilitiesKey, maybeSerialize(Object.fromEntries(roleNames.map((role) => [role, true])))],
        [this.userLevelKey, String(this.levelOf(roleNames, []))],
        ['dismissed_wp_pointers', ''],
      ];
      await this.database.db
        .insertInto('usermeta')
        .values(meta.map(([meta_key, meta_value]) => ({ user_id: id, meta_key, meta_value })))
        .execute();
      const user = await this.findById(id);
      if (user === undefined) throw contentError('rest_user_invalid_id');
      return user;
    });
  }

  findById(id: number): Promise<User | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve(undefined);
    return this.first(this.select().where('ID', '=', id));
  }

  async findByIds(ids: readonly number[]): Promise<User[]> {
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return [];
    return this.users(await this.select().where('ID', 'in', wanted).execute());
  }

  findByLogin(login: string): Promise<User | undefined> {
    // The column's collation compares without case, as WordPress's `get_user_by( 'login' )`.
    return this.first(this.select().where('user_login', '=', login.trim()).orderBy('ID'));
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.first(this.select().where('user_email', '=', email.trim()).orderBy('ID'));
  }

  findBySlug(slug: string): Promise<User | undefined> {
    return this.first(this.select().where('user_nicename', '=', slug).orderBy('ID'));
  }

  async list(query: UserQuery = {}): Promise<UserPage> {
    const perPage = Math.max(1, Math.trunc(query.perPage ?? 10));
    const offset = Math.max(0, Math.trunc(query.offset ?? (Math.max(1, Math.trunc(query.page ?? 1)) - 1) * perPage));
    const capabilitiesKey = this.capabilitiesKey;
    const filtered = this.database.db.selectFrom('users').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.include) conditions.push(query.include.length ? eb('ID', 'in', [...query.include]) : eb.lit(false));
      if (query.exclude?.length) conditions.push(eb('ID', 'not in', [...query.exclude]));
      if (query.slugs) conditions.push(query.slugs.length ? eb('user_nicename', 'in', [...query.slugs]) : eb.lit(false));
      if (query.roles) {
        // WordPress's role query: the serialized capabilities hold the quoted role name
        // (`LIKE '%"editor"%'`, which `"xeditor"` does not match).
        const roles = query.roles;
        conditions.push(
          roles.length === 0
            ? eb.lit(false)
            : eb.exists(
                eb
                  .selectFrom('usermeta as m')
                  .select('m.umeta_id')
                  .whereRef('m.user_id', '=', 'users.ID')
                  .where('m.meta_key', '=', capabilitiesKey)
                  .where((inner) => inner.or(roles.map((role) => like('m.meta_value', `%${escapeLike(`"${role}"`)}%`)))),
              ),
        );
      }
      const search = query.search?.trim();
      // A term longer than any searchable field matches nothing; it is not sent to the database.
      if (search && search.length > SEARCH_MAX) conditions.push(eb.lit(false));
      else if (search) {
        const pattern = `%${escapeLike(search)}%`;
        const fields = query.searchIn ?? (Object.keys(SEARCH_COLUMNS) as UserSearchField[]);
        // The columns' collation compares without case or accents, as WordPress's search.
        conditions.push(eb.or(fields.map((field) => like(SEARCH_COLUMNS[field], pattern))));
      }
      return eb.and(conditions);
    });
    const direction = query.order === 'desc' ? 'desc' : 'asc';
    const orderBy = query.orderBy ?? 'name';
    const sorted =
      orderBy === 'include'
        ? positionIn('ID', query.include ?? [])
        : orderBy === 'include_slugs'
          ? positionIn('user_nicename', query.slugs ?? [])
          : sql.ref<string>(ORDER_COLUMNS[orderBy]);
    const [rows, counted] = await Promise.all([
      filtered.select(USER_COLUMNS).orderBy(sorted, direction).orderBy('ID', direction).limit(perPage).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { users: await this.users(rows), total: Number(counted.total) };
  }

  async update(id: number, changes: UserChanges): Promise<User> {
    const current = await this.findById(id);
    if (!current) throw contentError('rest_user_invalid_id');
    const columns: Partial<Pick<Selectable<WpUsersTable>, 'user_email' | 'user_nicename' | 'user_url' | 'display_name'>> = {};
    const meta: [string, string][] = [];
    let email: string | undefined;
    if (changes.email !== undefined) {
      email = checkEmail(changes.email);
      if (email !== current.email) columns.user_email = email;
    }
    let slug: string | undefined;
    if (changes.slug !== undefined && changes.slug !== current.slug) {
      slug = checkSlug(changes.slug);
      columns.user_nicename = slug;
    }
    if (changes.password !== undefined) checkPassword(changes.password);
    const roleNames = changes.roles === undefined ? undefined : checkRoles(changes.roles, this.roles);
    if (changes.displayName !== undefined) {
      columns.display_name = checkName(changes.displayName, 'display_name') || current.login;
    }
    if (changes.firstName !== undefined) meta.push(['first_name', checkName(changes.firstName, 'first_name')]);
    if (changes.lastName !== undefined) meta.push(['last_name', checkName(changes.lastName, 'last_name')]);
    if (changes.nickname !== undefined) meta.push(['nickname', checkName(changes.nickname, 'nickname') || current.login]);
    if (changes.url !== undefined) columns.user_url = checkUrl(changes.url);
    if (changes.description !== undefined) meta.push(['description', stripTags(changes.description).trim()]);
    if (changes.locale !== undefined) meta.push(['locale', checkLocale(changes.locale)]);
    await this.database.transaction(async () => {
      if (email !== undefined) {
        const owner = await this.findByEmail(email);
        if (owner && owner.id !== id) throw contentError('rest_user_invalid_email');
      }
      if (slug !== undefined) {
        const owner = await this.findBySlug(slug);
        if (owner && owner.id !== id) throw contentError('rest_user_invalid_slug');
      }
      const values: Partial<Selectable<WpUsersTable>> = { ...columns };
      if (changes.password !== undefined) values.user_pass = hashWordPressPassword(changes.password);
      // `wp_insert_user` forgets a pending password reset when the email or the password changes.
      if (values.user_pass !== undefined || values.user_email !== undefined) values.user_activation_key = '';
      if (Object.keys(values).length > 0) await this.database.db.updateTable('users').set(values).where('ID', '=', id).execute();
      for (const [key, value] of meta) await updateUserMeta(this.database, id, key, value);
      if (roleNames !== undefined) await this.writeRoles(id, roleNames);
    });
    const updated = await this.findById(id);
    if (!updated) throw contentError('rest_user_invalid_id');
    return updated;
  }

  async delete(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id <= 0) return false;
    return this.database.transaction(async () => {
      // `wp_delete_user`: the meta rows (sessions and application passwords among them), then the user.
      await this.database.db.deleteFrom('usermeta').where('user_id', '=', id).execute();
      const result = await this.database.db.deleteFrom('users').where('ID', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  async verifyPassword(id: number, password: string): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id <= 0) return false;
    const row = await this.database.db.selectFrom('users').select('user_pass').where('ID', '=', id).executeTakeFirst();
    if (row === undefined || !isWordPressHash(row.user_pass)) return false;
    if (!(await verifyWordPressHash(password, row.user_pass))) return false;
    // WordPress's `wp_check_password` upgrades a matching MD5 hash (32 hex digits, very old
    // rows) to a phpass one; every other kind stays as it is.
    if (row.user_pass.length <= 32 && !this.readOnly) {
      await this.database.db
        .updateTable('users')
        .set({ user_pass: hashWordPressPassword(password), user_activation_key: '' })
        .where('ID', '=', id)
        .where('user_pass', '=', row.user_pass)
        .execute();
    }
    return true;
  }

  async count(): Promise<number> {
    const { total } = await this.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}

/** `field(column, v0, v1, …)`-like order: rows as the values are listed, the others after. */
function positionIn(column: 'ID' | 'user_nicename', values: readonly (number | string)[]) {
  if (values.length === 0) return sql<number>`${sql.ref(column)}`;
  const whens = values.map((value, index) => sql`when ${sql.ref(column)} = ${value} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(values.length)} end`;
}

/**
 * `<column> like <pattern> escape '!'`: `!` rather than a backslash, which MySQL's string
 * literals would read as an escape themselves.
 */
function like(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}

/** A literal text for {@link like}: `%`, `_` and `!` escaped with `!`. */
function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (char) => `!${char}`);
}
