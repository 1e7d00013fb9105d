/**
 * The plugin's own table, created by a migration it owns.
 *
 * @module
 */
import type { Migration } from '@cms-json/database';

/** The table's row type, for Kysely. */
export interface RatingsTable {
  user_id: number;
  stars: number;
}

/** The plugin's tables. */
export interface RatingsTables {
  ratings: RatingsTable;
}

/** The migrations of the `ratings` plugin, in order. */
export const migrations: Migration[] = [
  {
    id: '0001-ratings',
    async up(db) {
      await db.schema
        .createTable('ratings')
        .addColumn('user_id', 'integer', (column) => column.primaryKey())
        .addColumn('stars', 'integer', (column) => column.notNull())
        .execute();
    },
  },
];
