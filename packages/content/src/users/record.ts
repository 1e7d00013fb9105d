/**
 * The user record as the routes build it: every field of every context, from a stored user;
 * the core's context filter trims it to the request's context.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { avatarUrls } from './avatar.js';
import type { UserRecord } from './schema.js';
import type { User } from './user.js';

/** The site's address of each scope (a server's, for one site URL), made once: every term and user record asks. */
const siteUrls = new WeakMap<RestRequest['scope'], string>();

/**
 * The site's address, from the REST root of the request (`https://example.com`).
 *
 * @example
 * siteUrlOf(request); // 'http://site.test'
 */
export function siteUrlOf(request: RestRequest): string {
  const scope = request.scope;
  let found = siteUrls.get(scope);
  if (found === undefined) {
    const root = scope.restUrl('/');
    const suffix = `/${scope.prefix}-json/`;
    found = root.endsWith(suffix) ? root.slice(0, -suffix.length) : root.replace(/\/$/, '');
    siteUrls.set(scope, found);
  }
  return found;
}

/** `2030-01-01T00:00:00.000Z` → `2030-01-01T00:00:00+00:00`, PHP's `gmdate('c')`. */
function isoWithOffset(iso: string): string {
  return `${iso.slice(0, 19)}+00:00`;
}

/** The `capabilities` member of each set of capabilities (users of the same roles share a set). */
const capabilityRecords = new WeakMap<ReadonlySet<string>, Readonly<Record<string, true>>>();

/** `{ capability: true, … }` for a set, made once per set and frozen (records of every request share it). */
function capabilitiesRecord(capabilities: ReadonlySet<string>): Readonly<Record<string, true>> {
  let found = capabilityRecords.get(capabilities);
  if (found === undefined) {
    found = Object.freeze(Object.fromEntries([...capabilities].map((capability) => [capability, true as const])));
    capabilityRecords.set(capabilities, found);
  }
  return found;
}

/**
 * The full record of a user, every context included; the core's context filter trims it.
 *
 * @example
 * userRecord(user, 'https://example.com').link; // 'https://example.com/author/jane/'
 */
export function userRecord(user: User, siteUrl: string): UserRecord {
  return {
    id: user.id,
    username: user.login,
    name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    url: user.url,
    description: user.description,
    link: `${siteUrl}/author/${encodeURIComponent(user.slug)}/`,
    locale: user.locale || 'en_US',
    nickname: user.nickname,
    slug: user.slug,
    registered_date: isoWithOffset(user.registered),
    roles: [...user.roles],
    capabilities: capabilitiesRecord(user.capabilities),
    extra_capabilities: Object.fromEntries(user.roles.map((role) => [role, true])),
    avatar_urls: avatarUrls(user.email, { secure: !siteUrl.startsWith('http:') }),
    meta: { persisted_preferences: [] },
  };
}
