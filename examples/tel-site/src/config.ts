/**
 * The tel site's settings, read from a worker's `env`: the process environment on Bun and
 * Deno, the bindings' plain-text vars on Cloudflare Workers.
 *
 * @module
 */

/** The settings of the tel site. */
export interface TelSiteConfig {
  /** `SITE_URL`: the public address of the site. Default: the address each request came to. */
  siteUrl: string | undefined;
  /** `CMS_PREFIX`: `cms` (default) or `wp` (the WordPress profile). */
  prefix: 'cms' | 'wp';
  /** `CMS_ADMIN_USER`: the first administrator's login, default `admin`. */
  adminUser: string;
  /**
   * `CMS_ADMIN_APP_PASSWORD` (required): the first administrator's application password, at
   * least 24 letters and digits (spaces are ignored, as WordPress formats them).
   */
  adminAppPassword: string;
  /**
   * `CMS_SECRET`: the key of nonces, at least 16 characters. The tel site serves no cookie
   * sign-in, so nonces are never checked; without it a random key is used per process.
   */
  secret: string;
}

/** The least number of letters and digits of an application password, as WordPress makes them. */
const APP_PASSWORD_LENGTH = 24;

/** A plain-text variable of `env`, or `undefined` when unset or empty. */
function textVar(env: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${name} must be a text variable, not a ${typeof value} binding.`);
  return value;
}

/** 32 random bytes as hex, from the Web Crypto API every runtime has. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Reads the settings; throws an error naming the variable and what to set for a bad value.
 *
 * @example
 * const config = readTelSiteConfig({ CMS_ADMIN_APP_PASSWORD: 'abcd EFGH ijkl MNOP qrst UVWX' });
 * config.adminUser; // 'admin'
 */
export function readTelSiteConfig(env: Readonly<Record<string, unknown>>): TelSiteConfig {
  const prefix = textVar(env, 'CMS_PREFIX') ?? 'cms';
  if (prefix !== 'cms' && prefix !== 'wp') throw new Error(`CMS_PREFIX must be "cms" or "wp", not "${prefix}".`);
  const adminAppPassword = textVar(env, 'CMS_ADMIN_APP_PASSWORD');
  if (adminAppPassword === undefined) {
    throw new Error(
      'CMS_ADMIN_APP_PASSWORD is required: the first administrator\'s application password, 24 letters and digits (e.g. "$(openssl rand -hex 12)"); keep it as a secret of the deployment.',
    );
  }
  if (adminAppPassword.replace(/[^A-Za-z0-9]/g, '').length < APP_PASSWORD_LENGTH) {
    throw new Error(
      `CMS_ADMIN_APP_PASSWORD must hold at least ${APP_PASSWORD_LENGTH} letters and digits (e.g. "$(openssl rand -hex 12)").`,
    );
  }
  const secret = textVar(env, 'CMS_SECRET') ?? randomSecret();
  if (secret.length < 16) throw new Error('CMS_SECRET must be at least 16 characters (e.g. "$(openssl rand -hex 32)").');
  const siteUrl = textVar(env, 'SITE_URL')?.replace(/\/+$/, '');
  if (siteUrl !== undefined && !/^https?:\/\/[^/]/.test(siteUrl)) {
    throw new Error(`SITE_URL must be an http(s) address such as https://links.example.com, not "${siteUrl}".`);
  }
  return { siteUrl, prefix, adminUser: textVar(env, 'CMS_ADMIN_USER') ?? 'admin', adminAppPassword, secret };
}
