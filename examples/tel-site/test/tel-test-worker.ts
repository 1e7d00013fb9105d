/**
 * The tel site as the tel/v1 suite sees it on a runtime (`examples/outgoing-links/test/setup.ts`
 * with `CMS_TEL_RUNTIME`): the same site as `src/worker.ts`, plus one route for the tests only,
 * `POST /__tel-test/reset` with the `x-tel-test-reset` header equal to `env.TEL_TEST_RESET_TOKEN`,
 * which empties the links table and restarts its ids at 1 (users stay), so each test starts
 * from an empty table as it does in process, without a runtime started per test.
 *
 * @module
 */
import { sql } from 'kysely';
import { type OpenTelSite, openTelSite } from '../src/open-tel-site.js';

/** Empties `outgoing_links` and restarts its ids (SQLite and D1: `sqlite_sequence`; PostgreSQL: `restart identity`). */
async function resetLinks(opened: OpenTelSite): Promise<void> {
  const { database } = opened;
  if (database.dialect === 'postgres') {
    await sql`truncate outgoing_links restart identity`.execute(database.db);
    return;
  }
  await database.db.deleteFrom('outgoing_links').execute();
  await sql`delete from sqlite_sequence where name = 'outgoing_links'`.execute(database.db);
}

/** The worker module: the tel site built on the first request, the reset route in front of it. */
function createTelTestWorker() {
  let started: Promise<OpenTelSite> | undefined;
  const start = async (env: Readonly<Record<string, unknown>>) => {
    try {
      return await openTelSite(env);
    } catch (error) {
      started = undefined;
      throw error;
    }
  };
  return {
    async fetch(request: Request, env: Readonly<Record<string, unknown>>): Promise<Response> {
      started ??= start(env);
      const opened = await started;
      if (new URL(request.url).pathname !== '/__tel-test/reset') return opened.handler(request);
      const token = env.TEL_TEST_RESET_TOKEN;
      if (
        request.method !== 'POST' ||
        typeof token !== 'string' ||
        token === '' ||
        request.headers.get('x-tel-test-reset') !== token
      ) {
        return new Response('Forbidden', { status: 403 });
      }
      await resetLinks(opened);
      return new Response(null, { status: 204 });
    },
  };
}

export default createTelTestWorker();
