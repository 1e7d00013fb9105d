import { type ResponseInit, type RestRequest, RestResponse } from '@cms-json/core';
import { z } from 'zod';
import { AVATAR_SIZES, avatarUrls } from './avatar.js';
import type { User } from './user.js';

const ALL = ['embed', 'view', 'edit'];
const EDIT = ['edit'];

const avatarShape = Object.fromEntries(
  AVATAR_SIZES.map((size) => [
    size,
    z.string().meta({ description: `Avatar URL with image size of ${size} pixels.`, format: 'uri', context: ALL }),
  ]),
) as Record<(typeof AVATAR_SIZES)[number], z.ZodString>;

/**
 * The user record of `/<prefix>/v2/users` (specification §2.2, WordPress's `user` schema).
 * Fields outside the `embed` and `view` contexts (email, roles, capabilities, registration
 * date, username, …) appear only in `context=edit`; the password is write-only.
 *
 * @example
 * itemJsonSchema(UserSchema).title; // 'user'
 */
export const UserSchema = z
  .object({
    id: z.number().int().readonly().meta({ description: 'Unique identifier for the user.', context: ALL }),
    username: z.string().meta({ description: 'Login name for the user.', context: EDIT }),
    name: z.string().meta({ description: 'Display name for the user.', context: ALL }),
    first_name: z.string().meta({ description: 'First name for the user.', context: EDIT }),
    last_name: z.string().meta({ description: 'Last name for the user.', context: EDIT }),
    email: z.string().meta({ description: 'The email address for the user.', format: 'email', context: EDIT }),
    url: z.string().meta({ description: 'URL of the user.', format: 'uri', context: ALL }),
    description: z.string().meta({ description: 'Description of the user.', context: ALL }),
    link: z.string().readonly().meta({ description: 'Author URL of the user.', format: 'uri', context: ALL }),
    locale: z.string().meta({ description: 'Locale for the user.', context: EDIT }),
    nickname: z.string().meta({ description: 'The nickname for the user.', context: EDIT }),
    slug: z.string().meta({ description: 'An alphanumeric identifier for the user.', context: ALL }),
    registered_date: z
      .string()
      .readonly()
      .meta({ description: 'Registration date for the user.', format: 'date-time', context: EDIT }),
    roles: z.array(z.string()).meta({ description: 'Roles assigned to the user.', context: EDIT }),
    password: z.string().optional().meta({ description: 'Password for the user (never included).', context: [] }),
    capabilities: z
      .record(z.string(), z.boolean())
      .readonly()
      .meta({ description: 'All capabilities assigned to the user.', context: EDIT }),
    extra_capabilities: z
      .record(z.string(), z.boolean())
      .readonly()
      .meta({ description: 'Any extra capabilities assigned to the user.', context: EDIT }),
    avatar_urls: z.object(avatarShape).readonly().meta({ description: 'Avatar URLs for the user.', context: ALL }),
  })
  .meta({ title: 'user' });

/**
 * A user record as the routes return it (never with a password).
 *
 * @example
 * const record: UserRecord = userRecord(user, 'https://example.com');
 */
export type UserRecord = Omit<z.output<typeof UserSchema>, 'password'>;

/**
 * The site's address, from the REST root of the request (`https://example.com`).
 *
 * @example
 * siteUrlOf(request); // 'http://site.test'
 */
export function siteUrlOf(request: RestRequest): string {
  const root = request.scope.restUrl('/');
  const suffix = `/${request.scope.prefix}-json/`;
  return root.endsWith(suffix) ? root.slice(0, -suffix.length) : root.replace(/\/$/, '');
}

/** `2030-01-01T00:00:00.000Z` → `2030-01-01T00:00:00+00:00`, PHP's `gmdate('c')`. */
function isoWithOffset(iso: string): string {
  return `${iso.slice(0, 19)}+00:00`;
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
    capabilities: Object.fromEntries([...user.capabilities].map((capability) => [capability, true])),
    extra_capabilities: Object.fromEntries(user.roles.map((role) => [role, true])),
    avatar_urls: avatarUrls(user.email),
  };
}

/**
 * A response with a record shown whole (the `edit` context, as after a create, update or
 * delete) and its links, bypassing the route's context filter.
 *
 * @example
 * return editResponse(record, { self: url }, { status: 201, headers: { Location: url } });
 */
export function editResponse(data: unknown, links: Readonly<Record<string, string>>, init: ResponseInit = {}): RestResponse {
  const result = new RestResponse(data, { ...init, raw: true });
  for (const [rel, href] of Object.entries(links)) result.addLink(rel, href);
  return result;
}
