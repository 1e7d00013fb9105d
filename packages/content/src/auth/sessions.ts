/**
 * Cookie sessions: a random token per sign-in, stored hashed with its expiry, so a session made
 * by one process is valid in every other on the same database.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ContentTables, contentDb } from '../tables.js';

/** WordPress's default login lifetime without "remember me": two days. */
const DEFAULT_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * A cookie login. `token` is shown once, when the session starts; only its hash is stored.
 *
 * @example
 * const session = await sessions.start(user.id);
 * session.cookie; // '1|q3Vd9XkP…'
 */
export interface Session {
  readonly userId: number;
  readonly token: string;
  /** ISO 8601 in UTC. */
  readonly expires: string;
  /** The cookie value: `user_id|token`. */
  readonly cookie: string;
}

/**
 * Starts, finds and ends cookie sessions.
 *
 * @example
 * const sessions = createSessions(db);
 * const session = await sessions.start(1);
 * await sessions.find(session.cookie); // { userId: 1, token: …, expires: …, cookie: … }
 * await sessions.end(session.token);
 */
export interface SessionStore {
  start(userId: number): Promise<Session>;
  /** The live session a cookie value names; `undefined` when unknown, expired or malformed. */
  find(cookie: string): Promise<Session | undefined>;
  /** Ends the session of a token (or of a whole cookie value); false when there was none. */
  end(tokenOrCookie: string): Promise<boolean>;
  /** Ends every session of a user; returns how many. */
  endAll(userId: number): Promise<number>;
  /** Deletes expired sessions; returns how many. */
  purgeExpired(): Promise<number>;
}

/**
 * Options of {@link createSessions}.
 *
 * @example
 * const options: SessionStoreOptions = { lifetimeMs: 14 * 24 * 60 * 60 * 1000 };
 */
export interface SessionStoreOptions {
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** How long a session lasts; default two days. */
  lifetimeMs?: number | undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Splits `user_id|token`; `undefined` when it is not that shape. */
function parseCookie(cookie: string): { userId: number; token: string } | undefined {
  const match = /^([1-9]\d{0,15})\|([A-Za-z0-9_-]{16,128})$/.exec(cookie);
  return match ? { userId: Number(match[1]), token: String(match[2]) } : undefined;
}

/**
 * Creates the session store over a database migrated with `migrateContent`. Tokens are 32
 * random bytes (base64url); the database holds their SHA-256 only.
 *
 * @example
 * const sessions = createSessions(db, { now: () => Date.now() });
 */
export function createSessions<DB extends ContentTables>(database: Kysely<DB>, options: SessionStoreOptions = {}): SessionStore {
  const db = contentDb(database);
  const now = options.now ?? Date.now;
  const lifetime = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;

  return {
    async start(userId) {
      const token = randomBytes(32).toString('base64url');
      const time = now();
      const expires = new Date(time + lifetime).toISOString();
      await db
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), user_id: userId, created: new Date(time).toISOString(), expires })
        .execute();
      return { userId, token, expires, cookie: `${userId}|${token}` };
    },

    async find(cookie) {
      const parsed = parseCookie(cookie);
      if (!parsed) return undefined;
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'expires'])
        .where('token_hash', '=', hashToken(parsed.token))
        .executeTakeFirst();
      if (!row || Number(row.user_id) !== parsed.userId) return undefined;
      if (Date.parse(row.expires) <= now()) return undefined;
      return { userId: parsed.userId, token: parsed.token, expires: row.expires, cookie };
    },

    async end(tokenOrCookie) {
      const token = parseCookie(tokenOrCookie)?.token ?? tokenOrCookie;
      const result = await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async endAll(userId) {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async purgeExpired() {
      const result = await db.deleteFrom('sessions').where('expires', '<=', new Date(now()).toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
