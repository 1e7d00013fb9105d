// Requires every entry point from CommonJS, checks its exports, and answers one request
// in process through the CommonJS build (scratch project of scripts/check-packages.sh).
const entries = require('./entries.json');

for (const [specifier, names] of Object.entries(entries)) {
  const module = require(specifier);
  const missing = names.filter((name) => module[name] === undefined);
  if (missing.length > 0) throw new Error(`CJS ${specifier}: missing exports ${missing.join(', ')}`);
  if (!require.resolve(specifier).endsWith('.cjs')) throw new Error(`CJS ${specifier} resolved to ${require.resolve(specifier)}`);
}

const { createRestServer, defineRoute, READABLE } = require('@cms-json/core');
const { testClient } = require('@cms-json/core/testing');
const { openDatabase } = require('@cms-json/database');
const { sql } = require('kysely');
const { z } = require('zod');

const server = createRestServer();
server.register(
  'hello/v1',
  defineRoute({
    path: '/greeting',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { name: z.string().default('world') },
        permission: 'public',
        handler: ({ name }) => ({ message: `Hello, ${name}!` }),
      }),
    ],
  }),
);
async function main() {
  const res = await testClient(server).get('/hello/v1/greeting?name=Ada');
  if (res.status !== 200 || res.body.message !== 'Hello, Ada!') throw new Error(`CJS request: ${res.status} ${res.text}`);
  // The CommonJS build loads the SQLite driver too (not under another Node than the one
  // better-sqlite3 was built for: `--no-sqlite`).
  if (process.argv.includes('--no-sqlite')) {
    console.log(`cjs: ${Object.keys(entries).length} entry points require; a route answers in process (no SQLite)`);
    return;
  }
  const database = openDatabase({ url: 'sqlite::memory:' });
  const { rows } = await sql`select 1 + 1 as two`.execute(database.db);
  await database.close();
  if (rows[0]?.two !== 2) throw new Error(`CJS SQLite: ${JSON.stringify(rows)}`);
  console.log(`cjs: ${Object.keys(entries).length} entry points require; a route answers in process; SQLite opens`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
