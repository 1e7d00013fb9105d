/**
 * The user record's schema (specification §2.2, WordPress's `user` schema): the fields of
 * each context, which drive the context filter, the published draft-04 schema and the
 * write arguments.
 *
 * @module
 */
import { z } from 'zod';
import { AVATAR_SIZES } from './avatar.js';
import { PERSISTED_PREFERENCES_SCHEMA } from './persisted-preferences.js';

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
    // `required: true` inside the property, as the original's item schema marks what a create needs.
    username: z.string().meta({ description: 'Login name for the user.', context: EDIT, required: true }),
    name: z.string().meta({ description: 'Display name for the user.', context: ALL }),
    first_name: z.string().meta({ description: 'First name for the user.', context: EDIT }),
    last_name: z.string().meta({ description: 'Last name for the user.', context: EDIT }),
    email: z.string().meta({ description: 'The email address for the user.', format: 'email', context: EDIT, required: true }),
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
    password: z.string().optional().meta({ description: 'Password for the user (never included).', context: [], required: true }),
    capabilities: z
      .record(z.string(), z.boolean())
      .readonly()
      .meta({ description: 'All capabilities assigned to the user.', context: EDIT }),
    extra_capabilities: z
      .record(z.string(), z.boolean())
      .readonly()
      .meta({ description: 'Any extra capabilities assigned to the user.', context: EDIT }),
    avatar_urls: z.object(avatarShape).readonly().meta({ description: 'Avatar URLs for the user.', context: ALL }),
    // The user meta the original registers for the block editor (users/persisted-preferences.ts):
    // an object, or PHP's empty array when none is stored; the view context shows `meta` as []
    // (the context filter's rule). Written through the `meta` argument (args.ts).
    meta: z
      .object({
        persisted_preferences: z
          .union([z.record(z.string(), z.unknown()), z.tuple([])])
          .meta({ description: '', default: [], context: EDIT, published: PERSISTED_PREFERENCES_SCHEMA }),
      })
      .meta({
        description: 'Meta fields.',
        context: ['view', 'edit'],
        published: {
          description: 'Meta fields.',
          type: 'object',
          context: ['view', 'edit'],
          properties: { persisted_preferences: PERSISTED_PREFERENCES_SCHEMA },
        },
      }),
  })
  .meta({ title: 'user' });

/**
 * A user record as the routes return it (never with a password).
 *
 * @example
 * const record: UserRecord = userRecord(user, 'https://example.com');
 */
export type UserRecord = Omit<z.output<typeof UserSchema>, 'password'>;
