/**
 * The Node row of the runtime table (`--runtimes`): the same `tel/v1` server as the Bun,
 * Deno and workerd rows (`runtimes/tel-server.ts`), on the node adapter.
 *
 * @module
 */
import { createServer } from 'node:http';
import { openDatabase } from '@cms-json/database';
import type { OutgoingLinksTables } from '@cms-json/example-outgoing-links';
import { createRequestListener } from '@cms-json/node';
import { createTelServer } from '../runtimes/tel-server.js';
import { databaseFile, listen, main } from '../shared/child-runtime.js';

main(async () => {
  const database = openDatabase<OutgoingLinksTables>({ url: `sqlite:${databaseFile()}` });
  await listen(createServer(createRequestListener(await createTelServer(database))), { close: () => database.close() });
});
