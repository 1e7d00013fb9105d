/**
 * The database's rules, checked on whatever runtime runs this module: `bun`, `deno run -A`,
 * or Node (imported by `runtimes.test.ts` itself). Run as a program, it opens
 * `CMS_CHECK_DATABASE_URL` (a `sqlite:` file or a `postgres://` URL), checks migrations, the
 * transaction rules, the change versions ETags use, `lowerText`, named queries and streaming,
 * and prints one line of JSON: a {@link RuntimeCheckReport}. Every check is bounded; the
 * program exits when done.
 *
 * @module
 */
import { unlinkSync } from 'node:fs';
import { type Generated, sql } from 'kysely';
import {
  autoIncrementId,
  changeVersion,
  type Database,
  isDatabaseUnavailable,
  type Migration,
  openDatabase,
  runMigrations,
  TransactionTimeout,
  trackChanges,
} from '../src/index.js';

interface Tables {
  notes: { id: Generated<number>; text: string };
}

/**
 * What a run found: the runtime, the driver, and each check's verdict (`'ok'`, or what went
 * wrong).
 */
export interface RuntimeCheckReport {
  /** `'Bun 1.4.5'`, `'Deno 2.9.6'`, `'Node 20.20.2'`. */
  readonly runtime: string;
  /** The engine (`sqlite`, `postgres`). */
  readonly dialect: string;
  /** The SQLite driver, or `pg`. */
  readonly driver: string;
  /** Each check by name: `'ok'` or the failure. */
  readonly checks: Record<string, string>;
}

const migrations: Migration[] = [
  {
    id: '0001-notes',
    async up(db, { dialect }) {
      await db.schema
        .createTable('notes')
        .$call((table) => autoIncrementId(table, dialect))
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
    },
  },
  { id: '0002-track', up: (db, { dialect }) => trackChanges(db, { tables: ['notes'], dialect }) },
  {
    id: '0003-index',
    up: async (db) => {
      await db.schema.createIndex('notes_text').on('notes').column('text').execute();
    },
  },
];

/** Throws `message` unless `condition`. */
function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** The notes' texts, in id order. */
async function texts(database: Database<Tables>): Promise<string[]> {
  const rows = await database.db.selectFrom('notes').select('text').orderBy('id').execute();
  return rows.map((row) => row.text);
}

/** A rejection of `work`, or a failure when it resolves. */
async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('it resolved; a rejection was expected');
}

/** The name and version of this runtime. */
function runtimeName(): string {
  const bun: unknown = Reflect.get(globalThis, 'Bun');
  if (typeof bun === 'object' && bun !== null) return `Bun ${String(Reflect.get(bun, 'version'))}`;
  const deno: unknown = Reflect.get(globalThis, 'Deno');
  if (typeof deno === 'object' && deno !== null) return `Deno ${String(Reflect.get(Reflect.get(deno, 'version'), 'deno'))}`;
  return `Node ${process.versions.node}`;
}

/**
 * Runs every check on a fresh database at `url` (empty: a new file, or a new schema) and
 * answers the report; never throws for a failed check.
 *
 * @example
 * const report = await runRuntimeChecks('sqlite:/tmp/check.db');
 * const failed = Object.entries(report.checks).filter(([, verdict]) => verdict !== 'ok');
 */
