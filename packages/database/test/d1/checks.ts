/**
 * The checks the D1 tests run against a binding, in a Worker on workerd (`worker.ts`) and from
 * Node through miniflare's `getD1Database` (`../../src/d1.test.ts`): migrations, the
 * transaction rules of D1, change versions, a named query, D1's atomic batch and
 * `lowerText`'s folding. Each answers plain JSON for the test to assert.
 *
 * @module
 */
import { type Generated, sql } from 'kysely';
import { changeVersion, trackChanges } from '../../src/change-versions.js';
import { isD1Binding, openD1Database } from '../../src/d1.js';
import { d1Statement } from '../../src/d1-driver.js';
import type { Database } from '../../src/database.js';
import { autoIncrementId, type Migration, runMigrations } from '../../src/migrations.js';
import { withStartupLock } from '../../src/startup-lock.js';

/** The tables of the checks. */
export interface D1Tables {
  notes: { id: Generated<number>; title: string };
}

/** The migrations of the checks: a table, an index, its change tracking. */
export const D1_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001-notes',
    async up(db, { dialect }) {
      await db.schema
        .createTable('notes')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('title', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('notes_title').on('notes').column('title').execute();
    },
  },
  { id: '0002-track', up: (db, { dialect }) => trackChanges(db, { tables: ['notes'], dialect }) },
];

/** Titles whose folding the checks report: ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic, and beyond. */
export const FOLDING_TITLES: readonly string[] = ['ÉCOLE Ärger', 'ŁÓDŹ ŠKODA', 'ΑΘΗΝΑ', 'МОСКВА', 'ՀԱՅԱՍՏԱՆ'];

/** Migrates (under the startup lock) and reports what was applied and the tables D1 holds. */
export async function migrate(database: Database<D1Tables>): Promise<{ applied: string[]; again: string[] }> {
  const applied = await withStartupLock(database, () =>
    runMigrations(database, { owner: 'd1-checks', migrations: D1_MIGRATIONS }),
  );
  const again = await runMigrations(database, { owner: 'd1-checks', migrations: D1_MIGRATIONS });
  return { applied, again };
}

/** Runs every check on `binding` and answers what each found. */
export async function runD1Checks(binding: unknown): Promise<Record<string, unknown>> {
  const statements: string[] = [];
  const database = openD1Database<D1Tables>(binding, { onStatement: (text) => statements.push(text) });
  if (!isD1Binding(binding)) throw new Error('not a D1 binding');
  const { db } = database;
  const migrations = await migrate(database);
  const version = changeVersion(database, { tables: ['notes'] });
  const versions = [await version()];

  const inserted = await db.insertInto('notes').values({ title: 'first' }).executeTakeFirstOrThrow();
  versions.push(await version());
  const updated = await db
    .updateTable('notes')
    .set({ title: 'First' })
    .where('id', '=', Number(inserted.insertId))
    .executeTakeFirst();
  versions.push(await version());
  const returned = await db.insertInto('notes').values({ title: 'second' }).returning(['id', 'title']).executeTakeFirstOrThrow();

  // The transaction rules on D1: no atomicity, beforeCommit absent, afterCommit at once.
  const order: string[] = [];
  let failure = '';
  try {
    await database.transaction(async () => {
      await db.insertInto('notes').values({ title: 'kept though the work failed' }).execute();
      await database.afterCommit(() => {
        order.push('afterCommit');
      });
      order.push('work');
      throw new Error('the work failed');
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const keptByTransaction = await db
    .selectFrom('notes')
    .select('id')
    .where('title', '=', 'kept though the work failed')
    .execute();
  const beforeCommit = await database.transaction(async () =>
    database.beforeCommit({}, () => ({ beforeCommit: async () => {} })),
  );
  let kyselyFailure = '';
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ title: 'kept by a Kysely transaction' }).execute();
      throw new Error('the Kysely transaction failed');
    });
  } catch (error) {
    kyselyFailure = error instanceof Error ? error.message : String(error);
  }
  const keptByKysely = await db.selectFrom('notes').select('id').where('title', '=', 'kept by a Kysely transaction').execute();

  // D1's own atomic unit: a batch whose second statement fails stores nothing.
  let batchFailure = '';
  try {
    await binding.batch([
      d1Statement(binding, db.insertInto('notes').values({ title: 'in a failed batch' }).compile()),
      d1Statement(binding, sql`insert into no_such_table values (1)`.compile(db)),
    ]);
  } catch (error) {
    batchFailure = error instanceof Error ? error.message : String(error);
  }
  const keptByBatch = await db.selectFrom('notes').select('id').where('title', '=', 'in a failed batch').execute();

  const byTitle = database.prepare('notes.byTitle', { title: '' }, (p) =>
    db.selectFrom('notes').select(['id', 'title']).where('title', '=', p.title),
  );
  const named = [await byTitle({ title: 'First' }), await byTitle({ title: 'second' }), await byTitle({ title: 'none' })];

  const folded = await db
    .selectNoFrom((eb) => FOLDING_TITLES.map((title, index) => eb.val(title).as(`v${index}`)))
    .executeTakeFirstOrThrow();
  const foldedRow = await sql<Record<string, string>>`select ${sql.join(
    FOLDING_TITLES.map((title, index) => sql`${database.lowerText(sql.val(title))} as ${sql.ref(`v${index}`)}`),
  )}`.execute(db);
  const lowered = FOLDING_TITLES.map((_, index) => foldedRow.rows[0]?.[`v${index}`]);
  await db.insertInto('notes').values({ title: 'ÉCOLE Ärger' }).execute();
  const search = await db
    .selectFrom('notes')
    .select('title')
    .where(database.lowerText(sql.ref('title')), 'like', '%école ä%')
    .execute();
  versions.push(await version());

  return {
    atomicTransactions: database.atomicTransactions,
    migrations,
    insertId: Number(inserted.insertId),
    updatedRows: Number(updated.numUpdatedRows),
    returned,
    versionsDistinct: new Set(versions).size,
    versionsCount: versions.length,
    transaction: {
      failure,
      order,
      kept: keptByTransaction.length,
      beforeCommit: beforeCommit === undefined ? 'undefined' : 'state',
    },
    kyselyTransaction: { failure: kyselyFailure, kept: keptByKysely.length },
    batch: { failed: batchFailure.includes('no_such_table'), kept: keptByBatch.length },
    named,
    echoed: Object.values(folded),
    lowered,
    expected: FOLDING_TITLES.map((title) => title.toLowerCase()),
    search: search.map((row) => row.title),
    noTransactionStatements: statements.filter((text) => /^(begin|commit|rollback|savepoint|release)/i.test(text)),
  };
}

/** What a second start sees: the migrations already applied, the notes kept. */
export async function secondStart(binding: unknown): Promise<Record<string, unknown>> {
  const database = openD1Database<D1Tables>(binding);
  const migrations = await migrate(database);
  const titles = await database.db.selectFrom('notes').select('title').orderBy('id').execute();
  return { migrations, titles: titles.map((row) => row.title), version: await changeVersion(database)() };
}
