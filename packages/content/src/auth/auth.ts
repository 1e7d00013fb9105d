/**
 * `createAuth`: the site's authentication in one value: the user, session and
 * application-password stores, HTTP Basic with application passwords, cookie sessions with
 * nonces, and cookie login and logout, with the original's error codes.
 *
 * @module
 */
import { RestError } from '@cms-json/core';
import type { Database } from '@cms-json/database';
import { contentError } from '../errors.js';
import { sqlContentStorage } from '../sql-storage.js';
import type { ContentStorage } from '../storage.js';
import { type ContentTables, contentDatabase, type SiteDatabase } from '../tables.js';
import { EMAIL_MAX, LOGIN_MAX } from '../users/field-checks.js';
import type { Roles } from '../users/roles.js';
import type { SqlUserStore, UserStore } from '../users/store.js';
import type { User } from '../users/user.js';
import type { ApplicationPassword, ApplicationPasswordStore } from './application-passwords.js';
import { parseBasicAuthorization } from './basic-auth.js';
import { createNonces, type NonceAge, type NonceSession } from './nonces.js';
import type { Session, SessionStore } from './sessions.js';

/**
 * Request headers as Node and most adapters give them; names in any case.
 *
 * @example
 * const headers: HeaderMap = { Authorization: 'Basic …', cookie: ['a=1', 'cms_logged_in=…'] };
 */
export type HeaderMap = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * What {@link Auth.authenticate} reads from a request. A core `RestRequest` fits as is.
 *
 * @example
 * const request: AuthRequest = { headers: { authorization: 'Basic …' }, query: {}, ip: '203.0.113.7' };
 */
export interface AuthRequest {
  readonly headers: HeaderMap;
  /** Query parameters; the nonce may come as `_<prefix>nonce` (`_cmsnonce`, `_wpnonce`). */
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  /** A parsed form or JSON body; the nonce may come in it too. */
  readonly body?: unknown;
  /** The client address, recorded as an application password's `last_ip`. */
  readonly ip?: string | undefined;
}

/**
 * The outcome of {@link Auth.authenticate}: a user (and how they proved it), an error to
 * answer with instead of dispatching, or `null` for an anonymous request.
 *
 * @example
 * const result: AuthResult = await auth.authenticate(request);
 * if (result && 'error' in result) return errorResponse(result.error);
 */
export type AuthResult =
  | {
      readonly user: User;
      readonly method: 'application-password';
      readonly applicationPassword: ApplicationPassword;
      /** Response headers to send; none for this method. */
      readonly headers: Readonly<Record<string, string>>;
    }
  | {
      readonly user: User;
      readonly method: 'cookie';
      readonly session: Session;
      /** Response headers to send: a fresh nonce in `X-<PREFIX>-Nonce`. */
      readonly headers: Readonly<Record<string, string>>;
    }
  | { readonly error: RestError }
  | null;

/**
 * The outcome of {@link Auth.login}.
 *
 * @example
 * const result: LoginResult = await auth.login('admin', 'secret');
 */
export type LoginResult =
  | { readonly user: User; readonly session: Session; readonly nonce: string }
  | { readonly error: RestError };

/**
 * Options of `Set-Cookie` values built by {@link Auth.sessionCookie}.
 *
 * @example
 * const options: CookieOptions = { secure: true, path: '/' };
 */
export interface CookieOptions {
  /** Adds `Secure`; set it when the site is served over HTTPS. Default false. */
  secure?: boolean | undefined;
  /** Default `/`. */
  path?: string | undefined;
}

/**
 * Options of {@link createAuth} shared by both forms: over a database, or over a storage.
 *
 * @example
 * const options: AuthBaseOptions = { secret: process.env.SITE_SECRET!, prefix: 'wp' };
 */
export interface AuthBaseOptions {
  /** The site secret that keys nonces: at least 16 characters; keep it stable and private. */
  secret: string;
  /** The product prefix: `cms` (default) or `wp`. Names the nonce action, header, parameter and cookie. */
  prefix?: string | undefined;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Lifetime of a nonce; default one day (valid in two 12-hour ticks). */
  nonceLifetimeMs?: number | undefined;
}

/**
 * Options of {@link createAuth} over the project's own tables: the stores are
 * `sqlContentStorage(database, { roles, now, sessionLifetimeMs, users })`.
 *
 * @example
 * const options: AuthDatabaseOptions = { database, secret: process.env.SITE_SECRET!, prefix: 'cms' };
 */
