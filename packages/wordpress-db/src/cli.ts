/**
 * `cms-json serve --wordpress mysql://…`: serves a WordPress database over HTTP until the
 * process is stopped. `@cms-json/content`'s `cms-json` command delegates its `serve` command
 * here (content does not depend on this package); {@link runServeCommand} is the whole of it.
 *
 * ```sh
 * npx cms-json serve --wordpress mysql://wp:secret@127.0.0.1/wordpress --uploads /var/www/html/wp-content/uploads
 * ```
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { redactDatabaseUrl } from '@cms-json/database';
import { wordpressSite } from './site.js';

/** The command's help. */
export const SERVE_USAGE = `Usage: cms-json serve --wordpress <mysql://user:password@host[:port]/database> [options]

Serves an existing WordPress database (MySQL or MariaDB) through the WordPress REST API at /wp-json/.

Options:
  --wordpress <url>   The WordPress database (default: $WORDPRESS_DATABASE_URL).
  --prefix <prefix>   The table prefix ($table_prefix of wp-config.php). Default: wp_
  --uploads <path>    WordPress's uploads folder (wp-content/uploads); without it uploads are refused.
  --read-only         Refuse every write (the default when the database account may not write).
  --port <port>       The port to listen on (0: any free port). Default: 8080
  --host <host>       The interface to listen on. Default: 127.0.0.1
  --site-url <url>    The site's address in links. Default: the site's "home" option.

The site secret (nonces, cookie sessions) is $CMS_SITE_SECRET, else one made at each start.
`;

/**
 * Where the command writes.
 *
 * @example
 * const io: ServeOutput = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };
 */
export interface ServeOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: ServeOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** The parsed arguments. */
interface ServeArguments {
  url: string;
  prefix: string | undefined;
  uploads: string | undefined;
  readOnly: boolean | undefined;
  port: number;
  host: string;
  siteUrl: string | undefined;
}

/** A usage error: the message, then the usage, and exit code 2. */
class UsageError extends Error {}

/** Parses the arguments, or throws a {@link UsageError}. */
function parseServeArguments(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServeArguments | 'help' {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return 'help';
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const url = values.wordpress ?? env.WORDPRESS_DATABASE_URL;
  if (url === undefined || url === '') throw new UsageError('serve: missing --wordpress <mysql://user:password@host/database>.');
  if (!/^(mysql|mariadb):\/\/[^/]+\/[^/?#]+/.test(url)) {
    throw new UsageError('serve: --wordpress must be a mysql:// URL naming a database (mysql://user:password@host/database).');
  }
  if (values.prefix !== undefined && !/^[A-Za-z0-9_]+$/.test(values.prefix)) {
    throw new UsageError(`serve: --prefix "${values.prefix}" may have letters, digits and _ only.`);
  }
  const port = values.port === undefined ? 8080 : Number(values.port);
  if (!/^\d{1,5}$/.test(values.port ?? '8080') || port > 65535)
    throw new UsageError(`serve: --port "${values.port}" is not a port (0-65535).`);
  if (values['site-url'] !== undefined && !/^https?:\/\/[^/]+/.test(values['site-url'])) {
    throw new UsageError(`serve: --site-url "${values['site-url']}" is not an http(s) URL.`);
  }
  return {
    url,
    prefix: values.prefix,
    uploads: values.uploads,
    readOnly: values['read-only'] === true ? true : undefined,
    port,
    host: values.host ?? '127.0.0.1',
    siteUrl: values['site-url'],
  };
}

const OPTIONS = {
  wordpress: { type: 'string' },
  prefix: { type: 'string' },
  uploads: { type: 'string' },
  'read-only': { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'site-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The reason of a failure, without a stack: a database error's code and message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = Reflect.get(error, 'code');
  const message = error.message !== '' ? error.message : error instanceof AggregateError ? String(error.errors[0] ?? '') : '';
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * Runs `serve`: opens the WordPress database, serves it until `stop` resolves (default: the
 * process's first SIGINT or SIGTERM once listening), then closes. Returns the exit code: 0 stopped, 1 the
 * database could not be served (the reason on `err`, no stack), 2 bad usage.
 *
 * @example
 * process.exitCode = await runServeCommand(['--wordpress', 'mysql://wp:secret@127.0.0.1/wordpress', '--port', '8080']);
 */
export async function runServeCommand(
  argv: readonly string[],
  io: ServeOutput = processOutput,
  env: Readonly<Record<string, string | undefined>> = process.env,
  stop?: Promise<unknown>,
): Promise<number> {
  let args: ServeArguments | 'help';
  try {
    args = parseServeArguments(argv, env);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.out(SERVE_USAGE);
    return 0;
  }
  let nodeAdapter: typeof import('@cms-json/node');
  try {
    nodeAdapter = await import('@cms-json/node');
  } catch {
    io.err('cms-json serve needs @cms-json/node: npm install @cms-json/node\n');
    return 1;
  }
  let site: Awaited<ReturnType<typeof wordpressSite>>;
  try {
    site = await wordpressSite({
      url: args.url,
      prefix: args.prefix,
      uploads: args.uploads,
      readOnly: args.readOnly,
      siteUrl: args.siteUrl,
      env,
    });
  } catch (error) {
    io.err(`cms-json serve: cannot serve the WordPress database ${redactDatabaseUrl(args.url)}: ${reasonOf(error)}\n`);
    return 1;
  }
  let served: Awaited<ReturnType<typeof nodeAdapter.serve>>;
  try {
    served = await nodeAdapter.serve({ server: site.server, port: args.port, host: args.host });
  } catch (error) {
    await site.close();
    io.err(`cms-json serve: cannot listen on ${args.host}:${args.port}: ${reasonOf(error)}\n`);
    return 1;
  }
  const mode = site.storage.readOnly ? 'read-only' : 'read-write';
  io.out(`cms-json serving the WordPress database ${redactDatabaseUrl(args.url)} (${mode}) at ${served.url}/wp-json/\n`);
  io.out(`Links name the site's address: ${site.siteUrl}\n`);
  if (site.secretGenerated) io.out('No CMS_SITE_SECRET: cookie sessions and nonces end when this process stops.\n');
  await (stop ?? stopSignal());
  await served.close();
  await site.close();
  return 0;
}

/** Resolves at the process's first SIGINT or SIGTERM. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const done = (signal: NodeJS.Signals) => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve(signal);
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}
