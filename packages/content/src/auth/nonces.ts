/**
 * Nonces, as WordPress makes them: an HMAC of the action, the user and the session's token over
 * a twelve-hour tick, valid for two ticks; a cookie-authenticated request that writes must send one.
 *
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** WordPress's default `nonce_life`: one day, checked in two 12-hour ticks. */
const DEFAULT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The session a nonce is bound to: the user and their login session token. Anonymous
 * visitors use user 0 and an empty token.
 *
 * @example
 * const session: NonceSession = { userId: 1, token: 'the-session-token' };
 */
export interface NonceSession {
  readonly userId: number;
  readonly token: string;
}

/**
 * How fresh a nonce is: `1` made in the current tick (the last 0–12 h), `2` in the previous
 * one (12–24 h ago), `0` invalid or expired. The same values as WordPress's `wp_verify_nonce`.
 *
 * @example
 * const age: NonceAge = nonces.verify(nonce, 'cms_rest', session);
 */
export type NonceAge = 0 | 1 | 2;

/**
 * Creates and checks nonces (tokens against cross-site request forgery).
 *
 * @example
 * const nonces = createNonces({ secret: process.env.SITE_SECRET! });
 * const nonce = nonces.create('cms_rest', session);
 * nonces.verify(nonce, 'cms_rest', session); // 1
 */
export interface Nonces {
  create(action: string, session: NonceSession): string;
  verify(nonce: string, action: string, session: NonceSession): NonceAge;
}

/**
 * Options of {@link createNonces}.
 *
 * @example
 * const options: NonceOptions = { secret: 'a long random site secret', now: () => Date.now() };
 */
export interface NonceOptions {
  /** The site secret the HMAC is keyed with. */
  secret: string;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** How long a nonce lives at most; default one day. It is valid for two half-lives. */
  lifetimeMs?: number | undefined;
}

/**
 * Creates the nonce service. A nonce is the HMAC-SHA256 of `tick|action|userId|token` under
 * the site secret, 10 hex characters taken as WordPress takes them from its hash, where
 * `tick = ceil(now / (lifetime / 2))`.
 *
 * @example
 * const nonces = createNonces({ secret: 'a long random site secret' });
 */
export function createNonces(options: NonceOptions): Nonces {
  const now = options.now ?? Date.now;
  const halfLife = (options.lifetimeMs ?? DEFAULT_LIFETIME_MS) / 2;
  const make = (tick: number, action: string, session: NonceSession) =>
    createHmac('sha256', options.secret)
      .update(`${tick}|${action}|${session.userId}|${session.token}`)
      .digest('hex')
      .slice(-12, -2);
  // Compares the HMACs of both strings under a key of this instance: the digests always have
  // the same byte length (timingSafeEqual throws on buffers of different lengths, which a
  // string of the right length in characters but not in UTF-8 bytes would give), and the time
  // taken reveals nothing about how much of the nonce matched.
  const compareKey = randomBytes(32);
  const digest = (value: string) => createHmac('sha256', compareKey).update(value, 'utf8').digest();
  const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

  return {
    create(action, session) {
      return make(Math.ceil(now() / halfLife), action, session);
    },
    verify(nonce, action, session) {
      if (typeof nonce !== 'string' || nonce === '') return 0;
      const tick = Math.ceil(now() / halfLife);
      if (same(nonce, make(tick, action, session))) return 1;
      if (same(nonce, make(tick - 1, action, session))) return 2;
      return 0;
    },
  };
}
