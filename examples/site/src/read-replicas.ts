/**
 * Read replicas for the example site (docs/database.md, "Read replicas"):
 * `DATABASE_REPLICA_URLS` names PostgreSQL streaming replicas of `DATABASE_URL`; anonymous
 * `GET`/`HEAD` requests read from a healthy one, every other request uses the primary, and a
 * client that wrote reads its own writes.
 *
 * Read-your-writes: the answer to a write request (any method but `GET`, `HEAD`, `OPTIONS`)
 * carries the primary's log position after the write, as `X-CMS-Read-After: <lsn>` (a header
 * of ours in both profiles: WordPress has no such thing) and as a short-lived cookie
 * `cms_read_after=<lsn>` (browsers send it back by themselves). A request carrying one reads
 * from a replica only once that replica has replayed the position, else from the primary.
 * A value that is not a position is ignored and the request reads from the primary.
 *
 * The seam: {@link routeReads} runs around each request of the server's front door
 * (`server.aroundRequests`), so the core stays free of Node's `AsyncLocalStorage`; in-process
 * `dispatch` calls made while a request is answered (`_embed`) inherit its read context.
 *
 * @module
 */
import type { HttpResponse, RestServer } from '@cms-json/core';
import { compareWalPositions, type Database, type OpenDatabaseOptions, parseWalPosition } from '@cms-json/database';

/** The cookie that carries a client's last write position. */
export const READ_AFTER_COOKIE = 'cms_read_after';
/** The header that carries it, for API clients that echo it back. */
export const READ_AFTER_HEADER = 'X-CMS-Read-After';
/** How long the cookie lives, in seconds: far longer than a healthy replica's lag, short enough to end soon. */
export const READ_AFTER_MAX_AGE_SECONDS = 30;

/**
 * The site's read-replica settings.
 *
 * @example
 * const config = readReadReplicasConfig({ DATABASE_URL: 'postgres://…', DATABASE_REPLICA_URLS: 'postgres://r1/site,postgres://r2/site' });
 */
export interface ReadReplicasConfig {
  /** `DATABASE_REPLICA_URLS`, comma-separated; empty: no replicas. */
  readonly urls: readonly string[];
  /** `DATABASE_REPLICA_MAX_LAG_MS`: a replica further behind leaves rotation. Default 5000. */
  readonly maxLagMs: number | undefined;
}

/**
 * Reads `DATABASE_REPLICA_URLS` and `DATABASE_REPLICA_MAX_LAG_MS`.
 *
 * @throws Error for a replica URL that is not `postgres://…`, replicas without a PostgreSQL
 *   `DATABASE_URL`, or a lag bound that is not a positive whole number.
 * @example
 * readReadReplicasConfig(process.env).urls; // [] unless set
 */
export function readReadReplicasConfig(env: Readonly<Record<string, string | undefined>>): ReadReplicasConfig {
  const urls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/./.test(url))
      throw new Error('DATABASE_REPLICA_URLS must be postgres://… URLs, separated by commas.');
  }
  if (urls.length > 0 && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL=postgres://… (the primary the replicas follow).');
  }
  const lag = env.DATABASE_REPLICA_MAX_LAG_MS;
  const maxLagMs = lag === undefined || lag === '' ? undefined : Number(lag);
  if (maxLagMs !== undefined && (!Number.isInteger(maxLagMs) || maxLagMs <= 0)) {
    throw new Error(`DATABASE_REPLICA_MAX_LAG_MS must be a positive whole number of milliseconds, not "${lag}".`);
  }
  return { urls, maxLagMs };
}

/**
 * The `openDatabase` options of the settings (none without replicas).
 *
 * @example
 * openDatabase({ url: config.databaseUrl, ...replicaDatabaseOptions(config.readReplicas) });
 */
export function replicaDatabaseOptions(config: ReadReplicasConfig): Pick<OpenDatabaseOptions, 'replicas' | 'replicaHealth'> {
  if (config.urls.length === 0) return {};
  return { replicas: config.urls, replicaHealth: { maxLagMs: config.maxLagMs } };
}

