import { type CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './database.js';
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

/** The read of a note by id, compiled once. */
const byIdOf = (database: Database<Tables>) =>
  database.prepare('notes.byId', { id: 0 }, ({ id }) => database.db.selectFrom('notes').selectAll().where('id', '=', id));

describe('Database.prepare', () => {
  it('runs one compiled query with new parameters each time', async () => {
    const database = await notesDatabase(ONE_TWO);
    const byId = database.prepare('notes.byId', { id: 0 }, ({ id }) =>
      database.db.selectFrom('notes').selectAll().where('id', '=', id),
    );
    expect(await byId({ id: 2 })).toEqual([{ id: 2, text: 'two' }]);
    expect(await byId({ id: 1 })).toEqual([{ id: 1, text: 'one' }]);
    expect(await byId({ id: 3 })).toEqual([]);
    await database.close();
  });

  it('binds each value by its name wherever the query uses it, whatever the order of the conditions', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db } = database;
    const forwards = database.prepare('notes.forwards', { id: 0, text: '' }, (p) =>
      db.selectFrom('notes').select('id').where('id', '=', p.id).where('text', '=', p.text),
    );
    const backwards = database.prepare('notes.backwards', { id: 0, text: '' }, (p) =>
      db.selectFrom('notes').select('id').where('text', '=', p.text).where('id', '=', p.id),
    );
    expect(await forwards({ id: 2, text: 'two' })).toEqual([{ id: 2 }]);
    expect(await backwards({ id: 2, text: 'two' })).toEqual([{ id: 2 }]);
    expect(await backwards({ text: 'one', id: 1 })).toEqual([{ id: 1 }]);
    await database.close();
  });

  it('keeps a constant of the query, binds a list item by item, and refuses a list of another length', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db } = database;
    const some = database.prepare('notes.some.2', { ids: [0, 0] }, ({ ids }) =>
      db.selectFrom('notes').select('id').where('id', 'in', ids).where('text', '<>', 'none').orderBy('id'),
    );
    expect(await some({ ids: [2, 1] })).toEqual([{ id: 1 }, { id: 2 }]);
    await expect(some({ ids: [1] })).rejects.toThrow(/list of 2 values/);
    await database.close();
  });

  it('keeps the first query of a name, and refuses a parameter written into the SQL text', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db } = database;
    const first = byIdOf(database);
    expect(database.prepare('notes.byId', { id: 0 }, () => db.selectFrom('notes').select('text'))).toBe(first);
    expect(() => database.prepare('notes.literal', { id: 0 }, ({ id }) => sql<Row>`select ${sql.raw(`${id}`)} as "v"`)).toThrow(
      /written into the SQL text/,
    );
    await database.close();
  });

  it('reuses prepared statements without mixing results of interleaved queries', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { close } = database;
    const byId = byIdOf(database);
    const results = await Promise.all([1, 2, 1, 2, 1].map((id) => byId({ id })));
    expect(results.map((rows) => rows[0]?.text)).toEqual(['one', 'two', 'one', 'two', 'one']);
    await close();
  });
});

describe('Database.prepare on SQLite', () => {
  it('does not read another caller’s uncommitted writes while a transaction is open', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const count = database.prepare('notes.count', {}, () =>
      db.selectFrom('notes').select((eb) => eb.fn.countAll<number>().as('n')),
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
    const during = count({});
    release();
    await transaction;
    expect((await during)[0]?.n).toBe(1); // waited for the commit instead of reading inside it
    await close();
  });

  it('reports a failing read as a rejected promise', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const byId = byIdOf(database);
    await db.schema.dropTable('notes').execute();
    await expect(byId({ id: 1 })).rejects.toThrow(/no such table|does not exist/);
    await close();
  });
});

/** The insert of a note, compiled once. */
const insertOf = (database: Database<Tables>) =>
  database.prepare('notes.insert', { id: 0, text: '' }, (note) => database.db.insertInto('notes').values(note));

