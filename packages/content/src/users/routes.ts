/**
 * The users routes of the content namespace, after WordPress's users controller:
 * `/users` (list, create), `/users/<id>` (read, update, delete) and `/users/me`. Each
 * endpoint's check and handler live in their own module (`permissions.ts`, `list.ts`,
 * `write.ts`); this file only says which serves what. Records are of the object type
 * `user`, so fields, links and hooks that extensions register for it apply.
 *
 * @module
 */
import {
  CREATABLE,
  contextArg,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  type ObjectTypeRegistry,
  READABLE,
  RestError,
  type RestRequest,
  type Route,
} from '@cms-json/core';
import { z } from 'zod';
import { createUserArgs, deleteUserArgs, listUserArgs, updateUserArgs } from './args.js';
import { existingUser, recordOf, USER_TYPE, type UsersContext } from './context.js';
import { listUsers } from './list.js';
import { canCreate, canDelete, canList, canRead, canUpdate } from './permissions.js';
import type { PersistedPreferences } from './persisted-preferences.js';
import { UserSchema } from './schema.js';
import type { UserStore } from './store.js';
import { createUser, deleteUser, updateUser } from './write.js';

/**
 * Options of {@link usersRoutes}.
 *
 * @example
 * const options: UsersRoutesOptions = { users: auth.users, namespace: 'cms/v2', objectTypes: server.objectTypes };
 */
export interface UsersRoutesOptions {
  users: UserStore;
  /** The content namespace: `cms/v2` (or `wp/v2`). */
  namespace: string;
  /** The server's object types: the `user` type's extensions, and who has published. */
  objectTypes: ObjectTypeRegistry;
  /** Runs before a user is deleted, to hand their content to `reassign` (or delete it when `null`). */
  onDeleteUser?: ((userId: number, reassign: number | null, request: RestRequest) => Promise<void>) | undefined;
  /**
   * How a delete runs: the content plugin passes one transaction of the site's database
   * (`writeTransaction`), so the user, every record of theirs deleted or handed on (an
   * upload's files removed only once that is stored), and what the hooks write go together or
   * not at all. Creates and updates do not run in it: they may hash a password (scrypt,
   * deliberately slow), which must not hold SQLite's one connection meanwhile.
   * @default the work as it is
   */
  atomicDelete?: (<T>(work: () => Promise<T>) => Promise<T>) | undefined;
  /** The users' `persisted_preferences` meta (the content plugin's, over `user_meta`); without it, always `[]`. */
  preferences?: PersistedPreferences | undefined;
}

/**
 * The users routes. Edit-context fields need `list_users` (or being the user); anonymous
 * callers see only published authors; deleting needs `force=true` and a `reassign`. No
 * response ever holds a password or hash.
 *
 * @example
 * server.register('cms/v2', ...usersRoutes({ users: auth.users, namespace: 'cms/v2', objectTypes: server.objectTypes }));
 */
export function usersRoutes(options: UsersRoutesOptions): Route[] {
  const base = `/${options.namespace}/users`;
  const context: UsersContext = {
    users: options.users,
    base,
    type: options.objectTypes.get(USER_TYPE),
    objectTypes: options.objectTypes,
    onDeleteUser: options.onDeleteUser,
    preferences: options.preferences,
  };
  const preferences = options.preferences;
  if (preferences !== undefined) {
    // The edit context shows the stored preferences (the view context has no `meta` key to fill).
    context.type.on('prepare', async (record, event) => {
      const meta = record.meta;
      if (event.context !== 'edit' || typeof meta !== 'object' || meta === null || !('persisted_preferences' in meta))
        return record;
      const value = await preferences.valueOf(event.request, Number(record.id));
      return { ...record, meta: { ...meta, persisted_preferences: value } };
    });
  }
  const links: LinkTemplate[] = [
    { rel: 'self', href: `${base}/:id` },
    { rel: 'collection', href: base },
  ];
  const shared = { schema: UserSchema, objectType: USER_TYPE, links };
  // The original resolves "me" to the current user's id, 0 when anonymous: writes then fail
  // with 404 rest_user_invalid_id, and a read with 401 rest_not_logged_in.
  const me = (request: { user: { id: number } | null }) => request.user?.id ?? 0;
  const atomic = options.atomicDelete ?? (<T>(work: () => Promise<T>) => work());

  const collection = defineRoute({
    ...shared,
    path: '/users',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: listUserArgs,
        permission: canList,
        handler: (args, request) => listUsers(context, args, request),
      }),
      endpoint({
        methods: CREATABLE,
        args: createUserArgs,
        permission: canCreate,
        handler: (args, request) => createUser(context, args, request),
      }),
    ],
  });

  const readPermission = (request: RestRequest, args: { id: number; context: string }) => canRead(context, request, args);
  const read = async ({ id }: { id: number }, request: RestRequest) =>
    recordOf(await existingUser(context, request, id), request);
  const item = defineRoute({
    ...shared,
    path: '/users/:id',
    args: { id: z.number().int().meta({ description: 'Unique identifier for the user.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(UserSchema) },
        permission: readPermission,
        handler: read,
      }),
      endpoint({
        methods: EDITABLE,
        args: updateUserArgs,
        permission: (request, args) => canUpdate(context, request, args.id, args),
        handler: (args, request) => updateUser(context, args.id, args, request),
      }),
      endpoint({
        methods: DELETABLE,
        args: deleteUserArgs,
        permission: (request, args) => canDelete(context, request, args.id),
        handler: (args, request) => atomic(() => deleteUser(context, args.id, args, request)),
      }),
    ],
  });

  const current = defineRoute({
    ...shared,
    path: '/users/me',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(UserSchema) },
        permission: 'public',
        handler: async (_args, request) => {
          if (request.user === null) throw new RestError('rest_not_logged_in');
          return recordOf(await existingUser(context, request, request.user.id), request);
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: updateUserArgs,
        permission: (request, args) => canUpdate(context, request, me(request), args),
        handler: (args, request) => updateUser(context, me(request), args, request),
      }),
      endpoint({
        methods: DELETABLE,
        args: deleteUserArgs,
        permission: (request) => canDelete(context, request, me(request)),
        handler: (args, request) => atomic(() => deleteUser(context, me(request), args, request)),
      }),
    ],
  });

  return [collection, current, item];
}
