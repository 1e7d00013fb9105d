/**
 * The server child of the WordPress-database cases: `wordpressSite` over the database at
 * `BENCH_DB` (a `mysql://` URL of a fixture copy), on the node adapter, 127.0.0.1.
 *
 * @module
 */
import { createServer } from 'node:http';
import { createRequestListener } from '@cms-json/node';
import { wordpressSite } from '@cms-json/wordpress-db';
import { databaseFile, listen, main } from './shared/child-runtime.js';

main(async () => {
  // A fixed secret: nothing here signs in, and a generated one would print nothing anyway.
  const site = await wordpressSite({ url: databaseFile(), secret: 'cms-json-bench-wordpress-secret' });
  await listen(createServer(createRequestListener(site.server)), { close: site.close, note: `serving ${site.siteUrl}` });
});
