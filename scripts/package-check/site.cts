// A CommonJS TypeScript site, as a user's `site.cts` run with `npx tsx site.cts` (scratch
// project of scripts/check-packages.sh): tsx loads a `.cts` file with `require`, so every
// package's CommonJS build (and what it requires) must load without Node's require(esm).
// It serves the content routes on SQLite over node:http and answers one real request; the
// API viewer, used without its optional peer swagger-ui-dist, stops start-up with a message
// naming the package to install.
import content = require('@cms-json/content');
import core = require('@cms-json/core');
import database = require('@cms-json/database');
import node = require('@cms-json/node');
import viewer = require('@cms-json/openapi/viewer');

async function main(): Promise<void> {
  const opened = database.openDatabase({ url: 'sqlite::memory:' });
  await content.migrateContent(opened);
  const auth = content.createAuth({ database: opened, secret: 'a scratch secret, sixteen characters or more' });
  const server = core.createRestServer();
  await server.use(content.contentPlugin({ auth }));

  const refused = await server.use(viewer.apiViewer()).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(refused instanceof core.RestError) || !refused.message.includes('npm install swagger-ui-dist')) {
    throw new Error(`apiViewer() without swagger-ui-dist: expected rest_missing_package, got ${String(refused)}`);
  }

  const served = await node.serve({ server, port: 0, host: '127.0.0.1' });
  try {
    const res = await fetch(`${served.url}/cms-json/cms/v2/posts`);
    const body: unknown = await res.json();
    if (res.status !== 200 || !Array.isArray(body)) throw new Error(`GET posts answered ${res.status} ${JSON.stringify(body)}`);
  } finally {
    await served.close();
    await opened.close();
  }
  console.log(
    'tsx site.cts: the CommonJS builds load, GET /cms-json/cms/v2/posts answers 200; apiViewer() names swagger-ui-dist',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
