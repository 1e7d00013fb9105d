/**
 * Sample outgoing links, added on a first start when the table is empty.
 *
 * @module
 */
import { type OutgoingLinksStore, slugOf } from '@cms-json/example-outgoing-links';

const SAMPLES: readonly [string, string][] = [
  ['WordPress REST API Handbook', 'https://developer.wordpress.org/rest-api/'],
  ['Node.js Documentation', 'https://nodejs.org/docs/latest/api/'],
  ['TypeScript Handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html'],
  ['Zod', 'https://zod.dev/'],
  ['Kysely', 'https://kysely.dev/'],
  ['SQLite', 'https://sqlite.org/docs.html'],
  ['PostgreSQL Manual', 'https://www.postgresql.org/docs/current/'],
  ['MDN HTTP', 'https://developer.mozilla.org/en-US/docs/Web/HTTP'],
  ['JSON Schema draft-04', 'https://json-schema.org/draft-04/schema'],
  ['RFC 8288 Web Linking', 'https://www.rfc-editor.org/rfc/rfc8288'],
  ['Express', 'https://expressjs.com/'],
  ['Hono', 'https://hono.dev/'],
];

/** Adds the sample links when there are none yet; returns how many were added. */
export async function addSampleLinks(store: OutgoingLinksStore): Promise<number> {
  const { total } = await store.list({ limit: 1, offset: 0, order: 'asc', orderby: 'id' });
  if (total > 0) return 0;
  for (const [title, link] of SAMPLES) await store.insert({ title, slug: slugOf(title), link });
  return SAMPLES.length;
}
