/**
 * Ambient transactions on the test engine (SQLite, or PostgreSQL with CMS_TEST_DATABASE_URL):
 * the work's queries through the shared `db` are one transaction, nested transactions are
 * savepoints, and others never see uncommitted writes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, isDatabaseUnavailable, TransactionTimeout } from './index.js';
import { openTestDatabase } from './testing.js';

interface Tables {
  notes: { id: number; text: string };
}

let database: Database<Tables>;
beforeEach(async () => {
  database = await openTestDatabase<Tables>();
  await database.db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
});
afterEach(async () => {
  await database.close();
});

/** A store that holds `db`, as the content stores do: it knows nothing of transactions. */
const insert = (id: number, text = `note ${id}`) => database.db.insertInto('notes').values({ id, text }).execute();
const count = async () =>
  Number(
    (
      await database.db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('Database.transaction', () => {
  it('commits every write of the work when it resolves', async () => {
    const result = await database.transaction(async () => {
      await insert(1);
      await insert(2);
      return 'done';
    });
    expect([result, await count()]).toEqual(['done', 2]);
  });

  it('rolls every write back when the work rejects, and passes the rejection on', async () => {
    await insert(1);
    const error = await failure(() =>
      database.transaction(async () => {
        await insert(2);
        await database.db.updateTable('notes').set({ text: 'changed' }).where('id', '=', 1).execute();
        throw new Error('third one failed');
      }),
    );
    expect((error as Error).message).toBe('third one failed');
    expect(await database.db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, text: 'note 1' }]);
  });

  it("makes the work's own transactions savepoints: an inner failure undoes only its part", async () => {
    await database.transaction(async () => {
      await insert(1);
      await failure(() =>
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values({ id: 2, text: 'inner' }).execute();
          throw new Error('inner failed');
        }),
      );
      await database.db.transaction().execute((trx) => trx.insertInto('notes').values({ id: 3, text: 'kept' }).execute());
    });
    expect((await database.db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 3]);
  });

  it('keeps savepoints nested two deep apart: an inner failure undoes only the innermost part', async () => {
    await database.transaction(async () => {
      for (let round = 0; round < 3; round++) {
        await database.db.transaction().execute(async (outer) => {
          await outer
            .insertInto('notes')
            .values({ id: round * 10 + 1, text: 'outer' })
            .execute();
          await failure(() =>
            database.db.transaction().execute(async (inner) => {
              await inner
                .insertInto('notes')
                .values({ id: round * 10 + 2, text: 'inner' })
                .execute();
              throw new Error('inner failed');
            }),
          );
        });
      }
    });
    expect((await database.db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 11, 21]);
  });

  it('undoes committed inner transactions too when the work fails later', async () => {
    await failure(() =>
      database.transaction(async () => {
        await database.db.transaction().execute((trx) => trx.insertInto('notes').values({ id: 1, text: 'a' }).execute());
        throw new Error('later');
      }),
    );
    expect(await count()).toBe(0);
  });

  it('joins the transaction already open when called inside one', async () => {
    await failure(() =>
      database.transaction(async () => {
        await database.transaction(() => insert(1));
        throw new Error('outer failed');
      }),
    );
    expect(await count()).toBe(0);
  });

  it('lets no other request see uncommitted writes, and serves it after the commit', async () => {
    const byId = database.prepare('notes.byId', { id: 0 }, ({ id }) =>
      database.db.selectFrom('notes').selectAll().where('id', '=', id),
    );
    let release!: () => void;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    let inserted!: () => void;
    const wrote = new Promise<void>((done) => {
      inserted = done;
    });
    const batch = database.transaction(async () => {
      await insert(1);
      inserted();
      await gate;
    });
    await wrote;
    // Outside the work: either not seen (PostgreSQL) or waiting its turn (SQLite), never dirty.
    const outside = Promise.all([byId({ id: 1 }), count()]);
    const early = await Promise.race([
      outside.then(([rows, n]) => ({ rows, n })),
      new Promise((done) => setTimeout(done, 20, 'waiting')),
    ]);
    if (early !== 'waiting') expect(early).toEqual({ rows: [], n: 0 });
    release();
    await batch;
    const [rows, n] = await outside;
    expect(n === 0 || n === 1).toBe(true);
    expect(rows.length === 0 || rows.length === 1).toBe(true);
    expect(await byId({ id: 1 })).toEqual([{ id: 1, text: 'note 1' }]);
  });

  it('rolls back a transaction that outlasts its time limit; the late queries of its work fail', async () => {
    let late: Promise<unknown> | undefined;
    let resume!: () => void;
    const stalled = new Promise<void>((done) => {
      resume = done;
    });
    const error = await failure(() =>
      database.transaction(
        async () => {
          await insert(1);
          await stalled;
          late = insert(2);
          await late;
        },
        { timeoutMs: 50 },
      ),
    );
    expect(error).toBeInstanceOf(TransactionTimeout);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await count()).toBe(0);
    resume();
    await new Promise((done) => setTimeout(done, 0));
    expect(isDatabaseUnavailable(await failure(() => late ?? Promise.reject(new Error('not run'))))).toBe(true);
    expect(await count()).toBe(0);
    await insert(3);
    expect(await count()).toBe(1);
  });

  it('still fails the late queries of a timed-out work after another transaction came and went', async () => {
    let resume!: () => void;
    const stalled = new Promise<void>((done) => {
      resume = done;
    });
    let late: Promise<unknown> | undefined;
    const timedOut = failure(() =>
      database.transaction(
        async () => {
          await stalled;
          late = insert(2);
          await late;
        },
        { timeoutMs: 50 },
      ),
    );
    expect(await timedOut).toBeInstanceOf(TransactionTimeout);
    // Another transaction opens and ends while the first work still runs.
    await database.transaction(() => insert(1));
    resume();
    await new Promise((done) => setTimeout(done, 0));
    expect(isDatabaseUnavailable(await failure(() => late ?? Promise.reject(new Error('not run'))))).toBe(true);
    expect(await count()).toBe(1);
    // And once every work has ended, new transactions still work.
    await database.transaction(() => insert(3));
    expect(await count()).toBe(2);
  });

  it('is the runner the core takes', async () => {
    const run = database.transactionRunner();
    await failure(() =>
      run(async () => {
        await insert(1);
        throw new Error('no');
      }),
    );
    expect(await count()).toBe(0);
  });
});

