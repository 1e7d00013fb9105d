import { describe, expect, it } from 'vitest';
import { openDatabase } from './connect.js';
import { prepareQuery } from './prepared-query.js';

interface Tables {
  notes: { id: number; text: string };
}

/** An in-memory database with a `notes` table holding `rows`. */
async function notesDatabase(rows: Tables['notes'][] = []) {
  const database = openDatabase<Tables>({ url: 'sqlite::memory:' });
  await database.db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text')
    .execute();
  if (rows.length > 0) await database.db.insertInto('notes').values(rows).execute();
  return database;
}

const ONE_TWO = [
  { id: 1, text: 'one' },
  { id: 2, text: 'two' },
];

describe('prepareQuery', () => {
  it('runs one compiled query with new parameters each time', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const byId = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    expect(await byId([2])).toEqual([{ id: 2, text: 'two' }]);
    expect(await byId([1])).toEqual([{ id: 1, text: 'one' }]);
    expect(await byId([3])).toEqual([]);
    await close();
  });

  it('reuses prepared statements without mixing results of interleaved queries', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const byId = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    const results = await Promise.all([1, 2, 1, 2, 1].map((id) => byId([id])));
    expect(results.map((rows) => rows[0]?.text)).toEqual(['one', 'two', 'one', 'two', 'one']);
    await close();
  });
});

describe('prepareQuery on SQLite', () => {
  it('does not read another caller’s uncommitted writes while a transaction is open', async () => {
    const { db, close } = await notesDatabase();
    const count = prepareQuery(
      db,
      db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .compile(),
    );
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, text: 'pending' }).execute();
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const during = count([]);
    release();
    await transaction;
    expect((await during)[0]?.n).toBe(1); // waited for the commit instead of reading inside it
    await close();
  });

  it('reports a failing read as a rejected promise', async () => {
    const { db, close } = await notesDatabase();
    const byId = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    await db.schema.dropTable('notes').execute();
    await expect(byId([1])).rejects.toThrow(/no such table/);
    await close();
  });
});