export interface AuthDatabaseOptions extends AuthBaseOptions {
  /**
   * A database migrated with `migrateContent` (from `openDatabase`, or a `Database` around a
   * Kysely dialect of your own); it may hold the site's other tables too.
   */
  database: SiteDatabase;
  storage?: undefined;
  /**
   * The users' storage; default the project's own tables of `database` ({@link SqlUserStore}
   * with `roles` and `now`).
   */
  users?: UserStore | undefined;
  /** The site's roles; default the WordPress defaults. */
  roles?: Roles | undefined;
  /** Lifetime of a cookie session; default two days. */
  sessionLifetimeMs?: number | undefined;
}

/**
 * Options of {@link createAuth} over a storage of any kind (the project's own tables from
 * `sqlContentStorage`, WordPress's from `@cms-json/wordpress-db`, or your own). Its stores
 * have their own roles, clock and session lifetime.
 *
 * @example
 * const options: AuthStorageOptions = { storage, secret: process.env.SITE_SECRET!, prefix: 'wp' };
 */
export interface AuthStorageOptions extends AuthBaseOptions {
  /** Every store of the site's content. */
  storage: ContentStorage;
  /**
   * A SQL database for extensions' own tables (books, ratings, …), given back as
   * {@link Auth.database}; content itself never reads it.
   */
  database?: SiteDatabase | undefined;
}

/**
 * Options of {@link createAuth}: a content database (the project's own stores over it), or a
 * storage.
 *
 * @example
 * const options: AuthOptions = { database, secret: process.env.SITE_SECRET!, prefix: 'cms' };
 * const overWordPress: AuthOptions = { storage, secret: process.env.SITE_SECRET!, prefix: 'wp' };
 */
export type AuthOptions = AuthDatabaseOptions | AuthStorageOptions;

/**
 * Authentication for a site: HTTP Basic with application passwords, and cookie sessions
 * guarded by nonces, with the original's rules and error codes.
 *
 * @example
 * const auth = createAuth({ database, secret: process.env.SITE_SECRET! });
 * const result = await auth.authenticate({ headers: req.headers, query });
 */
export interface Auth {
  /** Every store of the site's content: `contentPlugin` serves the site from these. */
  readonly storage: ContentStorage;
  /** The storage's users. */
  readonly users: UserStore;
  /** The storage's application passwords. */
  readonly applicationPasswords: ApplicationPasswordStore;
  /** The storage's cookie sessions. */
  readonly sessions: SessionStore;
  /**
   * The SQL database given to `createAuth`, for extensions' own tables beside the content
   * (`undefined` over a storage given without one). Content reads and writes only through
   * {@link Auth.storage}.
   */
  readonly database?: Database<ContentTables> | undefined;
  readonly prefix: string;
  /** `<prefix>_rest`: the action of REST nonces. */
  readonly nonceAction: string;
  /** `X-<PREFIX>-Nonce`: the request and response header of the nonce. */
  readonly nonceHeader: string;
  /** `_<prefix>nonce`: the query or body parameter of the nonce. */
  readonly nonceParam: string;
  /** `<prefix>_logged_in`: the session cookie's name. */
  readonly cookieName: string;
  /**
   * Finds who sends a request, in the original's order: Basic credentials with an
   * application password first (a failure is an error, 401), then the session cookie, which
   * counts only with a valid nonce (none: anonymous; a wrong one: 403
   * `rest_cookie_invalid_nonce`). Never throws on a malformed header.
   */
  authenticate(request: AuthRequest): Promise<AuthResult>;
  /** Checks a login (or email) and password and starts a cookie session. */
  login(login: string, password: string): Promise<LoginResult>;
  /** Ends a session, given its token or its cookie value; false when there was none. */
  logout(tokenOrCookie: string): Promise<boolean>;
  /**
   * The live session and user named by the session cookie in these headers, without any
   * nonce check: for the endpoint that hands out nonces, never for authorising a request.
   */
  sessionOf(headers: HeaderMap): Promise<{ session: Session; user: User } | undefined>;
  /** A nonce for a session (anonymous: `{ userId: 0, token: '' }`); default action {@link nonceAction}. */
  createNonce(session: NonceSession, action?: string): string;
  /** 1 or 2 when valid (current or previous tick), 0 otherwise; default action {@link nonceAction}. */
  verifyNonce(nonce: string, session: NonceSession, action?: string): NonceAge;
  /** The `Set-Cookie` value that stores a session in the browser (`HttpOnly`, `SameSite=Lax`). */
  sessionCookie(session: Session, options?: CookieOptions): string;
  /** The `Set-Cookie` value that removes the session cookie. */
  clearSessionCookie(options?: CookieOptions): string;
}

