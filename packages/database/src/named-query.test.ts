import { type CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runInTransaction } from './ambient-transaction.js';
import { sqliteHandleOf } from './connect.js';
import { prepareEagerQuery, prepareQuery } from './prepared-query.js';
import { openTestDatabase, testDialect } from './testing.js';

interface Tables {
  notes: { id: number; text: string };
}

/** An in-memory database with a `notes` table holding `rows`. */
async function notesDatabase(rows: Tables['notes'][] = []) {
  const database = await openTestDatabase<Tables>();
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
    await expect(byId([1])).rejects.toThrow(/no such table|does not exist/);
    await close();
  });
});

describe('prepareEagerQuery', () => {
  it('answers the same rows as prepareQuery: at once on SQLite outside a transaction, else a promise', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const byId = prepareEagerQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    const rows = byId([2]);
    expect(rows instanceof Promise).toBe(testDialect() !== 'sqlite');
    expect(await rows).toEqual([{ id: 2, text: 'two' }]);
    expect(await byId([3])).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 3, text: 'three' }).execute();
      const inside = byId([3]);
      // Inside a transaction it waits its turn, as prepareQuery does: a promise, read after the commit.
      expect(inside).toBeInstanceOf(Promise);
      void (inside as Promise<unknown>).catch(() => undefined);
    });
    expect(await byId([3])).toEqual([{ id: 3, text: 'three' }]);
    await close();
  });

  it('fails at once on SQLite when the read fails, and with a rejected promise elsewhere', async () => {
    const { db, close } = await notesDatabase();
    const byId = prepareEagerQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    await db.schema.dropTable('notes').execute();
    if (testDialect() === 'sqlite') expect(() => byId([1])).toThrow(/no such table/);
    else await expect(byId([1])).rejects.toThrow(/does not exist/);
    await close();
  });
});

