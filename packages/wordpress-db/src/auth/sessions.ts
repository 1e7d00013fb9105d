/**
 * `WordPressSessionStore`: content's `SessionStore` over the `session_tokens` user meta, a
 * PHP-serialized map `sha256(token) → { expiration, ip, ua, login }` (times in seconds since
 * the epoch), kept as WordPress's `WP_User_Meta_Session_Tokens` keeps it: expired sessions
 * dropped at every write, the row removed when none is left. The cookie value stays content's
 * (`user_id|token`).
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Session, SessionStore } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import type { WordPressDatabase } from '../connection.js';
import { maybeSerialize, maybeUnserialize, type PhpValue } from '../php-serialized.js';
import type { WordPressTables } from '../tables.js';
import { deleteUserMeta, updateUserMeta, userMetaValue } from '../users/usermeta.js';

/** The user meta key of a user's sessions. */
export const SESSION_TOKENS_META_KEY = 'session_tokens';
/** WordPress's default login lifetime without "remember me": two days. */
const DEFAULT_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Users' session rows purged in one `purgeExpired` call at most. */
const PURGE_BATCH = 10_000;

/**
 * Options of {@link WordPressSessionStore}.
 *
 * @example
 * const options: WordPressSessionStoreOptions = { lifetimeMs: 14 * 24 * 60 * 60 * 1000 };
 */
export interface WordPressSessionStoreOptions {
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** How long a session lasts; default two days. */
  lifetimeMs?: number | undefined;
}

/** A user's sessions: verifier → the session's fields. */
type Sessions = Record<string, { [key: string]: PhpValue }>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 43 random letters and digits, as WordPress's `wp_generate_password( 43, false, false )`, without modulo bias. */
function generateToken(): string {
  let token = '';
  while (token.length < 43) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && token.length < 43) token += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return token;
}

/** Splits `user_id|token` (content's cookie value); `undefined` when it is not that shape. */
function parseCookie(cookie: string): { userId: number; token: string } | undefined {
  const match = /^([1-9]\d{0,15})\|([A-Za-z0-9_-]{16,128})$/.exec(cookie);
  return match ? { userId: Number(match[1]), token: String(match[2]) } : undefined;
}

/** A session's expiration in seconds; 0 (expired) when it has none. */
function expirationOf(session: { [key: string]: PhpValue }): number {
  const value = session.expiration;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0;
}

/** The stored sessions of a text; none when it is not a map. */
function sessionsOf(stored: string | undefined): Sessions {
  const value = maybeUnserialize(stored ?? '');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Sessions = {};
  for (const [verifier, session] of Object.entries(value)) {
    if (session !== null && typeof session === 'object' && !Array.isArray(session)) out[verifier] = session;
    // The oldest format, an expiration alone, read as `prepare_session` reads it.
    else if (typeof session === 'number') out[verifier] = { expiration: session };
  }
  return out;
}

/**
 * The session store over WordPress's `session_tokens` user meta.
 *
 * @example
 * const sessions = new WordPressSessionStore(wordpress);
 * const session = await sessions.start(1);
 * await sessions.find(session.cookie); // the session
 */
export class WordPressSessionStore implements SessionStore {
  /** The database the meta is kept in. */
  readonly database: Database<WordPressTables>;
  /** The clock, in milliseconds since the epoch. */
  protected readonly now: () => number;
  /** How long a session lasts, in milliseconds. */
  protected readonly lifetime: number;

  constructor(wordpress: Pick<WordPressDatabase, 'database'>, options: WordPressSessionStoreOptions = {}) {
    this.database = wordpress.database;
    this.now = options.now ?? Date.now;
    this.lifetime = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;
  }

  /** Whether a session is still valid now (`WP_Session_Tokens::is_still_valid`, to the millisecond). */
  protected live(session: { [key: string]: PhpValue }): boolean {
    return expirationOf(session) * 1000 > this.now();
  }

  /**
   * A read-modify-write of a user's sessions, the row locked while it runs: `work` returns the
   * sessions to keep; expired ones are dropped, and the row is removed when none is left
   * (`update_sessions`). Returns what `work` reported.
   */
  protected async change<T>(userId: number, work: (sessions: Sessions) => { keep: Sessions; result: T }): Promise<T> {
    return this.database.transaction(async () => {
      const stored = await userMetaValue(this.database, userId, SESSION_TOKENS_META_KEY, { lock: true });
      const { keep, result } = work(sessionsOf(stored));
      const live = Object.fromEntries(Object.entries(keep).filter(([, session]) => this.live(session)));
      if (Object.keys(live).length > 0)
        await updateUserMeta(this.database, userId, SESSION_TOKENS_META_KEY, maybeSerialize(live));
      else if (stored !== undefined) await deleteUserMeta(this.database, userId, SESSION_TOKENS_META_KEY);
      return result;
    });
  }

  async start(userId: number): Promise<Session> {
    const token = generateToken();
    const time = this.now();
    const expiresMs = time + this.lifetime;
    const session = { expiration: Math.floor(expiresMs / 1000), ip: '', ua: '', login: Math.floor(time / 1000) };
    await this.change(userId, (sessions) => ({ keep: { ...sessions, [hashToken(token)]: session }, result: undefined }));
    const expires = new Date(session.expiration * 1000).toISOString();
    return { userId, token, expires, cookie: `${userId}|${token}` };
  }

  async find(cookie: string): Promise<Session | undefined> {
    const parsed = parseCookie(cookie);
    if (!parsed) return undefined;
    const sessions = sessionsOf(await userMetaValue(this.database, parsed.userId, SESSION_TOKENS_META_KEY));
    const verifier = hashToken(parsed.token);
    const session = Object.hasOwn(sessions, verifier) ? sessions[verifier] : undefined;
    if (session === undefined || !this.live(session)) return undefined;
    return { userId: parsed.userId, token: parsed.token, expires: new Date(expirationOf(session) * 1000).toISOString(), cookie };
  }

  async end(tokenOrCookie: string): Promise<boolean> {
    const parsed = parseCookie(tokenOrCookie);
    const verifier = hashToken(parsed?.token ?? tokenOrCookie);
    let owners: number[];
    if (parsed !== undefined) owners = [parsed.userId];
    else {
      // A bare token names no user: the rows holding its verifier (hex, nothing to escape).
      const rows = await this.database.db
        .selectFrom('usermeta')
        .select('user_id')
        .where('meta_key', '=', SESSION_TOKENS_META_KEY)
        .where('meta_value', 'like', `%"${verifier}"%`)
        .limit(10)
        .execute();
      owners = rows.map((row) => Number(row.user_id));
    }
    let ended = false;
    for (const userId of owners) {
      const removed = await this.change(userId, (sessions) => {
        if (!Object.hasOwn(sessions, verifier)) return { keep: sessions, result: false };
        const { [verifier]: _gone, ...keep } = sessions;
        return { keep, result: true };
      });
      ended ||= removed;
    }
    return ended;
  }

  async endAll(userId: number): Promise<number> {
    return this.change(userId, (sessions) => ({ keep: {}, result: Object.keys(sessions).length }));
  }

  async purgeExpired(): Promise<number> {
    const rows = await this.database.db
      .selectFrom('usermeta')
      .select('user_id')
      .distinct()
      .where('meta_key', '=', SESSION_TOKENS_META_KEY)
      .limit(PURGE_BATCH)
      .execute();
    let purged = 0;
    for (const row of rows) {
      purged += await this.change(Number(row.user_id), (sessions) => ({
        keep: sessions,
        result: Object.values(sessions).filter((session) => !this.live(session)).length,
      }));
    }
    return purged;
  }
}
