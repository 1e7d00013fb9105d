/**
 * Which objects carry which terms, written: a term's `count` is recomputed by SQL in the
 * transaction that changes its relationships, with the term's row locked first (PostgreSQL;
 * SQLite runs one transaction at a time): it is exact however many writes run at once, and
 * never read, changed and written back by the application. Inside a longer PostgreSQL
 * transaction (a post write, an atomic batch), the terms it touched are locked and recounted
 * once, together, just before it commits (no deadlock between writes).
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { Kysely, Transaction } from 'kysely';
import type { ContentTables } from '../tables.js';

type Db = Kysely<ContentTables>;

/** The key of the terms to recount at the end of a transaction (see `beforeCommit`). */
const RECOUNT_AT_COMMIT = {};

/**
 * The writes of a term store that change relationships, each recounting the terms it touches
 * (a `TermStore` gives them; named here so the store and this file need not import each other).
 */
export interface RelationshipWrites {
  /** Sets an object's terms of one taxonomy; `counted` says whether the object counts towards them. */
  setObjectTerms(objectId: number, taxonomy: string, termIds: readonly number[], options: { counted: boolean }): Promise<void>;
  /** Says whether an object counts towards its terms (it is published); recounts its terms. */
  setObjectCounted(objectId: number, counted: boolean): Promise<void>;
  /** Removes every relationship of an object (it was deleted); recounts its terms. */
  removeObject(objectId: number): Promise<void>;
}

/**
 * The relationship writes over a content database.
 *
 * @example
 * const writes = relationshipWrites(database);
 * await writes.setObjectTerms(12, 'post_tag', [3, 5], { counted: true });
 */
export function relationshipWrites(database: Database<ContentTables>): RelationshipWrites {
  const { db } = database;
  const postgres = database.dialect === 'postgres';

  /**
   * Locks the rows of these terms until the transaction ends, in id order and in one
   * statement, so that no two writers deadlock. `FOR NO KEY UPDATE`, the lock the recount's
   * `UPDATE` takes anyway: it does not wait for the key-share locks that other writers'
   * new relationships hold on the same terms (their foreign keys), only for other recounts.
   */
  async function lock(trx: Db, ids: readonly number[]): Promise<void> {
    if (!postgres || ids.length === 0) return;
    await trx
      .selectFrom('terms')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  }

  /** Sets each term's count from its counted relationships, in SQL. */
  async function recount(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('terms')
      .set({
        count: (eb) =>
          eb
            .selectFrom('term_relationships')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('term_relationships.term_id', '=', 'terms.id')
            .where('term_relationships.counted', '=', 1),
      })
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * The terms to recount at the end of the PostgreSQL transaction open here (a post write,
   * an atomic batch), if any: their rows are locked once, all together and in id order, just
   * before the commit. Locked as each change came, they would be locked in the order of the
   * write's steps (a post's tags, then its categories when it is published …), and two writes
   * holding one term each while waiting for the other's deadlocked.
   */
  const pendingRecount = () =>
    postgres
      ? database.beforeCommit(RECOUNT_AT_COMMIT, () => {
          const ids = new Set<number>();
          return {
            ids,
            beforeCommit: async () => {
              const sorted = [...ids].sort((a, b) => a - b);
              await lock(db, sorted);
              await recount(db, sorted);
            },
          };
        })
      : undefined;

  /**
   * Changes relationships, then recounts every term they touch: under the locks of those
   * terms in a transaction of its own, or, inside a PostgreSQL transaction opened by
   * `Database.transaction`, at its end ({@link pendingRecount}).
   */
  function changeRelationships(
    touched: (trx: Transaction<ContentTables>) => Promise<number[]>,
    change: (trx: Transaction<ContentTables>) => Promise<void>,
  ): Promise<void> {
    return db.transaction().execute(async (trx) => {
      const ids = [...new Set(await touched(trx))].sort((a, b) => a - b);
      // No term touched: the change has no row to write.
      if (ids.length === 0) return;
      const pending = pendingRecount();
      if (pending !== undefined) {
        await change(trx);
        for (const id of ids) pending.ids.add(id);
        return;
      }
      await lock(trx, ids);
      await change(trx);
      await recount(trx, ids);
    });
  }

  const termIdsOfObject = async (trx: Transaction<ContentTables>, objectId: number) =>
    (await trx.selectFrom('term_relationships').select('term_id').where('object_id', '=', objectId).execute()).map((row) =>
      Number(row.term_id),
    );

  return {
    setObjectTerms(objectId, taxonomy, termIds, { counted }) {
      const wanted = [...new Set(termIds)];
      let current: number[] = [];
      return changeRelationships(
        async (trx) => {
          current = (
            await trx
              .selectFrom('term_relationships')
              .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
              .select('term_relationships.term_id')
              .where('term_relationships.object_id', '=', objectId)
              .where('terms.taxonomy', '=', taxonomy)
              .execute()
          ).map((row) => Number(row.term_id));
          return [...current, ...wanted];
        },
        async (trx) => {
          const removed = current.filter((id) => !wanted.includes(id));
          if (removed.length > 0) {
            await trx
              .deleteFrom('term_relationships')
              .where('object_id', '=', objectId)
              .where('term_id', 'in', removed)
              .execute();
          }
          if (wanted.length > 0) {
            await trx
              .insertInto('term_relationships')
              .values(wanted.map((termId) => ({ object_id: objectId, term_id: termId, counted: counted ? 1 : 0 })))
              .onConflict((oc) => oc.columns(['object_id', 'term_id']).doUpdateSet({ counted: counted ? 1 : 0 }))
              .execute();
          }
        },
      );
    },

    setObjectCounted(objectId, counted) {
      const value = counted ? 1 : 0;
      // Only the relationships whose state changes: saving a draft again (or a published
      // record) writes no row, recounts no term and moves no change version.
      return changeRelationships(
        async (trx) =>
          (
            await trx
              .selectFrom('term_relationships')
              .select('term_id')
              .where('object_id', '=', objectId)
              .where('counted', '<>', value)
              .execute()
          ).map((row) => Number(row.term_id)),
        async (trx) => {
          await trx
            .updateTable('term_relationships')
            .set({ counted: value })
            .where('object_id', '=', objectId)
            .where('counted', '<>', value)
            .execute();
        },
      );
    },

    removeObject(objectId) {
      return changeRelationships(
        (trx) => termIdsOfObject(trx, objectId),
        async (trx) => {
          await trx.deleteFrom('term_relationships').where('object_id', '=', objectId).execute();
        },
      );
    },
  };
}
