/**
 * The user record as the routes build it: every field of every context, from a stored user;
 * the core's context filter trims it to the request's context.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { avatarUrls } from './avatar.js';
import { CapabilitySet } from './capability-sets.js';
import type { UserRecord } from './schema.js';
import type { User } from './user.js';

/**
 * The site's address the request was made to (`https://example.com`): its scope's, which the
 * server keeps per site; from the REST root for a request no server dispatched.
 *
 * @example
 * siteUrlOf(request); // 'http://site.test'
 */
export function siteUrlOf(request: RestRequest): string {
  const scope = request.scope;
  if (scope.siteUrl !== undefined) return scope.siteUrl;
  const root = scope.restUrl('/');
  const suffix = `/${scope.prefix}-json/`;
  return root.endsWith(suffix) ? root.slice(0, -suffix.length) : root.replace(/\/$/, '');
}

/** `2030-01-01T00:00:00.000Z` → `2030-01-01T00:00:00+00:00`, PHP's `gmdate('c')`. */
function isoWithOffset(iso: string): string {
  return `${iso.slice(0, 19)}+00:00`;
}

/**
 * `{ capability: true, … }` for a set: the shared set's own (made once, with a user's denied
 * capabilities as `false`, WordPress's `allcaps`), or made for a set of another kind.
 */
function capabilitiesRecord(capabilities: ReadonlySet<string>): Readonly<Record<string, boolean>> {
  if (capabilities instanceof CapabilitySet) return capabilities.allcaps;
  return Object.freeze(Object.fromEntries([...capabilities].map((capability) => [capability, true as const])));
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
    // WordPress's `$user->caps`: the roles, then the user's own grants (true) and denials (false).
    extra_capabilities: { ...Object.fromEntries(user.roles.map((role) => [role, true])), ...user.grants },
    avatar_urls: avatarUrls(user.email, { secure: !siteUrl.startsWith('http:') }),
    // The stored preferences replace it in the edit context (`usersRoutes`' `prepare` hook).
    meta: { persisted_preferences: [] },
  };
}