const ANONYMOUS: NonceSession = { userId: 0, token: '' };

/**
 * Creates the authenticator of a site. Wire it into the REST server so it runs before
 * dispatch; use `users`, `applicationPasswords` and `sessions` for the routes.
 *
 * Given a `database`, the stores are the project's own over it (`sqlContentStorage`); given a
 * `storage`, they are its own (WordPress's tables, say).
 *
 * @throws Error when the secret is shorter than 16 characters or the prefix is not a lower-case word.
 * @example
 * const database = openDatabase<ContentTables>({ url: 'sqlite:./data/site.db' });
 * await migrateContent(database);
 * const auth = createAuth({ database, secret: process.env.SITE_SECRET!, prefix: 'cms' });
 * // or, over any storage: createAuth({ storage: sqlContentStorage(database), secret, prefix: 'cms' })
 * const result = await auth.authenticate({ headers: { authorization: `Basic ${btoa('admin:abcd efgh …')}` } });
 * if (result && 'user' in result) console.log(result.user.login);
 */
export function createAuth(options: AuthOptions): Auth {
  const prefix = options.prefix ?? 'cms';
  if (!/^[a-z][a-z0-9_]*$/.test(prefix))
    throw new Error(`createAuth: invalid prefix "${prefix}" (use lower-case letters, digits and _).`);
  if (typeof options.secret !== 'string' || options.secret.length < 16) {
    throw new Error('createAuth: the site secret must be a string of at least 16 characters.');
  }
  const now = options.now ?? Date.now;
  const database = options.database === undefined ? undefined : contentDatabase(options.database);
  const storage =
    options.storage !== undefined
      ? options.storage
      : sqlContentStorage(options.database, {
          roles: options.roles,
          now,
          sessionLifetimeMs: options.sessionLifetimeMs,
          users: options.users,
        });
  const { users, applicationPasswords, sessions } = storage;
  const nonces = createNonces({ secret: options.secret, now, lifetimeMs: options.nonceLifetimeMs });
  const nonceAction = `${prefix}_rest`;
  const nonceHeader = `X-${prefix.toUpperCase()}-Nonce`;
  const nonceParam = `_${prefix}nonce`;
  const cookieName = `${prefix}_logged_in`;

  /**
   * The user a login or email names, as WordPress looks them up: by login, then by email
   * when it looks like one. A value longer than any login or email is unknown without a query
   * (and without running any check over it): such a name is simply invalid.
   */
  async function findUser(given: string): Promise<{ user: User } | { unknown: 'login' | 'email' }> {
    const value = given.trim();
    if (value.length > Math.max(LOGIN_MAX, EMAIL_MAX)) return { unknown: 'login' };
    // No login or email holds U+0000 (PostgreSQL could not even compare it: a 500).
    if (value.includes('\0')) return { unknown: 'login' };
    const email = looksLikeEmail(value);
    const user =
      (value.length <= LOGIN_MAX ? await users.findByLogin(value) : undefined) ??
      (email ? await users.findByEmail(value) : undefined);
    if (user) return { user };
    return { unknown: email ? 'email' : 'login' };
  }

  async function byBasic(authorization: string | undefined, ip: string | undefined): Promise<AuthResult | undefined> {
    const credentials = parseBasicAuthorization(authorization);
    if (credentials === null) return undefined;
    if ('malformed' in credentials) {
      return failure(contentError('invalid_username.malformed_basic'));
    }
    const found = await findUser(credentials.login);
    if ('unknown' in found) {
      return found.unknown === 'email'
        ? failure(contentError('invalid_email.basic'))
        : failure(contentError('invalid_username.basic'));
    }
    const { user } = found;
    const applicationPassword = await applicationPasswords.verify(user.id, credentials.password, { ip });
    if (!applicationPassword) {
      return failure(new RestError('incorrect_password'));
    }
    return { user, method: 'application-password', applicationPassword, headers: {} };
  }

  async function byCookie(request: AuthRequest): Promise<AuthResult> {
    const nonce = nonceOf(request);
    // No nonce: the cookie does not count and the request is anonymous, as in the original.
    if (nonce === undefined) return null;
    const found = await cookieSession(request.headers);
    if (nonces.verify(nonce, nonceAction, found?.session ?? ANONYMOUS) === 0) {
      return failure(new RestError('rest_cookie_invalid_nonce'));
    }
    if (found === undefined) return null;
    const { user, session } = found;
    return { user, method: 'cookie', session, headers: { [nonceHeader]: nonces.create(nonceAction, session) } };
  }

  async function cookieSession(headers: HeaderMap): Promise<{ session: Session; user: User } | undefined> {
    const cookie = readCookie(headerValue(headers, 'cookie'), cookieName);
    const session = cookie === undefined ? undefined : await sessions.find(cookie);
    const user = session ? await users.findById(session.userId) : undefined;
    return session && user ? { session, user } : undefined;
  }

  function nonceOf(request: AuthRequest): string | undefined {
    const fromQuery = request.query?.[nonceParam];
    if (typeof fromQuery === 'string') return fromQuery;
    const body = request.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const fromBody = (body as Record<string, unknown>)[nonceParam];
      if (typeof fromBody === 'string') return fromBody;
    }
    return headerValue(request.headers, nonceHeader);
  }

  function cookieAttributes(cookieOptions: CookieOptions): string {
    return `Path=${cookieOptions.path ?? '/'}; HttpOnly; SameSite=Lax${cookieOptions.secure ? '; Secure' : ''}`;
  }

  return {
    storage,
    users,
    applicationPasswords,
    sessions,
    database,
    prefix,
    nonceAction,
    nonceHeader,
    nonceParam,
    cookieName,

    async authenticate(request) {
      const basic = await byBasic(headerValue(request.headers, 'authorization'), request.ip);
      return basic !== undefined ? basic : byCookie(request);
    },

    async login(login, password) {
      if (login.trim() === '') return failure(contentError('empty_username'));
      if (password === '') return failure(contentError('empty_password'));
      const found = await findUser(login);
      if ('unknown' in found) {
        return found.unknown === 'email' ? failure(contentError('invalid_email')) : failure(new RestError('invalid_username'));
      }
      const { user } = found;
      if (!(await users.verifyPassword(user.id, password))) {
        return failure(contentError('incorrect_password.login', { params: { login: user.login } }));
      }
      const session = await sessions.start(user.id);
      return { user, session, nonce: nonces.create(nonceAction, session) };
    },

    logout: (tokenOrCookie) => sessions.end(tokenOrCookie),

    sessionOf: cookieSession,
    createNonce: (session, action = nonceAction) => nonces.create(action, session),
    verifyNonce: (nonce, session, action = nonceAction) => nonces.verify(nonce, action, session),

    sessionCookie(session, cookieOptions = {}) {
      const maxAge = Math.max(0, Math.floor((Date.parse(session.expires) - now()) / 1000));
      const expires = new Date(session.expires).toUTCString();
      return `${cookieName}=${session.cookie}; Max-Age=${maxAge}; Expires=${expires}; ${cookieAttributes(cookieOptions)}`;
    },

    clearSessionCookie(cookieOptions = {}) {
      return `${cookieName}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(cookieOptions)}`;
    },
  };
}

/** A refusal of the credentials, as the authenticator answers it. */
function failure(error: RestError): { error: RestError } {
  return { error };
}

/**
 * What WordPress's login takes for an email: `local@domain.tld`, one `@`, no whitespace, a dot
 * inside the domain (`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`), at most 100 characters. Checked part by
 * part in one pass: that expression backtracks quadratically on `a@....…@`.
 *
 * @example
 * looksLikeEmail('jane@example.com'); // true
 * looksLikeEmail('jane'); // false
 */
export function looksLikeEmail(value: string): boolean {
  if (value.length > EMAIL_MAX || /\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.includes('@', at + 1)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}

/** A header by name in any case; several values of `cookie` are joined with `; `, others give the first. */
function headerValue(headers: HeaderMap, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === 'string') return value;
    return wanted === 'cookie' ? value.join('; ') : value[0];
  }
  return undefined;
}

/**
 * A cookie's value from a `Cookie` header, or `undefined` when it is not there.
 *
 * @example
 * readCookie('a=1; cms_session=abc', 'cms_session'); // 'abc'
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  // Cookies are separated by `;`; a `,` appears where a server joined repeated headers
  // (cookie values never contain either).
  for (const part of header.split(/[;,]/)) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    const raw = part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
