/**
 * One transaction per write: the create, update or delete handler of a post or a comment runs
 * in one transaction of the site's storage, so every step of it is stored or none.
 *
 * @module
 */
import type { StorageTransactions } from './storage.js';

/**
 * Wraps a write's handler in one transaction of the site's storage: the record, its terms,
 * meta, sticky state and counts, and what the type's hooks write are stored together or not
 * at all, and SQLite syncs the file once per write instead of once per statement.
 *
 * On PostgreSQL, concurrent writes stay exact and never deadlock because the rows that many
 * writes update are locked in one order: a post's row before its comments (the comment store
 * locks the posts it counts first, in id order), and the terms a transaction touched only at
 * its end, all together in id order (the term store's recount, `beforeCommit`).
 *
 * @example
 * const atomic = writeTransaction(storage.transactions);
 * handler: (changes, request) => atomic(() => controller.update(changes, request)),
 */
export function writeTransaction(transactions: StorageTransactions): <T>(work: () => Promise<T>) => Promise<T> {
  return transactions.transactionRunner();
}