describe('Database.prepare of a write', () => {
  it('inserts with new parameters each time and answers the rows RETURNING names', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const insert = database.prepare('notes.insert-returning', { id: 0, text: '' }, (note) =>
      db.insertInto('notes').values(note).returning(['id', 'text']),
    );
    expect(await insert({ id: 1, text: 'one' })).toEqual([{ id: 1, text: 'one' }]);
    expect(await insert({ id: 2, text: 'two' })).toEqual([{ id: 2, text: 'two' }]);
    expect(await db.selectFrom('notes').select(['id', 'text']).orderBy('id').execute()).toEqual(ONE_TWO);
    await close();
  });

  it('answers no rows for a write without RETURNING, and its change is stored', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db, close } = database;
    const rename = database.prepare('notes.rename', { id: 0, text: '' }, (p) =>
      db.updateTable('notes').set({ text: p.text }).where('id', '=', p.id),
    );
    expect(await rename({ text: 'uno', id: 1 })).toEqual([]);
    expect(await db.selectFrom('notes').select('text').where('id', '=', 1).executeTakeFirst()).toEqual({ text: 'uno' });
    await close();
  });

  it('reports a failing write as a rejected promise and stores nothing', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db, close } = database;
    const insert = insertOf(database);
    await expect(insert({ id: 1, text: 'again' })).rejects.toThrow(/UNIQUE|duplicate key/);
    expect(await db.selectFrom('notes').select('text').orderBy('id').execute()).toEqual([{ text: 'one' }, { text: 'two' }]);
    await close();
  });

  it('does not write into another caller’s open transaction: it waits for it, and a rollback keeps the write', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const insert = insertOf(database);
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
    const during = insert({ id: 2, text: 'kept' });
    release();
    await expect(transaction).rejects.toThrow('roll back');
    await during;
    expect(await db.selectFrom('notes').select(['id', 'text']).execute()).toEqual([{ id: 2, text: 'kept' }]);
    await close();
  });

  it('runs inside an ambient transaction and is rolled back with it', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const insert = insertOf(database);
    await expect(
      database.transaction(async () => {
        await insert({ id: 1, text: 'inside' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
    await close();
  });
});

type Row = Record<string, unknown>;

// SQLite's own row building and statement binding: nothing of it runs on PostgreSQL.
describe.skipIf(testDialect() !== 'sqlite')('Database.prepare rows on SQLite', () => {
  /** What better-sqlite3 itself answers for the same SQL and parameters, on a fresh statement. */
  function direct(database: Database<Tables>, query: CompiledQuery<unknown>, parameters: unknown[]): unknown[] {
    const sqlite = database.sqlite;
    if (sqlite === undefined) throw new Error('not SQLite');
    return sqlite.prepare(query.sql).all(parameters);
  }

  it('answers the same rows as better-sqlite3, keys in column order, every value type', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db, close } = database;
    const build = (p: { p: string; id: number }) =>
      sql<Row>`select "text", "id", null as "n", 1.5 as "f", x'00ff' as "b", ${p.p} as "p" from "notes" where "id" >= ${p.id}`;
    const rows = await database.prepare('rows', { p: '', id: 0 }, build)({ p: 'p', id: 1 });
    expect(rows).toEqual(direct(database, build({ p: 'p', id: 1 }).compile(db), ['p', 1]));
    expect(rows.map((row) => Object.keys(row))).toEqual([
      ['text', 'id', 'n', 'f', 'b', 'p'],
      ['text', 'id', 'n', 'f', 'b', 'p'],
    ]);
    expect(Buffer.isBuffer(rows[0]?.b)).toBe(true);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    await close();
  });

  it('keeps the last value of a repeated column name, as better-sqlite3 does', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const query = sql<Row>`select 1 as "a", 2 as "b", 3 as "a"`;
    const rows = await database.prepare('repeated', {}, () => query)({});
    expect(rows).toEqual(direct(database, query.compile(db), []));
    expect(rows).toEqual([{ a: 3, b: 2 }]);
    await close();
  });

  it('gives a __proto__ column as an own member, never as the prototype', async () => {
    const database = await notesDatabase();
    const { db, close } = database;
    const query = sql<Row>`select 1 as "__proto__", 2 as "b"`;
    const [row] = await database.prepare('proto', {}, () => query)({});
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual(direct(database, query.compile(db), [])[0]);
    await close();
  });

  it('sees a column added after preparing when the query selects *', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db, close } = database;
    const all = byIdOf(database);
    expect(await all({ id: 1 })).toEqual([{ id: 1, text: 'one' }]);
    await db.schema.alterTable('notes').addColumn('tag', 'text').execute();
    expect(await all({ id: 1 })).toEqual([{ id: 1, text: 'one', tag: null }]);
    await close();
  });

  it('leaves Kysely’s own run of the same SQL answering objects', async () => {
    const database = await notesDatabase(ONE_TWO);
    const { db, close } = database;
    const builder = (id: number) => db.selectFrom('notes').select(['id', 'text']).where('id', '=', id);
    const byId = database.prepare('notes.columns', { id: 0 }, (p) => builder(p.id));
    expect(await byId({ id: 1 })).toEqual([{ id: 1, text: 'one' }]);
    expect(await builder(1).execute()).toEqual([{ id: 1, text: 'one' }]);
    expect(await byId({ id: 2 })).toEqual([{ id: 2, text: 'two' }]);
    await close();
  });
});

