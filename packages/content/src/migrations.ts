/**
 * The content package's migrations: the users, sessions and application-password tables,
 * the post-like records with their meta, the site options, and the terms with their meta
 * and their relationships to posts, written once with Kysely for SQLite and PostgreSQL.
 *
 * @module
 */
import { autoIncrementId, type Database, type Dialect, type Migration, runMigrations, trackChanges } from '@cms-json/database';
import { type Kysely, sql } from 'kysely';

/**
 * The owner name under which the content migrations are recorded in `cms_migrations`.
 *
 * @example
 * await appliedMigrations(db, CONTENT_MIGRATIONS_OWNER); // ['0001-users', …]
 */
export const CONTENT_MIGRATIONS_OWNER = 'content';

/** The unique index on `application_passwords (user_id, name)` (migration 0004). */
export const APPLICATION_PASSWORDS_NAME_INDEX = 'application_passwords_user_name_unique';
/** The unique index on `terms (taxonomy, slug)` (migration 0010). */
export const TERMS_SLUG_INDEX = 'terms_taxonomy_slug_unique';

/**
 * The content tables whose writes move their change version (`trackChanges`): every table a
 * read of content shows, not `application_passwords` and `sessions`.
 */
export const CONTENT_TRACKED_TABLES: readonly string[] = [
  'users',
  'posts',
  'post_meta',
  'options',
  'terms',
  'term_meta',
  'term_relationships',
  'comments',
  'comment_meta',
];
/** The length of the `application_passwords.name` column. */
const APPLICATION_PASSWORD_NAME_MAX = 255;

/**
 * A meta table (`post_meta`, `term_meta`): one row per value of a key of an owner row, gone
 * with its owner, indexed by owner and key. The meta tables were made by this one function.
 */
