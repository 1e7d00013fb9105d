/**
 * Read replicas on a real streaming replica made by `pg_basebackup`
 * (scripts/postgres-replica.sh, started by this file): routing, read-your-writes by position,
 * a replica that falls behind or goes away, a restart under load. About 20 s.
 */
import { type Generated, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './index.js';
import { type ReplicaPair, startReplicaPair } from './replica-pair.js';

interface Tables {
  notes: { id: Generated<number>; text: string };
}

const HEALTH = { pollIntervalMs: 100, pollTimeoutMs: 500, maxLagMs: 600 };
/** The bound the docs give for leaving rotation: lag bound + two polls + a poll's timeout, with room for a slow machine. */
const LEAVES_WITHIN_MS = HEALTH.maxLagMs + 2 * HEALTH.pollIntervalMs + HEALTH.pollTimeoutMs + 3_000;

let pair: ReplicaPair;
let database: Database<Tables>;
let replicaAdmin: pg.Client;

async function onStandby(): Promise<boolean> {
  const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(database.db);
  return rows[0]?.standby === true;
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return Date.now() - started;
}

const inRotation = () => database.replicaStatus().every((replica) => replica.inRotation);

beforeAll(async () => {
  pair = await startReplicaPair();
  database = openDatabase<Tables>({
    url: pair.primaryUrl,
    replicas: [pair.replicaUrl],
    replicaHealth: HEALTH,
    onIdleConnectionError: () => {},
  });
  await sql`create table notes (id serial primary key, text text not null)`.execute(database.db);
  replicaAdmin = new pg.Client({ connectionString: pair.replicaUrl });
  await replicaAdmin.connect();
  await until(inRotation, 10_000);
}, 60_000);

afterAll(async () => {
  await replicaAdmin?.end().catch(() => {});
  await database?.close();
  await pair?.stop();
});

describe('read replicas: routing', () => {
  it('sends reads of a scope that allows it to the replica, and everything else to the primary', async () => {
    expect(await onStandby()).toBe(false);
    expect(await database.readScope({ mayUseReplica: true }, onStandby)).toBe(true);
    expect(await database.readScope({ mayUseReplica: false }, onStandby)).toBe(false);
    // A transaction inside an allowing scope still runs on the primary, and its write lands.
    const inserted = await database.readScope({ mayUseReplica: true }, () =>
      database.transaction(async () => {
        expect(await onStandby()).toBe(false);
        return database.db.insertInto('notes').values({ text: 'in a transaction' }).returning('id').executeTakeFirstOrThrow();
      }),
    );
    expect(inserted.id).toBeGreaterThan(0);
    expect(database.replicaStatus()[0]?.reads).toBeGreaterThan(0);
  });

  it('runs a write that reached the replica again on the primary', async () => {
    const before = await database.writePosition();
    const row = await database.readScope({ mayUseReplica: true }, () =>
      database.db.insertInto('notes').values({ text: 'outside a transaction' }).returning('id').executeTakeFirstOrThrow(),
    );
    expect(row.id).toBeGreaterThan(0);
    const after = await database.writePosition();
    expect(before).not.toBe(after);
  });

  it('sends a scope with a position that is not one to the primary', async () => {
    for (const bad of ['', 'x', '0/1; drop table notes', '99999999999/0']) {
      expect(await database.readScope({ mayUseReplica: true, notBefore: bad }, onStandby)).toBe(false);
    }
  });

  it('keeps the reads of one scope on one replica, and spreads scopes over the replicas', async () => {
    // The same server named twice: two replicas to the router.
    const two = openDatabase<Tables>({
      url: pair.primaryUrl,
      replicas: [pair.replicaUrl, pair.replicaUrl],
      replicaHealth: HEALTH,
    });
    try {
      // Polling starts with the database's first statement, as Kysely's drivers start.
      await sql`select 1`.execute(two.db);
      await until(() => two.replicaStatus().every((replica) => replica.inRotation), 10_000);
      const reads = () => two.replicaStatus().map((replica) => replica.reads);
      for (let scope = 0; scope < 4; scope++) {
        const before = reads();
        await two.readScope({ mayUseReplica: true }, async () => {
          for (let i = 0; i < 5; i++) await two.db.selectFrom('notes').select('id').limit(1).execute();
        });
        const added = reads().map((count, i) => count - (before[i] ?? 0));
        expect(added.filter((count) => count > 0)).toEqual([5]);
      }
      expect(reads().every((count) => count > 0)).toBe(true);
    } finally {
      await two.close();
    }
  });

  it('refuses replicas on SQLite and replica URLs that are not PostgreSQL', () => {
    expect(() => openDatabase({ url: 'sqlite::memory:', replicas: [pair.replicaUrl] })).toThrow(/need a PostgreSQL database/);
    expect(() => openDatabase({ url: pair.primaryUrl, replicas: ['sqlite:./x.db'] })).toThrow(/a read replica is a postgres/);
    expect(() => openDatabase({ url: pair.primaryUrl, replicas: [pair.replicaUrl], replicaHealth: { maxLagMs: -1 } })).toThrow(
      /maxLagMs must be a positive number/,
    );
  });
});

describe('read replicas: read-your-writes while the replica lags', () => {
  it('a write then a read by its position always sees the write (replay paused for part of the run)', async () => {
    const rounds = 300;
    let seen = 0;
    let fromReplica = 0;
    let maxLagBytes = 0;
    for (let i = 0; i < rounds; i++) {
      if (i === 100) await replicaAdmin.query('select pg_wal_replay_pause()');
      if (i === 200) await replicaAdmin.query('select pg_wal_replay_resume()');
      const text = `note ${i}`;
      const { id } = await database.db.insertInto('notes').values({ text }).returning('id').executeTakeFirstOrThrow();
      const position = await database.writePosition();
      const read = await database.readScope({ mayUseReplica: true, notBefore: position }, async () => ({
        row: await database.db.selectFrom('notes').select('text').where('id', '=', id).executeTakeFirst(),
        standby: await onStandby(),
      }));
      if (read.row?.text === text) seen += 1;
      if (read.standby) fromReplica += 1;
      maxLagBytes = Math.max(maxLagBytes, database.replicaStatus()[0]?.lagBytes ?? 0);
    }
    console.log(
      `read-your-writes: ${seen}/${rounds} seen, ${fromReplica} of those reads from the replica, largest lag ${maxLagBytes} bytes`,
    );
    expect(seen).toBe(rounds);
    await until(inRotation, 10_000);
  }, 60_000);
});

describe('read replicas: health', () => {
  it('takes a replica that falls behind out of rotation within the bound, and puts it back', async () => {
    await until(inRotation, 10_000);
    await replicaAdmin.query('select pg_wal_replay_pause()');
    try {
      await database.db.insertInto('notes').values({ text: 'unseen by the paused replica' }).execute();
      const took = await until(async () => !(await database.readScope({ mayUseReplica: true }, onStandby)), LEAVES_WITHIN_MS);
      console.log(`a paused replica left rotation after ${took} ms (lag bound ${HEALTH.maxLagMs} ms)`);
    } finally {
      await replicaAdmin.query('select pg_wal_replay_resume()');
    }
    await until(inRotation, 10_000);
    expect(await database.readScope({ mayUseReplica: true }, onStandby)).toBe(true);
  }, 30_000);

  it('waitForReplicas answers true once the replica replayed a write, false and out of rotation when it cannot', async () => {
    await database.db.insertInto('notes').values({ text: 'waited for' }).execute();
    expect(await database.waitForReplicas(await database.writePosition(), { timeoutMs: 5_000 })).toBe(true);
    expect(await database.waitForReplicas(undefined)).toBe(true);
    await replicaAdmin.query('select pg_wal_replay_pause()');
    try {
      await database.db.insertInto('notes').values({ text: 'never replayed in time' }).execute();
      expect(await database.waitForReplicas(await database.writePosition(), { timeoutMs: 300 })).toBe(false);
      expect(database.replicaStatus()[0]?.inRotation).toBe(false);
      expect(await database.readScope({ mayUseReplica: true }, onStandby)).toBe(false);
    } finally {
      await replicaAdmin.query('select pg_wal_replay_resume()');
    }
    await until(inRotation, 10_000);
  }, 30_000);

  it('answers every read of a bounded load while the replica stops and starts again: 0 errors', async () => {
    await until(inRotation, 10_000);
    await replicaAdmin.end();
    let reads = 0;
    let errors = 0;
    let replicaReads = 0;
    let running = true;
    const reader = async () => {
      for (let i = 0; running && i < 5_000; i++) {
        try {
          const standby = await database.readScope({ mayUseReplica: true }, async () => {
            await database.db.selectFrom('notes').select('id').limit(5).execute();
            return onStandby();
          });
          if (standby) replicaReads += 1;
          reads += 1;
        } catch (error) {
          errors += 1;
          console.error(error);
        }
      }
    };
    const readers = Promise.all([reader(), reader(), reader(), reader()]);
    await new Promise((done) => setTimeout(done, 300));
    await pair.stopReplica();
    const left = await until(() => !database.replicaStatus()[0]?.inRotation, LEAVES_WITHIN_MS);
    await new Promise((done) => setTimeout(done, 300));
    await pair.startReplica();
    const back = await until(inRotation, 15_000);
    await new Promise((done) => setTimeout(done, 300));
    running = false;
    await readers;
    console.log(
      `replica restart under load: ${reads} reads, ${errors} errors, ${replicaReads} from the replica, out of rotation ${left} ms after the stop, back ${back} ms after the start, ${database.replicaStatus()[0]?.reads} replica statements in all`,
    );
    replicaAdmin = new pg.Client({ connectionString: pair.replicaUrl });
    await replicaAdmin.connect();
    expect(errors).toBe(0);
    expect(reads).toBeGreaterThan(0);
  }, 60_000);
});