describe('prepareQuery of a write', () => {
  it('inserts with new parameters each time and answers the rows RETURNING names', async () => {
    const { db, close } = await notesDatabase();
    const insert = prepareQuery(db, db.insertInto('notes').values({ id: 0, text: '' }).returning(['id', 'text']).compile());
    expect(await insert([1, 'one'])).toEqual([{ id: 1, text: 'one' }]);
    expect(await insert([2, 'two'])).toEqual([{ id: 2, text: 'two' }]);
    expect(await db.selectFrom('notes').select(['id', 'text']).orderBy('id').execute()).toEqual(ONE_TWO);
    await close();
  });

  it('answers no rows for a write without RETURNING, and its change is stored', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const rename = prepareQuery(db, db.updateTable('notes').set({ text: '' }).where('id', '=', 0).compile());
    expect(await rename(['uno', 1])).toEqual([]);
    expect(await db.selectFrom('notes').select('text').where('id', '=', 1).executeTakeFirst()).toEqual({ text: 'uno' });
    await close();
  });

  it('reports a failing write as a rejected promise and stores nothing', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const insert = prepareQuery(db, db.insertInto('notes').values({ id: 0, text: '' }).compile());
    await expect(insert([1, 'again'])).rejects.toThrow(/UNIQUE|duplicate key/);
    expect(await db.selectFrom('notes').select('text').orderBy('id').execute()).toEqual([{ text: 'one' }, { text: 'two' }]);
    await close();
  });

  it('does not write into another caller’s open transaction: it waits for it, and a rollback keeps the write', async () => {
    const { db, close } = await notesDatabase();
    const insert = prepareQuery(db, db.insertInto('notes').values({ id: 0, text: '' }).compile());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, text: 'rolled back' }).execute();
      await held;
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const during = insert([2, 'kept']);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    await during;
    expect(await db.selectFrom('notes').select(['id', 'text']).execute()).toEqual([{ id: 2, text: 'kept' }]);
    await close();
  });

  it('runs inside an ambient transaction and is rolled back with it', async () => {
    const { db, close } = await notesDatabase();
    const insert = prepareQuery(db, db.insertInto('notes').values({ id: 0, text: '' }).compile());
    await expect(
      runInTransaction(db, async () => {
        await insert([1, 'inside']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
    await close();
  });
});

type Row = Record<string, unknown>;

// SQLite's own row building and statement binding: nothing of it runs on PostgreSQL.
describe.skipIf(testDialect() !== 'sqlite')('prepareQuery rows on SQLite', () => {
  /** What better-sqlite3 itself answers for the same SQL and parameters, on a fresh statement. */
  function direct(db: object, query: CompiledQuery<unknown>, parameters: unknown[]): unknown[] {
    const sqlite = sqliteHandleOf(db);
    if (sqlite === undefined) throw new Error('not SQLite');
    return sqlite.prepare(query.sql).all(...parameters);
  }

  it('answers the same rows as better-sqlite3, keys in column order, every value type', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const query =
      sql<Row>`select "text", "id", null as "n", 1.5 as "f", x'00ff' as "b", ${'p'} as "p" from "notes" where "id" >= ${0}`.compile(
        db,
      );
    const rows = await prepareQuery(db, query)(['p', 1]);
    expect(rows).toEqual(direct(db, query, ['p', 1]));
    expect(rows.map((row) => Object.keys(row))).toEqual([
      ['text', 'id', 'n', 'f', 'b', 'p'],
      ['text', 'id', 'n', 'f', 'b', 'p'],
    ]);
    expect(Buffer.isBuffer(rows[0]?.b)).toBe(true);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    await close();
  });

  it('keeps the last value of a repeated column name, as better-sqlite3 does', async () => {
    const { db, close } = await notesDatabase();
    const query = sql<Row>`select 1 as "a", 2 as "b", 3 as "a"`.compile(db);
    const rows = await prepareQuery(db, query)([]);
    expect(rows).toEqual(direct(db, query, []));
    expect(rows).toEqual([{ a: 3, b: 2 }]);
    await close();
  });

  it('gives a __proto__ column as an own member, never as the prototype', async () => {
    const { db, close } = await notesDatabase();
    const query = sql<Row>`select 1 as "__proto__", 2 as "b"`.compile(db);
    const [row] = await prepareQuery(db, query)([]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual(direct(db, query, [])[0]);
    await close();
  });

  it('sees a column added after preparing when the query selects *', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const all = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
    expect(await all([1])).toEqual([{ id: 1, text: 'one' }]);
    await db.schema.alterTable('notes').addColumn('tag', 'text').execute();
    expect(await all([1])).toEqual([{ id: 1, text: 'one', tag: null }]);
    await close();
  });

  it('leaves Kysely’s own run of the same SQL answering objects', async () => {
    const { db, close } = await notesDatabase(ONE_TWO);
    const builder = db.selectFrom('notes').select(['id', 'text']).where('id', '=', 1);
    const byId = prepareQuery(db, builder.compile());
    expect(await byId([1])).toEqual([{ id: 1, text: 'one' }]);
    expect(await builder.execute()).toEqual([{ id: 1, text: 'one' }]);
    expect(await byId([2])).toEqual([{ id: 2, text: 'two' }]);
    await close();
  });
});

describe.skipIf(testDialect() !== 'sqlite')('prepareQuery with paging parameters on SQLite', () => {
  /** Notes 1…n, paged by id. */
  async function pagedNotes(n: number) {
    const database = await notesDatabase(Array.from({ length: n }, (_, i) => ({ id: i + 1, text: `note ${i + 1}` })));
    const { db } = database;
    const page = prepareQuery(db, db.selectFrom('notes').select(['id', 'text']).orderBy('id').limit(0).offset(0).compile());
    return { ...database, page };
  }

  it('answers each page, for more sets of values than it keeps bound, in any order', async () => {
    const { page, close } = await pagedNotes(60);
    const sets: [number, number][] = [];
    for (let limit = 1; limit <= 8; limit++) for (let offset = 0; offset < 50; offset += 7) sets.push([limit, offset]);
    expect(sets.length).toBeGreaterThan(32);
    for (const round of [sets, [...sets].reverse(), sets]) {
      for (const [limit, offset] of round) {
        const ids = (await page([limit, offset])).map((row) => row.id);
        expect(ids).toEqual(Array.from({ length: limit }, (_, i) => offset + i + 1));
      }
    }
    await close();
  });

  it('reads rows written after a page was first read', async () => {
    const { db, page, close } = await pagedNotes(2);
    expect(await page([10, 0])).toHaveLength(2);
    await db.insertInto('notes').values({ id: 3, text: 'three' }).execute();
    expect(await page([10, 0])).toEqual([
      { id: 1, text: 'note 1' },
      { id: 2, text: 'note 2' },
      { id: 3, text: 'three' },
    ]);
    await close();
  });

  it('tells apart values that bind differently: a number, its text, a bigint, null, a buffer', async () => {
    const { db, close } = await notesDatabase();
    const echo = prepareQuery(db, sql<Row>`select ${0} as "v" limit ${1}`.compile(db));
    expect(await echo([1, 1])).toEqual([{ v: 1 }]);
    expect(await echo(['1', 1])).toEqual([{ v: '1' }]);
    expect(await echo([1n, 1])).toEqual([{ v: 1 }]);
    expect(await echo([null, 1])).toEqual([{ v: null }]);
    expect(await echo([Buffer.from('ab'), 1])).toEqual([{ v: Buffer.from('ab') }]);
    expect(await echo([1.5, 1])).toEqual([{ v: 1.5 }]);
    expect(await echo(['1', 0])).toEqual([]);
    expect(await echo(['1', 1])).toEqual([{ v: '1' }]);
    await close();
  });

  it('rejects parameters SQLite cannot bind, and keeps answering afterwards', async () => {
    const { page, close } = await pagedNotes(3);
    await expect(page([1])).rejects.toThrow(/parameter values/);
    await expect(page([true, 0])).rejects.toThrow(TypeError);
    expect(await page([1, 1])).toEqual([{ id: 2, text: 'note 2' }]);
    await close();
  });
});