async function createMetaTable(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before any table type exists.
  db: Kysely<any>,
  dialect: Dialect,
  names: { table: string; owner: string; ownerTable: string },
): Promise<void> {
  const { table, owner, ownerTable } = names;
  await db.schema
    .createTable(table)
    .$call((builder) => autoIncrementId(builder, dialect))
    .addColumn(owner, 'integer', (col) => col.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
    .addColumn('meta_key', 'varchar(255)', (col) => col.notNull())
    .addColumn('meta_value', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex(`${table}_${owner.replace(/_id$/, '')}_key`)
    .on(table)
    .columns([owner, 'meta_key'])
    .execute();
}

/**
 * The schema of `@cms-json/content`, in order. Released ids never change; new changes are
 * appended.
 *
 * @example
 * await runMigrations(db, { owner: CONTENT_MIGRATIONS_OWNER, migrations: contentMigrations });
 */
export const contentMigrations: readonly Migration[] = [
  {
    id: '0001-users',
    async up(db, { dialect }) {
      await db.schema
        .createTable('users')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('login', 'varchar(60)', (col) => col.notNull())
        .addColumn('pass_hash', 'varchar(255)', (col) => col.notNull())
        .addColumn('email', 'varchar(100)', (col) => col.notNull())
        .addColumn('display_name', 'varchar(250)', (col) => col.notNull().defaultTo(''))
        .addColumn('first_name', 'varchar(250)', (col) => col.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(250)', (col) => col.notNull().defaultTo(''))
        .addColumn('nickname', 'varchar(250)', (col) => col.notNull().defaultTo(''))
        .addColumn('slug', 'varchar(50)', (col) => col.notNull().unique())
        .addColumn('url', 'varchar(100)', (col) => col.notNull().defaultTo(''))
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('locale', 'varchar(20)', (col) => col.notNull().defaultTo(''))
        .addColumn('registered', 'varchar(32)', (col) => col.notNull())
        .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      // Logins and emails are unique whatever their case, as in WordPress (MySQL compares them
      // case-insensitively); an index on lower(…) gives that on both engines.
      await db.schema.createIndex('users_login_unique').on('users').unique().expression(sql`lower(login)`).execute();
      await db.schema.createIndex('users_email_unique').on('users').unique().expression(sql`lower(email)`).execute();
    },
  },
  {
    id: '0002-application-passwords',
    async up(db) {
      await db.schema
        .createTable('application_passwords')
        .addColumn('uuid', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_id', 'varchar(36)', (col) => col.notNull().defaultTo(''))
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('created', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_used', 'varchar(32)')
        .addColumn('last_ip', 'varchar(45)')
        .execute();
      await db.schema.createIndex('application_passwords_user').on('application_passwords').column('user_id').execute();
    },
  },
  {
    id: '0003-sessions',
    async up(db) {
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires').execute();
    },
  },
  {
    // Application-password names are unique per user in the database itself, so two
    // concurrent creates cannot both pass the store's check. Names duplicated before this
    // migration (by that race) are renamed "name (2)", "name (3)" … — the oldest keeps its
    // name, and no password is revoked.
    id: '0004-application-passwords-unique-name',
    async up(db) {
      const rows: { uuid: string; user_id: number | string; name: string }[] = await db
        .selectFrom('application_passwords')
        .select(['uuid', 'user_id', 'name'])
        .orderBy('user_id')
        .orderBy('created')
        .orderBy('uuid')
        .execute();
      const taken = new Set(rows.map((row) => `${row.user_id}\u0000${row.name}`));
      const seen = new Set<string>();
      for (const row of rows) {
        const key = `${row.user_id}\u0000${row.name}`;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        let renamed = key;
        let name = row.name;
        for (let suffix = 2; taken.has(renamed); suffix += 1) {
          const tail = ` (${suffix})`;
          name = `${row.name.slice(0, APPLICATION_PASSWORD_NAME_MAX - tail.length)}${tail}`;
          renamed = `${row.user_id}\u0000${name}`;
        }
        taken.add(renamed);
        seen.add(renamed);
        await db.updateTable('application_passwords').set({ name }).where('uuid', '=', row.uuid).execute();
      }
      await db.schema
        .createIndex(APPLICATION_PASSWORDS_NAME_INDEX)
        .on('application_passwords')
        .unique()
        .columns(['user_id', 'name'])
        .execute();
    },
  },
  {
    // One table of post-like records for every post type (revisions and attachments
    // included): a custom type needs no migration. Dates are `YYYY-MM-DDTHH:MM:SS`, local
    // time (the site's timezone) and GMT, so they sort as text on both engines.
    id: '0005-posts',
    async up(db, { dialect }) {
      await db.schema
        .createTable('posts')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('type', 'varchar(20)', (col) => col.notNull())
        .addColumn('status', 'varchar(20)', (col) => col.notNull())
        .addColumn('author', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('parent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('menu_order', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('slug', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('excerpt', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('password', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('comment_status', 'varchar(20)', (col) => col.notNull().defaultTo('open'))
        .addColumn('ping_status', 'varchar(20)', (col) => col.notNull().defaultTo('open'))
        .addColumn('template', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('format', 'varchar(20)', (col) => col.notNull().defaultTo('standard'))
        .addColumn('date', 'varchar(19)', (col) => col.notNull())
        .addColumn('date_gmt', 'varchar(19)', (col) => col.notNull())
        .addColumn('modified', 'varchar(19)', (col) => col.notNull())
        .addColumn('modified_gmt', 'varchar(19)', (col) => col.notNull())
        .addColumn('guid', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('comment_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('mime_type', 'varchar(100)', (col) => col.notNull().defaultTo(''))
        .execute();
      // The list queries: a type's records by status and date (the default order), by slug,
      // by author and by parent (pages, revisions, attachments).
      await db.schema.createIndex('posts_type_status_date').on('posts').columns(['type', 'status', 'date_gmt', 'id']).execute();
      await db.schema.createIndex('posts_type_slug').on('posts').columns(['type', 'slug']).execute();
      await db.schema.createIndex('posts_author').on('posts').columns(['author', 'type', 'status']).execute();
      await db.schema.createIndex('posts_parent').on('posts').columns(['parent', 'type']).execute();
    },
  },
  {
    id: '0006-post-meta',
    up: (db, { dialect }) => createMetaTable(db, dialect, { table: 'post_meta', owner: 'post_id', ownerTable: 'posts' }),
  },
  {
    // Site options (title, description, timezone, sticky posts, permalink base, …): one
    // JSON value per name.
    id: '0007-options',
    async up(db) {
      await db.schema
        .createTable('options')
        .addColumn('name', 'varchar(191)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  },
  {
    // Terms of every taxonomy. A slug is unique in its taxonomy; `count` is kept by the
    // term store in the transaction that changes a relationship. The default category
    // ("Uncategorized") exists from the start, as in WordPress.
    id: '0010-terms',
    async up(db, { dialect }) {
      await db.schema
        .createTable('terms')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('taxonomy', 'varchar(32)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('slug', 'varchar(200)', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('parent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('term_group', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex(TERMS_SLUG_INDEX).on('terms').unique().columns(['taxonomy', 'slug']).execute();
      await db.schema.createIndex('terms_taxonomy_parent').on('terms').columns(['taxonomy', 'parent']).execute();
      await db
        .insertInto('terms')
        .values({ taxonomy: 'category', name: 'Uncategorized', slug: 'uncategorized', description: '' })
        .execute();
    },
  },
  {
    id: '0011-term-meta',
    up: (db, { dialect }) => createMetaTable(db, dialect, { table: 'term_meta', owner: 'term_id', ownerTable: 'terms' }),
  },
  {
    // Which objects (posts of any type) carry which terms. `counted` says whether the object
    // counts towards its terms' `count` (a published post does).
    id: '0012-term-relationships',
    async up(db) {
      await db.schema
        .createTable('term_relationships')
        .addColumn('object_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('term_id', 'integer', (col) => col.notNull().references('terms.id').onDelete('cascade'))
        .addColumn('counted', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('term_relationships_pk', ['object_id', 'term_id'])
        .execute();
      await db.schema.createIndex('term_relationships_term').on('term_relationships').columns(['term_id', 'object_id']).execute();
    },
  },
  {
    // Comments on post-like records, as WordPress keeps them: `approved` is '1' (approved),
    // '0' (held), 'spam' or 'trash'; `post_id` and `parent` are 0 when there is none, and a
    // post's `comment_count` counts its approved comments. Dates as the posts' (local, GMT).
    id: '0020-comments',
    async up(db, { dialect }) {
      await db.schema
        .createTable('comments')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('post_id', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('author_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('author_email', 'varchar(100)', (col) => col.notNull().defaultTo(''))
        .addColumn('author_url', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .addColumn('author_ip', 'varchar(100)', (col) => col.notNull().defaultTo(''))
        .addColumn('date', 'varchar(19)', (col) => col.notNull())
        .addColumn('date_gmt', 'varchar(19)', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('karma', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('approved', 'varchar(20)', (col) => col.notNull().defaultTo('1'))
        .addColumn('agent', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('type', 'varchar(20)', (col) => col.notNull().defaultTo('comment'))
        .addColumn('parent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('comments_post_approved').on('comments').columns(['post_id', 'approved', 'date_gmt']).execute();
      await db.schema.createIndex('comments_approved_date').on('comments').columns(['approved', 'date_gmt']).execute();
      await db.schema.createIndex('comments_parent').on('comments').column('parent').execute();
      await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();
      await db.schema.createIndex('comments_author_email').on('comments').column('author_email').execute();
      await createMetaTable(db, dialect, { table: 'comment_meta', owner: 'comment_id', ownerTable: 'comments' });
    },
  },
  {
    // Change versions of the tables answers are made of (not the sign-in tables, written on
    // every sign-in and never shown by a read of content): the posts' ETags come from them
    // (docs/caching.md). The index finds the scheduled records whose date passed.
    id: '0030-change-versions',
    async up(db, { dialect }) {
      await trackChanges(db, { tables: CONTENT_TRACKED_TABLES, dialect });
      await db.schema.createIndex('posts_status_date').on('posts').columns(['status', 'date_gmt']).execute();
    },
  },
  {
    // A type's records in the lists' default order (newest first, ties by id), with what the
    // status test reads: a page of the list walks the index and stops after its records,
    // where it sorted every record of the type before (5,000 posts: 8.4 ms a page, 75 µs
    // with it; a page of drafts 1.3 ms, 165 µs).
    id: '0031-posts-list-order',
    async up(db) {
      await db.schema
        .createIndex('posts_type_date_id')
        .on('posts')
        .columns(['type', 'date desc', 'id asc', 'status', 'date_gmt'])
        .execute();
    },
  },
  {
    // A term's count is the number of its counted relationships (published records): read
    // from this index it costs the count, where it walked every relationship of the term
    // before, drafts included (1,500 drafts in a category: 62 µs a recount, 1.3 µs with it;
    // each post write recounts its terms).
    id: '0032-term-counts',
    async up(db) {
      await db.schema
        .createIndex('term_relationships_counted')
        .on('term_relationships')
        .columns(['term_id', 'counted'])
        .execute();
    },
  },
  {
    // A record's `guid` is its file's address for an upload: the site's address, the uploads
    // path and a file name of up to 255 bytes (issue 33: names are cut by bytes) do not fit in
    // 255 characters. PostgreSQL enforces the length (an upload with a long name was a 500);
    // SQLite never did.
    id: '0033-posts-guid-text',
    async up(db, { dialect }) {
      if (dialect !== 'postgres') return;
      await sql`alter table posts alter column guid type text`.execute(db);
    },
  },
  {
    // User meta: the block editor's `persisted_preferences` (issue 36), one row a value as
    // the other meta tables. Not change-tracked: no answer with a validator shows it.
    id: '0034-user-meta',
    up: (db, { dialect }) => createMetaTable(db, dialect, { table: 'user_meta', owner: 'user_id', ownerTable: 'users' }),
  },
];

/**
 * Brings the content tables up to date; returns the ids of the migrations it applied.
 *
 * @example
 * const database = openDatabase<ContentTables>({ url: 'sqlite:./data/site.db' });
 * await migrateContent(database);
 */
export function migrateContent<DB>(database: Database<DB>): Promise<string[]> {
  return runMigrations(database, { owner: CONTENT_MIGRATIONS_OWNER, migrations: contentMigrations });
}
