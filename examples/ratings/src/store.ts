/**
 * The ratings, one row a rated user, in a table the plugin owns. A rating is written with
 * one statement that inserts or replaces it, so two writes never lose each other's row.
 *
 * @module
 */
import type { Kysely } from 'kysely';
import type { RatingsTables } from './migrations.js';

/** Reads and writes the stars given to users. */
export class RatingsStore {
  constructor(private readonly db: Kysely<RatingsTables>) {}

  /** The stars of a user, 0 when nobody rated them. */
  async of(userId: number): Promise<number> {
    const row = await this.db.selectFrom('ratings').select('stars').where('user_id', '=', userId).executeTakeFirst();
    return row === undefined ? 0 : Number(row.stars);
  }

  /** Sets the stars of a user. */
  async set(userId: number, stars: number): Promise<void> {
    await this.db
      .insertInto('ratings')
      .values({ user_id: userId, stars })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ stars }))
      .execute();
  }
}
