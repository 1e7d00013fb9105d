/**
 * The plugin's own table, created by a migration it owns.
 *
 * @module
 */
import { autoIncrementId, type Migration, trackChanges } from '@cms-json/database';

/** The table's row type, for Kysely. */
export interface OutgoingLinksTable {
  id: import('kysely').Generated<number>;
  title: string;
  slug: string;
  link: string;
  count: import('kysely').ColumnType<number, number | undefined, number>;
}

/** The plugin's tables. */
export interface OutgoingLinksTables {
  outgoing_links: OutgoingLinksTable;
}

/** The migrations of the `tel` plugin, in order. */
export const migrations: Migration[] = [
  {
    id: '0001-outgoing-links',
    async up(db, { dialect }) {
      await db.schema
        .createTable('outgoing_links')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('title', 'varchar(100)', (column) => column.notNull())
        .addColumn('slug', 'varchar(100)', (column) => column.notNull())
        .addColumn('link', 'text', (column) => column.notNull())
        .addColumn('count', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('outgoing_links_slug').on('outgoing_links').column('slug').execute();
    },
  },
  {
    // A change version for the table, bumped by triggers on every write (clicks included), so
    // the routes' ETags come from it and a revalidated GET is answered without building the
    // body (docs/caching.md).
    id: '0002-track-changes',
    up: (db, { dialect }) => trackChanges(db, { tables: ['outgoing_links'], dialect }),
  },
];