describe.skipIf(testDialect() !== 'sqlite')('Database.prepare with paging parameters on SQLite', () => {
  /** Notes 1…n, paged by id. */
  async function pagedNotes(n: number) {
    const database = await notesDatabase(Array.from({ length: n }, (_, i) => ({ id: i + 1, text: `note ${i + 1}` })));
    const { db } = database;
    const page = database.prepare('notes.page', { limit: 0, offset: 0 }, (p) =>
      db.selectFrom('notes').select(['id', 'text']).orderBy('id').limit(p.limit).offset(p.offset),
    );
    return { ...database, page };
  }

  it('answers each page, for more sets of values than it keeps bound, in any order', async () => {
    const { page, close } = await pagedNotes(60);
    const sets: [number, number][] = [];
    for (let limit = 1; limit <= 8; limit++) for (let offset = 0; offset < 50; offset += 7) sets.push([limit, offset]);
    expect(sets.length).toBeGreaterThan(32);
    for (const round of [sets, [...sets].reverse(), sets]) {
      for (const [limit, offset] of round) {
        const ids = (await page({ limit, offset })).map((row) => row.id);
        expect(ids).toEqual(Array.from({ length: limit }, (_, i) => offset + i + 1));
      }
    }
    await close();
  });

  it('reads rows written after a page was first read', async () => {
    const { db, page, close } = await pagedNotes(2);
    expect(await page({ limit: 10, offset: 0 })).toHaveLength(2);
    await db.insertInto('notes').values({ id: 3, text: 'three' }).execute();
    expect(await page({ limit: 10, offset: 0 })).toEqual([
      { id: 1, text: 'note 1' },
      { id: 2, text: 'note 2' },
      { id: 3, text: 'three' },
    ]);
    await close();
  });

  it('tells apart values that bind differently: a number, its text, a bigint, null, a buffer', async () => {
    const database = await notesDatabase();
    const { close } = database;
    const sample: { v: unknown; limit: number } = { v: 0, limit: 1 };
    const echo = database.prepare('echo', sample, (p) => sql<Row>`select ${p.v} as "v" limit ${p.limit}`);
    expect(await echo({ v: 1, limit: 1 })).toEqual([{ v: 1 }]);
    expect(await echo({ v: '1', limit: 1 })).toEqual([{ v: '1' }]);
    expect(await echo({ v: 1n, limit: 1 })).toEqual([{ v: 1 }]);
    expect(await echo({ v: null, limit: 1 })).toEqual([{ v: null }]);
    expect(await echo({ v: Buffer.from('ab'), limit: 1 })).toEqual([{ v: Buffer.from('ab') }]);
    expect(await echo({ v: 1.5, limit: 1 })).toEqual([{ v: 1.5 }]);
    expect(await echo({ v: '1', limit: 0 })).toEqual([]);
    expect(await echo({ v: '1', limit: 1 })).toEqual([{ v: '1' }]);
    await close();
  });

  it('rejects parameters SQLite cannot bind, and keeps answering afterwards', async () => {
    const { page, close } = await pagedNotes(3);
    // @ts-expect-error a value left out, as a caller without types could
    await expect(page({ limit: 1 })).rejects.toThrow(/bind|parameter/);
    // @ts-expect-error a value SQLite cannot bind
    await expect(page({ limit: true, offset: 0 })).rejects.toThrow(TypeError);
    expect(await page({ limit: 1, offset: 1 })).toEqual([{ id: 2, text: 'note 2' }]);
    await close();
  });
});