describe('Database.beforeCommit', () => {
  const KEY = {};
  /** Work kept for the end: inserts the notes gathered by the transaction's steps, and says when it ran. */
  const gather = (log: string[]) =>
    database.beforeCommit(KEY, () => {
      const ids = new Set<number>();
      return {
        ids,
        beforeCommit: async () => {
          log.push(`end ${[...ids].join(',')}`);
          for (const id of [...ids].sort((a, b) => a - b)) await insert(id);
        },
      };
    });

  it('runs the kept work once, after the work and inside its transaction, with what every step added', async () => {
    const log: string[] = [];
    await database.transaction(async () => {
      gather(log)?.ids.add(3);
      await database.db.transaction().execute(async () => {
        gather(log)?.ids.add(1);
      });
      log.push('work done');
    });
    expect(log).toEqual(['work done', 'end 3,1']);
    expect((await database.db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 3]);
  });

  it('answers undefined outside a transaction: the caller does its work at once', async () => {
    const log: string[] = [];
    expect(gather(log)).toBeUndefined();
    expect(log).toEqual([]);
  });

  it('rolls the whole transaction back when the kept work fails, and runs none when the work fails', async () => {
    const error = await failure(() =>
      database.transaction(async () => {
        await insert(1);
        database.beforeCommit(KEY, () => ({
          beforeCommit: () => Promise.reject(new Error('the end failed')),
        }));
      }),
    );
    expect((error as Error).message).toBe('the end failed');
    const log: string[] = [];
    await failure(() =>
      database.transaction(async () => {
        gather(log)?.ids.add(2);
        throw new Error('the work failed');
      }),
    );
    expect([log, await count()]).toEqual([[], 0]);
  });
});

describe('Database.afterCommit', () => {
  it('runs the work once the transaction committed, in the order asked, seeing what it stored', async () => {
    const log: string[] = [];
    await database.transaction(async () => {
      await insert(1);
      await database.afterCommit(async () => {
        log.push(`first sees ${await count()}`);
      });
      await database.afterCommit(() => {
        log.push('second');
      });
      log.push('work done');
    });
    expect(log).toEqual(['work done', 'first sees 1', 'second']);
  });

  it('runs the work at once outside a transaction, and outside the transaction of another database', async () => {
    const log: string[] = [];
    await database.afterCommit(() => {
      log.push('now');
    });
    const other = await openTestDatabase();
    await other.transaction(() =>
      database.afterCommit(() => {
        log.push('not in this database’s transaction: now too');
      }),
    );
    await other.close();
    expect(log).toEqual(['now', 'not in this database’s transaction: now too']);
  });

  it('never runs the work of a transaction rolled back, whether its work or its end failed', async () => {
    const log: string[] = [];
    await failure(() =>
      database.transaction(async () => {
        await database.afterCommit(() => {
          log.push('ran');
        });
        throw new Error('the work failed');
      }),
    );
    await failure(() =>
      database.transaction(async () => {
        await database.afterCommit(() => {
          log.push('ran');
        });
        database.beforeCommit({}, () => ({ beforeCommit: () => Promise.reject(new Error('the end failed')) }));
      }),
    );
    expect([log, await count()]).toEqual([[], 0]);
  });

  it('keeps the commit when a work fails, runs the later ones, and passes the first failure on', async () => {
    const log: string[] = [];
    const error = await failure(() =>
      database.transaction(async () => {
        await insert(1);
        await database.afterCommit(() => Promise.reject(new Error('could not clean up')));
        await database.afterCommit(() => {
          log.push('later work ran');
        });
      }),
    );
    expect((error as Error).message).toBe('could not clean up');
    expect([log, await count()]).toEqual([['later work ran'], 1]);
  });
});