export async function runRuntimeChecks(url: string): Promise<RuntimeCheckReport> {
  const database = openDatabase<Tables>({ url, poolSize: 4 });
  const checks: Record<string, string> = {};
  const check = async (name: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work();
      checks[name] = 'ok';
    } catch (error) {
      checks[name] = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  };
  const { db } = database;
  try {
    await check('migrations apply once, in order', async () => {
      const applied = await runMigrations(database, { owner: 'check', migrations });
      expect(applied.join() === '0001-notes,0002-track,0003-index', `applied ${applied.join()}`);
      const again = await runMigrations(database, { owner: 'check', migrations });
      expect(again.length === 0, `applied again: ${again.join()}`);
    });

    await check('a transaction commits every write', async () => {
      await database.transaction(async () => {
        await db.insertInto('notes').values({ text: 'one' }).execute();
        await db.insertInto('notes').values({ text: 'two' }).execute();
      });
      expect((await texts(database)).join() === 'one,two', `rows ${(await texts(database)).join()}`);
    });

    await check('a throwing transaction rolls back and passes the error on', async () => {
      const error = await rejection(
        database.transaction(async () => {
          await db.insertInto('notes').values({ text: 'lost' }).execute();
          throw new Error('roll back');
        }),
      );
      expect(error instanceof Error && error.message === 'roll back', `rejected with ${String(error)}`);
      expect(!(await texts(database)).includes('lost'), 'the write of the rolled-back transaction stayed');
    });

    await check('a nested transaction joins the open one', async () => {
      await rejection(
        database.transaction(async () => {
          await database.transaction(async () => {
            await db.insertInto('notes').values({ text: 'inner' }).execute();
          });
          throw new Error('outer fails');
        }),
      );
      expect(!(await texts(database)).includes('inner'), 'the inner write outlived the outer rollback');
    });

    await check('afterCommit runs only after the commit, never after a rollback', async () => {
      const seen: string[] = [];
      await database.transaction(async () => {
        await db.insertInto('notes').values({ text: 'three' }).execute();
        await database.afterCommit(() => {
          seen.push('committed');
        });
        seen.push('work done');
      });
      await rejection(
        database.transaction(async () => {
          await database.afterCommit(() => {
            seen.push('rolled back');
          });
          throw new Error('no');
        }),
      );
      expect(seen.join() === 'work done,committed', `order ${seen.join()}`);
    });

    await check('a transaction past its timeout is rolled back', async () => {
      const error = await rejection(
        database.transaction(
          async () => {
            await db.insertInto('notes').values({ text: 'slow' }).execute();
            await new Promise((resolve) => setTimeout(resolve, 400));
          },
          { timeoutMs: 50 },
        ),
      );
      expect(error instanceof TransactionTimeout, `rejected with ${String(error)}`);
      expect(!(await texts(database)).includes('slow'), 'the timed-out write stayed');
      await db.insertInto('notes').values({ text: 'after' }).execute();
      await db.deleteFrom('notes').where('text', '=', 'after').execute();
    });

    await check('change versions move on writes and commits only', async () => {
      const version = changeVersion(database, { tables: ['notes'] });
      const first = await version();
      expect((await version()) === first, 'a read moved the version');
      await db.insertInto('notes').values({ text: 'four' }).execute();
      const second = await version();
      expect(second !== first, 'an insert did not move the version');
      let inside = '';
      await database.transaction(async () => {
        await db.updateTable('notes').set({ text: 'FOUR' }).where('text', '=', 'four').execute();
        inside = await version();
      });
      const third = await version();
      expect(third !== second && inside !== '', 'a committed update did not move the version');
      // A write by another connection (another process's, on a file or a server) moves it too.
      if (url !== 'sqlite::memory:') {
        const other = openDatabase<Tables>({ url, poolSize: 1 });
        try {
          await other.db.deleteFrom('notes').where('text', '=', 'FOUR').execute();
        } finally {
          await other.close();
        }
        expect((await version()) !== third, "another connection's commit did not move the version");
      }
    });

    await check('lowerText folds non-ASCII letters', async () => {
      await db.insertInto('notes').values({ text: 'ÉCOLE Ÿ ΣΟΦΊΑ' }).execute();
      const rows = await db
        .selectFrom('notes')
        .select(database.lowerText(sql.ref('text')).as('lower'))
        .where(database.lowerText(sql.ref('text')), 'like', 'école%')
        .execute();
      expect(rows.length === 1 && rows[0]?.lower === 'école ÿ σοφία', `rows ${JSON.stringify(rows)}`);
    });

    await check('named queries read and write, in and out of transactions', async () => {
      const byText = database.prepare('check.byText', { text: '' }, (p) =>
        db.selectFrom('notes').select(['id', 'text']).where('text', '=', p.text),
      );
      const page = database.prepare('check.page', { limit: 0, offset: 0 }, (p) =>
        db.selectFrom('notes').select('text').orderBy('id').limit(p.limit).offset(p.offset),
      );
      const insert = database.prepare('check.insert', { text: '' }, (p) =>
        db.insertInto('notes').values({ text: p.text }).returning('id'),
      );
      const [made] = await insert({ text: 'five' });
      expect(typeof made?.id === 'number', `insert returned ${JSON.stringify(made)}`);
      const [found] = await byText({ text: 'five' });
      expect(found?.id === made?.id && Object.getPrototypeOf(found) === Object.prototype, `found ${JSON.stringify(found)}`);
      const all = await texts(database);
      for (const offset of [0, 1, 0]) {
        const rows = await page({ limit: 2, offset });
        expect(rows.map((row) => row.text).join() === all.slice(offset, offset + 2).join(), `page at ${offset}`);
      }
      await database.transaction(async () => {
        await insert({ text: 'six' });
        expect((await byText({ text: 'six' })).length === 1, 'a named read missed its transaction’s write');
      });
    });

    await check('concurrent transactions each commit whole', async () => {
      await Promise.all(
        [1, 2, 3, 4].map((n) =>
          database.transaction(async () => {
            await db
              .insertInto('notes')
              .values({ text: `c${n}a` })
              .execute();
            await db
              .insertInto('notes')
              .values({ text: `c${n}b` })
              .execute();
          }),
        ),
      );
      const rows = (await texts(database)).filter((text) => text.startsWith('c'));
      expect(rows.length === 8, `rows ${rows.join()}`);
    });

    if (database.dialect === 'sqlite') {
      // Kysely streams PostgreSQL only through pg-cursor, which this package does not use.
      await check('queries stream row by row', async () => {
        let count = 0;
        for await (const row of db.selectFrom('notes').select('text').stream(2)) {
          if (typeof row.text === 'string') count += 1;
        }
        expect(count === (await texts(database)).length, `streamed ${count}`);
      });

      await check('SQLite pragmas: WAL, foreign keys, busy timeout', async () => {
        const value = async (name: string) => {
          const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
          return Object.values(rows[0] ?? {})[0];
        };
        const found = [await value('journal_mode'), await value('foreign_keys'), await value('busy_timeout')];
        const wanted = [url === 'sqlite::memory:' ? 'memory' : 'wal', 1, 5000];
        expect(JSON.stringify(found) === JSON.stringify(wanted), `pragmas ${JSON.stringify(found)}`);
      });
    }

    if (database.dialect === 'sqlite' && url !== 'sqlite::memory:') {
      await check('a deleted SQLite file refuses writes', async () => {
        const file = `${url.slice('sqlite:'.length)}-moved.db`;
        const moved = openDatabase<Tables>({ url: `sqlite:${file}` });
        try {
          await sql`create table notes (id integer primary key, text text not null)`.execute(moved.db);
          unlinkSync(file);
          const error = await rejection(moved.db.insertInto('notes').values({ text: 'lost' }).execute());
          expect(String(error).includes('SQLITE_READONLY_DBMOVED'), `rejected with ${String(error)}`);
        } finally {
          await moved.close();
        }
      });
    }

    if (database.dialect === 'postgres') {
      await check('a statement past its timeout is reported as unavailable', async () => {
        const slow = openDatabase({ url, poolSize: 1, statementTimeoutMs: 100 });
        try {
          const error = await rejection(sql`select pg_sleep(5)`.execute(slow.db));
          expect(isDatabaseUnavailable(error), `not marked unavailable: ${String(error)}`);
        } finally {
          await slow.close();
        }
      });
    }

    await check("a SQLite driver this runtime lacks is refused, naming this runtime's", async () => {
      const here = runtimeName();
      const foreign = here.startsWith('Node') ? 'bun:sqlite' : 'better-sqlite3';
      let error: unknown;
      try {
        openDatabase({ url: 'sqlite::memory:', sqliteDriver: foreign });
      } catch (thrown) {
        error = thrown;
      }
      const message = error instanceof Error ? error.message : String(error);
      expect(message.includes(here.split(' ')[0] ?? here) && message.includes('sqliteDriver'), `message: ${message}`);
    });

    await check('an unreachable PostgreSQL server is reported as unavailable', async () => {
      const unreachable = openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 2_000 });
      try {
        const error = await rejection(sql`select 1`.execute(unreachable.db));
        expect(isDatabaseUnavailable(error), `not marked unavailable: ${String(error)}`);
      } finally {
        await unreachable.close();
      }
    });
  } finally {
    await database.close();
  }
  return {
    runtime: runtimeName(),
    dialect: database.dialect,
    driver: database.sqlite?.driver ?? 'pg',
    checks,
  };
}

// Run as a program (Bun and Deno set `import.meta.main`; a test imports the module instead).
if (Reflect.get(import.meta, 'main') === true) {
  const url = process.env.CMS_CHECK_DATABASE_URL;
  if (url === undefined || url === '') throw new Error('Set CMS_CHECK_DATABASE_URL to the database to check.');
  console.log(JSON.stringify(await runRuntimeChecks(url)));
  process.exit(0);
}
