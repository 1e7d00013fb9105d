import {
  type ArgsOf,
  CREATABLE,
  collectionArgs,
  collectionResponse,
  contextArg,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  pageWindow,
  READABLE,
  RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  response,
  updateArgs,
} from '@cms-json/core';
import { z } from 'zod';
import { denied, rest, userCan } from './permissions.js';
import type { User } from './user.js';
import { editResponse, siteUrlOf, UserSchema, userRecord } from './user-record.js';
import type { UserChanges, UserStore } from './users.js';

/**
 * Options of {@link usersRoutes}.
 *
 * @example
 * const options: UsersRoutesOptions = { users: auth.users, namespace: 'cms/v2', publishedAuthors: async () => [] };
 */
export interface UsersRoutesOptions {
  users: UserStore;
  /** The content namespace: `cms/v2` (or `wp/v2`). */
  namespace: string;
  /** Ids of the users who have published content; the only users anonymous callers may see. */
  publishedAuthors: () => Promise<readonly number[]>;
  /** Runs before a user is deleted, to hand their content to `reassign` (or delete it when `null`). */
  onDeleteUser?: ((userId: number, reassign: number | null) => Promise<void>) | undefined;
}

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

const updateUserArgs = {
  ...updateArgs(UserSchema),
  username: usernameArg.optional(),
  password: passwordArg.optional(),
};
const createUserArgs = { ...updateUserArgs, username: usernameArg, email: UserSchema.shape.email, password: passwordArg };
const deleteUserArgs = {
  force: z.boolean().default(false).meta({ description: 'Required to be true, as users do not support trashing.' }),
  // The original takes an id, or false, 'false' or '' for "no one" (`check_reassign`).
  reassign: z
    .union([z.number().int(), z.literal(false), z.literal('false'), z.literal('')])
    .meta({ description: "Reassign the deleted user's posts and links to this user ID." })
    .transform((value) => (typeof value === 'number' && value !== 0 ? Math.abs(value) : null)),
};
const listUserArgs = {
  ...collectionArgs({
    schema: UserSchema,
    orderby: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
    defaultOrderby: 'name',
    defaultOrder: 'asc',
  }),
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

type UpdateArgs = ArgsOf<typeof updateUserArgs>;
type DeleteArgs = ArgsOf<typeof deleteUserArgs>;

/** The REST fields a create and an update share, under the store's names. */
function profileOf(args: UpdateArgs) {
  return {
    email: args.email,
    displayName: args.name,
    firstName: args.first_name,
    lastName: args.last_name,
    nickname: args.nickname,
    slug: args.slug,
    url: args.url,
    description: args.description,
    locale: args.locale,
    password: args.password,
  };
}

const invalidId = () => new RestError('rest_user_invalid_id', 'Invalid user ID.', { status: 404 });

/**
 * The users routes of the content namespace, after WordPress's users controller:
 * `/users` (list, create), `/users/<id>` (read, update, delete) and `/users/me`. Edit-context
 * fields need `list_users` (or being the user); anonymous callers see only published authors;
 * deleting needs `force=true` and a `reassign`. No response ever holds a password or hash.
 *
 * @example
 * server.register('cms/v2', ...usersRoutes({ users: auth.users, namespace: 'cms/v2', publishedAuthors: async () => [] }));
 */
export function usersRoutes(options: UsersRoutesOptions): Route[] {
  const { users, namespace } = options;
  const base = `/${namespace}/users`;
  const links: LinkTemplate[] = [
    { rel: 'self', href: `${base}/:id` },
    { rel: 'collection', href: base },
  ];
  const loaded = new WeakMap<RestRequest, Map<number, Promise<User | undefined>>>();

  /** The user with this id, looked up once per request (permission checks run again for `Allow`). */
  function lookup(request: RestRequest, id: number): Promise<User | undefined> {
    let cache = loaded.get(request);
    if (cache === undefined) loaded.set(request, (cache = new Map()));
    let found = cache.get(id);
    if (found === undefined) cache.set(id, (found = id > 0 ? users.findById(id) : Promise.resolve(undefined)));
    return found;
  }
  const recordOf = (user: User, request: RestRequest) => userRecord(user, siteUrlOf(request));
  const linksOf = (request: RestRequest, id: number) => ({
    self: request.scope.restUrl(`${base}/${id}`),
    collection: request.scope.restUrl(base),
  });
  const rolesWith = (capabilities: readonly string[]) =>
    Object.entries(users.roles)
      .filter(([slug, role]) => capabilities.some((capability) => capability === slug || role.capabilities.includes(capability)))
      .map(([slug]) => slug);

  /** The original's `check_role_update`: roles must exist; nobody drops their own `edit_users`. */
  function checkRoleUpdate(request: RestRequest, userId: number | undefined, roles: readonly string[]): void {
    for (const slug of roles) {
      const role = Object.hasOwn(users.roles, slug) ? users.roles[slug] : undefined;
      if (role === undefined) throw new RestError('rest_user_invalid_role', `The role ${slug} does not exist.`, { status: 400 });
      if (userId !== undefined && request.user?.id === userId && !role.capabilities.includes('edit_users')) {
        throw denied('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.');
      }
    }
  }

  async function canUpdate(request: RestRequest, id: number, args: Partial<UpdateArgs>): Promise<true | RestError> {
    if ((await lookup(request, id)) === undefined) return invalidId();
    if (args.roles !== undefined && args.roles.length > 0) {
      if (!userCan(request, 'promote_user', id)) {
        return denied('rest_cannot_edit_roles', 'Sorry, you are not allowed to edit roles of this user.');
      }
      // Changing only the roles needs only `promote_user`.
      const sent = new Set(request.paramNames()).add('id');
      if ([...sent].sort().join(',') === 'id,roles') return true;
    }
    return userCan(request, 'edit_user', id) || denied('rest_cannot_edit', 'Sorry, you are not allowed to edit this user.');
  }

  async function update(request: RestRequest, id: number, args: UpdateArgs): Promise<RestResponse> {
    const user = await lookup(request, id);
    if (user === undefined) throw invalidId();
    if (args.username !== undefined && args.username !== '' && args.username !== user.login) {
      throw new RestError('rest_user_invalid_argument', 'Username is not editable.', { status: 400 });
    }
    const roles = args.roles !== undefined && args.roles.length > 0 ? args.roles : undefined;
    if (roles !== undefined) checkRoleUpdate(request, id, roles);
    const changes: UserChanges = { ...profileOf(args), roles };
    const updated = await rest(() => users.update(id, changes));
    return editResponse(recordOf(updated, request), linksOf(request, id));
  }

  async function canDelete(request: RestRequest, id: number): Promise<true | RestError> {
    if ((await lookup(request, id)) === undefined) return invalidId();
    return (
      userCan(request, 'delete_user', id) || denied('rest_user_cannot_delete', 'Sorry, you are not allowed to delete this user.')
    );
  }

  async function remove(request: RestRequest, id: number, args: DeleteArgs): Promise<RestResponse> {
    const user = await lookup(request, id);
    if (user === undefined) throw invalidId();
    if (!args.force) {
      throw new RestError('rest_trash_not_supported', "Users do not support trashing. Set 'force=true' to delete.", {
        status: 501,
      });
    }
    const reassign = args.reassign;
    if (reassign !== null && (reassign === id || (await users.findById(reassign)) === undefined)) {
      throw new RestError('rest_user_invalid_reassign', 'Invalid user ID for reassignment.', { status: 400 });
    }
    const previous = recordOf(user, request);
    await options.onDeleteUser?.(id, reassign);
    if (!(await users.delete(id))) throw new RestError('rest_cannot_delete', 'The user cannot be deleted.', { status: 500 });
    return response({ deleted: true, previous }, { raw: true });
  }

  const collection = defineRoute({
    path: '/users',
    schema: UserSchema,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: listUserArgs,
        permission: (request, args) => {
          const listUsers = userCan(request, 'list_users');
          if (args.roles !== undefined && args.roles.length > 0 && !listUsers) {
            return denied('rest_user_cannot_view', 'Sorry, you are not allowed to filter users by role.');
          }
          if (args.capabilities !== undefined && args.capabilities.length > 0 && !listUsers) {
            return denied('rest_user_cannot_view', 'Sorry, you are not allowed to filter users by capability.');
          }
          if (args.context === 'edit' && !listUsers) {
            return denied('rest_forbidden_context', 'Sorry, you are not allowed to list users.');
          }
          if ((args.orderby === 'email' || args.orderby === 'registered_date') && !listUsers) {
            return denied('rest_forbidden_orderby', 'Sorry, you are not allowed to order users by this parameter.');
          }
          if (args.who === 'authors' && !userCan(request, 'edit_posts')) {
            return denied('rest_forbidden_who', 'Sorry, you are not allowed to query users by this parameter.');
          }
          return true;
        },
        handler: async (args, request) => {
          const listUsers = userCan(request, 'list_users');
          let include = args.include.length > 0 ? args.include : undefined;
          const asked = args.has_published_posts;
          const authorsOnly =
            args.who !== 'authors' && (!listUsers || asked === true || (Array.isArray(asked) && asked.length > 0));
          // No user enumeration: without `list_users`, only users who have published are listed.
          if (authorsOnly) {
            const authors = await options.publishedAuthors();
            include = include === undefined ? [...authors] : include.filter((id) => authors.includes(id));
          }
          let roles = args.roles !== undefined && args.roles.length > 0 ? args.roles : undefined;
          const narrow = (allowed: string[]) => {
            roles = roles === undefined ? allowed : roles.filter((role) => allowed.includes(role));
          };
          if (args.capabilities !== undefined && args.capabilities.length > 0) narrow(rolesWith(args.capabilities));
          if (args.who === 'authors') narrow(rolesWith(['level_1']));
          const { limit, offset } = pageWindow(args);
          const { users: found, total } = await users.list({
            search: args.search,
            // Searching emails and URLs is for those who may list users.
            searchIn: listUsers ? undefined : ['login', 'slug', 'display_name'],
            include,
            exclude: args.exclude,
            slugs: args.slug,
            roles,
            orderBy: args.orderby,
            order: args.order,
            perPage: limit,
            offset,
          });
          const records = found.map((user) => recordOf(user, request));
          return collectionResponse(request, records, { total, page: Math.floor(offset / limit) + 1, perPage: limit });
        },
      }),
      endpoint({
        methods: CREATABLE,
        args: createUserArgs,
        permission: (request) =>
          userCan(request, 'create_users') ||
          denied('rest_cannot_create_user', 'Sorry, you are not allowed to create new users.'),
        handler: async (args, request) => {
          if (request.hasParam('id')) throw new RestError('rest_user_exists', 'Cannot create existing user.', { status: 400 });
          if (args.roles !== undefined && args.roles.length > 0) checkRoleUpdate(request, undefined, args.roles);
          const user = await rest(() =>
            users.create({
              ...profileOf(args),
              login: args.username,
              email: args.email,
              password: args.password,
              roles: args.roles,
            }),
          );
          const urls = linksOf(request, user.id);
          return editResponse(recordOf(user, request), urls, { status: 201, headers: { Location: urls.self } });
        },
      }),
    ],
  });

  const item = defineRoute({
    path: '/users/:id',
    schema: UserSchema,
    args: { id: z.number().int().meta({ description: 'Unique identifier for the user.' }) },
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(UserSchema) },
        permission: async (request, args) => {
          const user = await lookup(request, args.id);
          if (user === undefined) return invalidId();
          if (request.user?.id === user.id) return true;
          const listUsers = userCan(request, 'list_users');
          const cannotView = () => denied('rest_user_cannot_view', 'Sorry, you are not allowed to list users.');
          if (args.context === 'edit' && !listUsers) return cannotView();
          if (listUsers || userCan(request, 'edit_user', user.id)) return true;
          return (await options.publishedAuthors()).includes(user.id) || cannotView();
        },
        handler: async ({ id }, request) => {
          const user = await lookup(request, id);
          if (user === undefined) throw invalidId();
          return recordOf(user, request);
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: updateUserArgs,
        permission: (request, args) => canUpdate(request, args.id, args),
        handler: (args, request) => update(request, args.id, args),
      }),
      endpoint({
        methods: DELETABLE,
        args: deleteUserArgs,
        permission: (request, args) => canDelete(request, args.id),
        handler: (args, request) => remove(request, args.id, args),
      }),
    ],
  });

  // The original resolves "me" to the current user's id, 0 when anonymous: writes then fail
  // with 404 rest_user_invalid_id, and a read with 401 rest_not_logged_in.
  const me = defineRoute({
    path: '/users/me',
    schema: UserSchema,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(UserSchema) },
        permission: 'public',
        handler: async (_args, request) => {
          if (request.user === null) throw new RestError('rest_not_logged_in');
          const user = await lookup(request, request.user.id);
          if (user === undefined) throw invalidId();
          return recordOf(user, request);
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: updateUserArgs,
        permission: (request, args) => canUpdate(request, request.user?.id ?? 0, args),
        handler: (args, request) => update(request, request.user?.id ?? 0, args),
      }),
      endpoint({
        methods: DELETABLE,
        args: deleteUserArgs,
        permission: (request) => canDelete(request, request.user?.id ?? 0),
        handler: (args, request) => remove(request, request.user?.id ?? 0, args),
      }),
    ],
  });

  return [collection, me, item];
}
