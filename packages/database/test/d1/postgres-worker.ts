/**
 * PostgreSQL from a Worker on workerd, over workerd's own TCP (`cloudflare:sockets`, which
 * `pg` uses through `pg-cloudflare` under the `workerd` condition): `postgres-workerd.test.ts`
 * serves it and asks `GET /checks`. A Worker may not share a socket between requests, so the
 * database is opened (`openDatabase({ url, pg })`) and closed per request, with one connection.
 *
 * @module
 */
import { sql } from 'kysely';
import pg from 'pg';
import { changeVersion } from '../../src/change-versions.js';
import { openDatabase } from '../../src/connect.js';
import { runMigrations } from '../../src/migrations.js';
import { D1_MIGRATIONS, type D1Tables } from './checks.js';

async function checks(url: string): Promise<Record<string, unknown>> {
  // `pg` given as imported: a bundle has no node_modules to load it from by name.
  const database = openDatabase<D1Tables>({ url, pg, poolSize: 1 });
  try {
    const { db } = database;
    const applied = await runMigrations(database, { owner: 'workerd-postgres', migrations: D1_MIGRATIONS });
    const version = changeVersion(database, { tables: ['notes'] });
    const versions = [await version()];
    const order: string[] = [];
    await database.transaction(async () => {
      await db.insertInto('notes').values({ title: 'committed' }).execute();
      await database.afterCommit(() => {
        order.push('afterCommit');
      });
      order.push('work');
    });
    versions.push(await version());
    let failure = '';
    try {
      await database.transaction(async () => {
        await db.insertInto('notes').values({ title: 'rolled back' }).execute();
        throw new Error('the work failed');
      });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const byTitle = database.prepare('notes.byTitle', { title: '' }, (p) =>
      db.selectFrom('notes').select('title').where('title', '=', p.title),
    );
    const lowered = await sql<{ v: string }>`select ${database.lowerText(sql.val('ÉCOLE'))} as v`.execute(db);
    return {
      applied,
      atomicTransactions: database.atomicTransactions,
      order,
      failure,
      titles: (await db.selectFrom('notes').select('title').orderBy('id').execute()).map((row) => row.title),
      named: await byTitle({ title: 'committed' }),
      versionsDistinct: new Set(versions).size,
      lowered: lowered.rows[0]?.v,
    };
  } finally {
    await database.close();
  }
}

export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    try {
      if (new URL(request.url).pathname !== '/checks') return new Response(null, { status: 404 });
      return Response.json(await checks(String(env['DATABASE_URL'])));
    } catch (error) {
      return Response.json(
        { error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) },
        { status: 500 },
      );
    }
  },
};
