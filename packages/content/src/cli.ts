import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isRestError } from '@cms-json/core';
import { DEFAULT_DATABASE_URL, openDatabase } from '@cms-json/database';
import { contentError } from './errors.js';
import { migrateContent } from './migrations.js';
import { sqlContentStorage } from './sql-storage.js';
import type { ContentTables } from './tables.js';
import { SqlUserStore } from './users/store.js';

const USAGE = `Usage: cms-json <command> [options]

Commands:
  create-admin --login <login> --email <email> [--password <password>] [--db <url>]
      Creates an administrator. Without --password a strong one is generated and printed once.
  app-password --login <login> --name <name> [--password <24 letters and digits>] [--db <url>]
      Creates an application password for HTTP Basic authentication and prints it once.
      --password sets a known value (one a client already holds, from the old site).
  import-user --login <login> --email <email> [--role <role>] [--display-name <name>]
              [--first-name <name>] [--last-name <name>] [--nickname <name>] [--url <url>]
              [--registered <ISO date>] [--password-hash <WordPress hash> | --password <password>] [--db <url>]
      Brings a user over from a WordPress site: registration date, names, role and their
      WordPress password hash ($P$…, $wp$2y$…), which becomes this site's own at the first login.
  serve --wordpress <mysql://user:password@host/database> [--prefix wp_] [--uploads <path>]
        [--read-only] [--port <port>] [--host <host>] [--site-url <url>]
      Serves an existing WordPress database at /wp-json/ (needs @cms-json/wordpress-db and
      @cms-json/node installed). cms-json serve --help tells more.

--db defaults to $DATABASE_URL, then ${DEFAULT_DATABASE_URL}.
`;

/**
 * Where {@link runCli} writes; the process streams by default.
 *
 * @example
 * const lines: string[] = [];
 * const io: CliOutput = { out: (text) => lines.push(text), err: (text) => lines.push(text) };
 */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CliOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs the content command line and returns its exit code: 0 done, 1 failed (the reason is
 * written to `err`), 2 bad usage.
 *
 * @example
 * const code = await runCli(['create-admin', '--login', 'admin', '--email', 'admin@example.com', '--db', 'sqlite:./data/site.db']);
 */
export async function runCli(argv: readonly string[], io: CliOutput = processOutput, env = process.env): Promise<number> {
  if (argv[0] === 'serve') return runServe(argv.slice(1), io, env);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { command, values } = parsed;
  if (command === undefined || command === 'help' || values.help) {
    io.out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command !== 'create-admin' && command !== 'app-password' && command !== 'import-user') {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  const missing = (command === 'app-password' ? ['login', 'name'] : ['login', 'email']).filter(
    (name) => !values[name as keyof typeof values],
  );
  if (missing.length > 0) {
    io.err(`${command}: missing ${missing.map((name) => `--${name}`).join(', ')}.\n\n${USAGE}`);
    return 2;
  }

  let database: ReturnType<typeof openDatabase<ContentTables>> | undefined;
  try {
    database = openDatabase<ContentTables>({ url: values.db ?? env.DATABASE_URL ?? DEFAULT_DATABASE_URL });
    await migrateContent(database);
    const users = new SqlUserStore(database);
    if (command === 'create-admin') {
      const password = values.password ?? randomBytes(18).toString('base64url');
      const user = await users.create({
        login: String(values.login),
        email: String(values.email),
        password,
        roles: ['administrator'],
      });
      io.out(`Created administrator "${user.login}" (id ${user.id}).\n`);
      if (values.password === undefined) io.out(`Password (shown once): ${password}\n`);
    } else if (command === 'import-user') {
      const password =
        values['password-hash'] === undefined ? (values.password ?? randomBytes(18).toString('base64url')) : undefined;
      const user = await users.create({
        login: String(values.login),
        email: String(values.email),
        password,
        passwordHash: values['password-hash'],
        roles: [values.role ?? 'subscriber'],
        displayName: values['display-name'],
        firstName: values['first-name'],
        lastName: values['last-name'],
        nickname: values.nickname,
        url: values.url,
        registered: values.registered,
      });
      io.out(`Imported user "${user.login}" (id ${user.id}, registered ${user.registered}).\n`);
      if (values.password === undefined && values['password-hash'] === undefined) io.out(`Password (shown once): ${password}\n`);
    } else {
      const user = await users.findByLogin(String(values.login));
      if (!user) throw contentError('invalid_username.login', { params: { login: String(values.login) } });
      const created = await sqlContentStorage(database).applicationPasswords.create(user.id, {
        name: String(values.name),
        password: values.password,
      });
      io.out(`Application password "${created.item.name}" for "${user.login}" (uuid ${created.item.uuid}).\n`);
      io.out(`Password (shown once): ${created.formatted}\n`);
    }
    return 0;
  } catch (error) {
    const message = isRestError(error)
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
    io.err(`${command} failed: ${message}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

/** The package that serves a WordPress database; content does not depend on it, so it is found at run time. */
const WORDPRESS_PACKAGE = '@cms-json/wordpress-db';

/**
 * `serve`: delegated to `@cms-json/wordpress-db`'s `runServeCommand` (its arguments, help and
 * exit codes); 1 with how to install it when it is not installed.
 */
async function runServe(argv: readonly string[], io: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  let loaded: unknown;
  try {
    // A specifier in a variable: bundlers and the compiler leave the optional package alone.
    loaded = await import(WORDPRESS_PACKAGE);
  } catch (error) {
    const missing =
      error instanceof Error &&
      Reflect.get(error, 'code') === 'ERR_MODULE_NOT_FOUND' &&
      error.message.includes(`'${WORDPRESS_PACKAGE}'`);
    io.err(
      missing
        ? `cms-json serve needs ${WORDPRESS_PACKAGE}: install @cms-json/wordpress-db (npm install @cms-json/wordpress-db @cms-json/node).\n`
        : `cms-json serve: ${WORDPRESS_PACKAGE} could not be loaded: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const run = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'runServeCommand') : undefined;
  if (typeof run !== 'function') {
    io.err(`cms-json serve: this version of ${WORDPRESS_PACKAGE} has no runServeCommand; update it.\n`);
    return 1;
  }
  const code: unknown = await run(argv, io, env);
  return typeof code === 'number' ? code : 1;
}

function parse(argv: readonly string[]) {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      login: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'password-hash': { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'display-name': { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      nickname: { type: 'string' },
      url: { type: 'string' },
      registered: { type: 'string' },
      db: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 1) throw new Error(`Unexpected argument "${positionals[1]}".`);
  return { command: positionals[0], values };
}

/** True when this file is the program being run (`npx tsx packages/content/src/cli.ts …`). */
function isMain(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  process.exitCode = await runCli(process.argv.slice(2));
}
