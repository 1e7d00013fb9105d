/**
 * The arguments of the users routes, as the original declares them: the list's filters,
 * the writable fields of a create and an update (username and password checked as
 * `validate_username` and the password rules do), and a delete's `force` and `reassign`.
 *
 * @module
 */
import { type ArgsOf, collectionArgs, updateArgs } from '@cms-json/core';
import { z } from 'zod';
import { metaArgument } from '../meta/schema.js';
import { PERSISTED_PREFERENCES_SCHEMA } from './persisted-preferences.js';
import { UserSchema } from './schema.js';

const ILLEGAL_USERNAME = 'This username is invalid because it uses illegal characters. Please enter a valid username.';
/** What WordPress's `validate_username` accepts: `sanitize_user( $login, true )` leaves it unchanged. */
const VALID_USERNAME = /^[A-Za-z0-9_.@-]+(?: [A-Za-z0-9_.@-]+)*$/;

const usernameArg = z
  .string()
  .refine((login) => VALID_USERNAME.test(login), ILLEGAL_USERNAME)
  .meta({ description: 'Login name for the user.' });
const passwordArg = z
  .string()
  .refine((password) => password !== '', 'Passwords cannot be empty.')
  .refine((password) => !password.includes('\\'), 'Passwords cannot contain the "\\" character.')
  .meta({ description: 'Password for the user (never included).' });

/** The arguments of an update (`POST`/`PUT`/`PATCH /users/<id>`, `/users/me`). */
export const updateUserArgs = {
  ...updateArgs(UserSchema),
  // As the original's `check_meta_is_array`: an object (checked key by key when written).
  meta: metaArgument({ persisted_preferences: PERSISTED_PREFERENCES_SCHEMA }),
  username: usernameArg.optional(),
  password: passwordArg.optional(),
};

/** The arguments of a create (`POST /users`): username, email and password required. */
export const createUserArgs = { ...updateUserArgs, username: usernameArg, email: UserSchema.shape.email, password: passwordArg };

/** The arguments of a delete: users have no trash, and their content goes to `reassign` (or is deleted). */
export const deleteUserArgs = {
  force: z.boolean().default(false).meta({ description: 'Required to be true, as users do not support trashing.' }),
  // The original takes an id, or false, 'false' or '' for "no one" (`check_reassign`).
  reassign: z
    .union([z.number().int(), z.literal(false), z.literal('false'), z.literal('')])
    .meta({ description: "Reassign the deleted user's posts and links to this user ID." })
    .transform((value) => (typeof value === 'number' && value !== 0 ? Math.abs(value) : null)),
};

const listBase = collectionArgs({
  schema: UserSchema,
  orderby: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
  defaultOrderby: 'name',
  defaultOrder: 'asc',
  noun: 'user',
});

/** The arguments of the list (`GET /users`). */
export const listUserArgs = {
  ...listBase,
  orderby: listBase.orderby.meta({ description: 'Sort collection by user attribute.' }),
  exclude: z.array(z.number().int()).default([]).meta({ description: 'Ensure result set excludes specific IDs.' }),
  include: z.array(z.number().int()).default([]).meta({ description: 'Limit result set to specific IDs.' }),
  slug: z.array(z.string()).optional().meta({ description: 'Limit result set to users with one or more specific slugs.' }),
  roles: z.array(z.string()).optional().meta({
    description: 'Limit result set to users matching at least one specific role provided. Accepts csv list or single role.',
  }),
  capabilities: z.array(z.string()).optional().meta({
    description:
      'Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability.',
  }),
  who: z.enum(['authors']).optional().meta({ description: 'Limit result set to users who are considered authors.' }),
  has_published_posts: z
    .union([z.boolean(), z.array(z.string())])
    .optional()
    .meta({ description: 'Limit result set to users who have published posts.' }),
};

/** An update's parsed arguments. */
export type UpdateUserArgs = ArgsOf<typeof updateUserArgs>;
/** A create's parsed arguments. */
export type CreateUserArgs = ArgsOf<typeof createUserArgs>;
/** A delete's parsed arguments. */
export type DeleteUserArgs = ArgsOf<typeof deleteUserArgs>;
/** The list's parsed arguments. */
export type ListUserArgs = ArgsOf<typeof listUserArgs>;