/** Options of {@link routeReads}. */
export interface RouteReadsOptions {
  /** The site's prefix: its session cookie is `<prefix>_logged_in`, its nonce header `X-<PREFIX>-Nonce`. */
  readonly prefix: string;
  /** Whether the read-after cookie is marked `Secure` (a site on `https:`). */
  readonly secure: boolean;
}

/**
 * Gives each request of `server` its read context, and write answers their position. Does
 * nothing when the database has no replicas.
 *
 * @example
 * routeReads(server, database, { prefix: 'cms', secure: false });
 */
export function routeReads<DB>(server: RestServer, database: Database<DB>, options: RouteReadsOptions): void {
  if (database.replicaStatus().length === 0) return;
  const sessionCookie = `${options.prefix}_logged_in`;
  const nonceHeader = server.names.nonceHeader.toLowerCase();
  const nonceParam = new RegExp(`[?&]${server.names.nonceParam}=`);
  const cookieTail = `; Max-Age=${READ_AFTER_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  server.aroundRequests(async (http, next) => {
    const method = http.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      const cookies = parseCookies(http.headers.cookie);
      const anonymous =
        headerValue(http.headers.authorization) === undefined &&
        headerValue(http.headers[nonceHeader]) === undefined &&
        !cookies.has(sessionCookie) &&
        !nonceParam.test(http.url);
      const notBefore = readAfter(headerValue(http.headers[READ_AFTER_HEADER.toLowerCase()]), cookies.get(READ_AFTER_COOKIE));
      return database.readScope(
        { mayUseReplica: anonymous && notBefore !== 'bad', notBefore: notBefore === 'bad' ? undefined : notBefore },
        next,
      );
    }
    const response = await next();
    if (response === null || method === 'OPTIONS' || response.status >= 400) return response;
    let position: string | undefined;
    try {
      position = await database.writePosition();
    } catch {
      // The primary went away after answering: the client reads from the primary anyway
      // while a replica could be behind, because it gets no position; nothing is lost.
      return response;
    }
    if (position === undefined) return response;
    response.headers[READ_AFTER_HEADER] = position;
    addSetCookie(response, `${READ_AFTER_COOKIE}=${position}${cookieTail}`);
    return response;
  });
}

/** One header value (the first of a repeated one), or `undefined`. */
function headerValue(value: string | readonly string[] | undefined): string | undefined {
  const one = typeof value === 'string' ? value : value?.[0];
  return one === undefined || one === '' ? undefined : one;
}

/**
 * The position a read must see: the later of the header's and the cookie's; `'bad'` when
 * either is present and not a position (the read then goes to the primary).
 */
function readAfter(header: string | undefined, cookie: string | undefined): string | undefined | 'bad' {
  let latest: string | undefined;
  for (const value of [header, cookie]) {
    if (value === undefined) continue;
    const position = parseWalPosition(value);
    if (position === undefined) return 'bad';
    if (latest === undefined || compareWalPositions(position, latest) > 0) latest = position;
  }
  return latest;
}

/** The request's cookies by name (the first of a repeated name); bounded work on any input. */
function parseCookies(header: string | readonly string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const lines = typeof header === 'string' ? [header] : (header ?? []);
  for (const line of lines) {
    for (const pair of line.slice(0, 8192).split(';')) {
      const equals = pair.indexOf('=');
      if (equals === -1) continue;
      const name = pair.slice(0, equals).trim();
      if (name !== '' && !cookies.has(name)) cookies.set(name, pair.slice(equals + 1).trim());
    }
  }
  return cookies;
}

/** Adds a `Set-Cookie` line to the answer, beside any it has. */
function addSetCookie(response: HttpResponse, line: string): void {
  const name = Object.keys(response.headers).find((key) => key.toLowerCase() === 'set-cookie') ?? 'Set-Cookie';
  const existing = response.headers[name];
  response.headers[name] = existing === undefined ? line : [...(typeof existing === 'string' ? [existing] : existing), line];
}
