import { missingRuntime } from '@cms-json/runtimes';
import { sql } from 'kysely';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type D1Tables, FOLDING_TITLES, runD1Checks } from '../test/d1/checks.js';
import { type D1Binding, openD1Database } from './d1.js';
import { D1_FOLDED_LETTERS } from './d1-lower.js';
import { appliedMigrations, type Migration, runMigrations } from './migrations.js';

// Miniflare's local D1 (workerd's own), reached from Node through its binding proxy: the same
// checks as the Worker of test/d1/workerd.test.ts, finer grained.
// Missing miniflare skips the file, saying why (a failure with CMS_REQUIRE_RUNTIMES=1).
const missing = missingRuntime('workerd');
let mf: Miniflare | undefined;
let binding: D1Binding;
beforeAll(async () => {
  if (missing !== null) return;
  const { Miniflare } = await import('miniflare');
  mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
    d1Databases: ['DB'],
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
  });
  await mf.ready;
  binding = await mf.getD1Database('DB');
});
afterAll(async () => {
  await mf?.dispose();
});

describe.skipIf(missing !== null)(`openD1Database on miniflare's D1${missing === null ? '' : ` (skipped: ${missing})`}`, () => {
  it('migrates, writes, reads and versions on D1, with D1’s transaction rules', async () => {
    const report = await runD1Checks(binding);
    expect(report).toMatchObject({
      atomicTransactions: false,
      migrations: { applied: ['0001-notes', '0002-track'], again: [] },
      insertId: 1,
      updatedRows: 1,
      returned: { id: 2, title: 'second' },
      // Each write moved the version: the start, after the insert, the update and the last insert.
      versionsDistinct: 4,
      versionsCount: 4,
      // No transaction: the write before the failure stays, afterCommit ran at once, no beforeCommit state.
      transaction: { failure: 'the work failed', order: ['afterCommit', 'work'], kept: 1, beforeCommit: 'undefined' },
      kyselyTransaction: { failure: 'the Kysely transaction failed', kept: 1 },
      // D1's batch is atomic: the insert before the failing statement is undone.
      batch: { failed: true, kept: 0 },
      named: [[{ id: 1, title: 'First' }], [{ id: 2, title: 'second' }], []],
      echoed: [...FOLDING_TITLES],
      search: ['ÉCOLE Ärger'],
      noTransactionStatements: [],
    });
  });

  it('folds ASCII and the Latin letters of Western and Central Europe in lowerText, and leaves other scripts as written', async () => {
    const database = openD1Database<D1Tables>(binding);
    const { rows } = await database.db.executeQuery<{ lowered: string }>(
      database.db.selectNoFrom((eb) => database.lowerText(eb.val(FOLDING_TITLES.join(' '))).as('lowered')).compile(),
    );
    expect(rows[0]?.lowered).toBe('école ärger łódź škoda ΑΘΗΝΑ МОСКВА ՀԱՅԱՍՏԱՆ');
    expect(D1_FOLDED_LETTERS).toBe(58);
  });

  it('leaves room in D1’s expression depth for a search over three columns among twenty other conditions', async () => {
    const database = openD1Database<D1Tables>(binding);
    const rows = await database.db
      .selectFrom('notes')
      .select('title')
      .where((eb) =>
        eb.and([
          eb.or(['title', 'title', 'title'].map((column) => eb(database.lowerText(sql.ref(column)), 'like', '%école%'))),
          ...Array.from({ length: 20 }, (_, index) => eb('id', '>', -index)),
        ]),
      )
      .execute();
    expect(rows).toEqual([{ title: 'ÉCOLE Ärger' }]);
  });

  it('applies a migration with its record as one batch: one failing midway leaves nothing and is not recorded', async () => {
    const database = openD1Database<D1Tables>(binding);
    const failing: Migration = {
      id: '0001-half',
      async up(db) {
        await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
        await sql`insert into no_such_table values (1)`.execute(db);
      },
    };
    await expect(runMigrations(database, { owner: 'atomic', migrations: [failing] })).rejects.toThrow(
      /Migration atomic\/0001-half failed: .*no such table: no_such_table/,
    );
    const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'half_done'`.execute(database.db);
    expect(tables.rows).toEqual([]);
    expect(await appliedMigrations(database.db, 'atomic')).toEqual([]);
  });

  it('lets a migration read the database as it was before it, and refuses a write that returns rows', async () => {
    const database = openD1Database<D1Tables>(binding);
    const before = await database.db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const counting: Migration = {
      id: '0001-counts',
      async up(db) {
        const { count } = await db
          .selectFrom('notes')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        await db
          .insertInto('notes')
          .values({ title: `there were ${count}` })
          .execute();
        const again = await db
          .selectFrom('notes')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        await db
          .insertInto('notes')
          .values({ title: `still ${again.count} before the batch` })
          .execute();
      },
    };
    expect(await runMigrations(database, { owner: 'counting', migrations: [counting] })).toEqual(['0001-counts']);
    const titles = await database.db.selectFrom('notes').select('title').where('title', 'like', '%there were%').execute();
    expect(titles).toEqual([{ title: `there were ${before.count}` }]);
    const returning: Migration = {
      id: '0001-returning',
      async up(db) {
        await db.insertInto('notes').values({ title: 'returned' }).returning('id').execute();
      },
    };
    await expect(runMigrations(database, { owner: 'returning', migrations: [returning] })).rejects.toThrow(
      /one atomic batch, whose writes answer nothing until it ends \("insert into "notes"/,
    );
    expect(await appliedMigrations(database.db, 'returning')).toEqual([]);
  });

  it('refuses what is not a D1 binding, naming the setting to check', () => {
    // A KV namespace, or a binding name with a typo (undefined): not a D1 database.
    expect(() => openD1Database({ get: async () => null })).toThrow(/not a D1 database.*d1_databases/);
    expect(() => openD1Database(undefined)).toThrow(/not a D1 database.*d1_databases/);
  });

  it('binds a bigint exactly or refuses it, and undefined as null', async () => {
    const database = openD1Database<D1Tables>(binding);
    const { rows } = await database.db.executeQuery<{ a: number; b: null }>(
      database.db.selectNoFrom((eb) => [eb.val(BigInt(42)).as('a'), eb.val(undefined).as('b')]).compile(),
    );
    expect(rows).toEqual([{ a: 42, b: null }]);
    await expect(database.db.selectNoFrom((eb) => eb.val(BigInt(2) ** BigInt(60)).as('a')).execute()).rejects.toThrow(
      /beyond 2\^53/,
    );
  });
});
