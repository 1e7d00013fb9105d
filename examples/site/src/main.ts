/**
 * `npm start`: serves the example site on node:http with an embedded SQLite database.
 * SIGINT and SIGTERM stop gracefully (queued connections answered, in-flight requests
 * finished, at most 10 s, then the database closed).
 *
 * @module
 */
import { redactDatabaseUrl } from '@cms-json/database';
import { serve } from '@cms-json/node';
import { readConfig } from './config.js';
import { createSite } from './create-site.js';

const config = readConfig(process.env);
const site = await createSite(config);
const listening = await serve({ server: site.server, port: config.port, host: config.host });
const root = site.server.restRootUrl();

console.log(`cms-json example site listening on http://${config.host}:${listening.port}`);
console.log(`  site:      ${config.siteUrl}/`);
console.log(`  REST root: ${root}`);
console.log(`  database:  ${redactDatabaseUrl(config.databaseUrl)}`);
if (site.firstAdmin !== undefined) {
  console.log(
    `  created administrator "${site.firstAdmin.login}"${site.firstAdmin.generated ? ' with a generated application password (shown once):' : '.'}`,
  );
  if (site.firstAdmin.generated) console.log(`      ${site.firstAdmin.password}`);
}
if (site.sampleLinksAdded > 0) console.log(`  added ${site.sampleLinksAdded} sample outgoing links`);
console.log(`  authenticate: HTTP Basic with an application password, e.g.`);
console.log(`      curl -u ${config.adminUser}:'<application password>' ${root}${config.prefix}/v2/users/me`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: finishing in-flight requests…`);
  // `close()` takes what waits in the accept queue, then stops accepting, lets every accepted
  // request finish and cuts what is still busy after 10 s; past 15 s the process exits anyway.
  setTimeout(() => {
    console.error('stop: still busy after 15 s; exiting.');
    process.exit(1);
  }, 15_000).unref();
  await listening.close();
  await site.close();
  console.log('stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
