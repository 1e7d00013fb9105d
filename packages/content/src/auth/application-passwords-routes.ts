/**
 * The application-password routes under `/<namespace>/users/<id|me>/application-passwords`, after
 * WordPress's controller: list, create and revoke all; `/introspect`; and `/<uuid>` to read,
 * rename and revoke one. Every check needs `edit_user` on the user (everyone manages their own).
 *
 * @module
 */
import {
  CREATABLE,
  contextArg,
  DELETABLE,
  defineRoute,
  denied,
  EDITABLE,
  READABLE,
  RestError,
  type RestRequest,
  type Route,
  response,
  updateArgs,
} from '@cms-json/core';
import { z } from 'zod';
import { contentError, type PlainContentErrorCode } from '../errors.js';
import { userCan } from '../permissions.js';
import type { UserStore } from '../users/store.js';
import type { User } from '../users/user.js';
import type { ApplicationPassword, ApplicationPasswordStore } from './application-passwords.js';
import { authProof } from './authenticator.js';

const ALL = ['view', 'edit', 'embed'];

/**
 * The application-password record (WordPress's `application-password` schema). The password
 * itself appears once, in the answer to the create request.
 *
 * @example
 * itemJsonSchema(ApplicationPasswordSchema).title; // 'application-password'
 */
export const ApplicationPasswordSchema = z
  .object({
    uuid: z
      .string()
      .readonly()
      .meta({ description: 'The unique identifier for the application password.', format: 'uuid', context: ALL }),
    app_id: z.string().meta({
      description:
        'A UUID provided by the application to uniquely identify it. It is recommended to use an UUID v5 with the URL or DNS namespace.',
      format: 'uuid',
      context: ALL,
    }),
    name: z
      .string()
      .min(1)
      .regex(/.*\S.*/)
      .meta({ description: 'The name of the application password.', context: ALL, required: true }),
    password: z
      .string()
      .readonly()
      .optional()
      .meta({ description: 'The generated password. Only available after adding an application.', context: ['edit'] }),
    created: z
      .string()
      .readonly()
      .meta({
        description: 'The GMT date the application password was created.',
        format: 'date-time',
        context: ['view', 'edit'],
      }),
    last_used: z
      .string()
      .nullable()
      .readonly()
      .meta({
        description: 'The GMT date the application password was last used.',
        format: 'date-time',
        context: ['view', 'edit'],
      }),
    last_ip: z
      .string()
      .nullable()
      .readonly()
      .meta({
        description: 'The IP address the application password was last used by.',
        format: 'ip',
        context: ['view', 'edit'],
      }),
  })
  .meta({ title: 'application-password' });

/**
 * Options of {@link applicationPasswordsRoutes}.
 *
 * @example
 * const options: ApplicationPasswordsRoutesOptions = { users: auth.users, passwords: auth.applicationPasswords, namespace: 'cms/v2' };
 */
export interface ApplicationPasswordsRoutesOptions {
  users: UserStore;
  passwords: ApplicationPasswordStore;
  /** The content namespace: `cms/v2` (or `wp/v2`). */
  namespace: string;
  /** What the authenticator recorded, for `/introspect`. */
}

/** `2030-01-01T00:00:00.000Z` → `2030-01-01T00:00:00`, PHP's `gmdate('Y-m-d\TH:i:s')`. */
const gmt = (iso: string | null) => (iso === null ? null : iso.slice(0, 19));

/**
 * The application-password routes under `/<namespace>/users/<id|me>/application-passwords`:
 * list, create and revoke all; `/introspect` (the password of the current request); and
 * `/<uuid>` to read, rename and revoke one. Each needs `edit_user` on the user (everyone
 * may manage their own).
 *
 * @example
 * server.register('cms/v2', ...applicationPasswordsRoutes({ users, passwords, namespace: 'cms/v2' }));
 */
export function applicationPasswordsRoutes(options: ApplicationPasswordsRoutesOptions): Route[] {
  const { users, passwords, namespace } = options;
  const base = '/users/(?P<user_id>(?:[\\d]+|me))/application-passwords';
  const urlOf = (request: RestRequest, userId: number, uuid?: string) =>
    request.scope.restUrl(`/${namespace}/users/${userId}/application-passwords${uuid === undefined ? '' : `/${uuid}`}`);
  const recordOf = (item: ApplicationPassword) => ({
    uuid: item.uuid,
    app_id: item.appId,
    name: item.name,
    created: item.created.slice(0, 19),
    last_used: gmt(item.lastUsed),
    last_ip: item.lastIp,
  });
  /** The record as the read routes show it, with its `self` link. */
  const linkedRecordOf = (request: RestRequest, userId: number, item: ApplicationPassword) => ({
    ...recordOf(item),
    _links: { self: [{ href: urlOf(request, userId, item.uuid) }] },
  });
  /** The user of the path (`me` is the caller), or the original's error. */
  async function target(request: RestRequest): Promise<User | RestError> {
    const raw = request.urlParams.user_id ?? '';
    if (raw === 'me') {
      if (request.user === null) return new RestError('rest_not_logged_in');
      return (await users.findById(request.user.id)) ?? contentError('rest_user_invalid_id');
    }
    const id = Number(raw);
    const user = Number.isSafeInteger(id) && id > 0 ? await users.findById(id) : undefined;
    return user ?? contentError('rest_user_invalid_id');
  }

  /** A permission check: the user exists and the caller may manage their passwords. */
  const allowed = (capability: string, refusal: PlainContentErrorCode) => async (request: RestRequest) => {
    const user = await target(request);
    if (user instanceof RestError) return user;
    return userCan(request, capability, user.id) || denied(request, contentError(refusal));
  };

  async function resolve(request: RestRequest): Promise<User> {
    const user = await target(request);
    if (user instanceof RestError) throw user;
    return user;
  }

  async function found(request: RestRequest, user: User): Promise<ApplicationPassword> {
    const item = await passwords.get(user.id, request.urlParams.uuid ?? '');
    if (item === undefined) throw contentError('rest_application_password_not_found');
    return item;
  }

  const collection = defineRoute({
    path: base,
    schema: ApplicationPasswordSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(ApplicationPasswordSchema) },
        permission: allowed('list_app_passwords', 'rest_cannot_list_application_passwords'),
        handler: async (_args, request) => {
          const user = await resolve(request);
          const items = await passwords.list(user.id);
          return items.map((item) => linkedRecordOf(request, user.id, item));
        },
      }),
      endpoint({
        methods: CREATABLE,
        args: {
          name: ApplicationPasswordSchema.shape.name,
          app_id: ApplicationPasswordSchema.shape.app_id.optional(),
        },
        permission: allowed('create_app_password', 'rest_cannot_create_application_passwords'),
        handler: async (args, request) => {
          const user = await resolve(request);
          const created = await passwords.create(user.id, { name: args.name, appId: args.app_id });
          const self = urlOf(request, user.id, created.item.uuid);
          return response(
            { ...recordOf(created.item), password: created.formatted },
            { status: 201, headers: { Location: self }, raw: true },
          ).addLink('self', self);
        },
      }),
      endpoint({
        methods: DELETABLE,
        permission: allowed('delete_app_passwords', 'rest_cannot_delete_application_passwords'),
        handler: async (_args, request) => {
          const user = await resolve(request);
          return response({ deleted: true, count: await passwords.revokeAll(user.id) }, { raw: true });
        },
      }),
    ],
  });

  const introspect = defineRoute({
    path: `${base}/introspect`,
    schema: ApplicationPasswordSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(ApplicationPasswordSchema) },
        permission: async (request) => {
          const user = await target(request);
          if (user instanceof RestError) return user;
          return (
            request.user?.id === user.id ||
            denied(request, contentError('rest_cannot_introspect_app_password_for_non_authenticated_user'))
          );
        },
        handler: async (_args, request) => {
          const user = await resolve(request);
          const proof = authProof.get(request);
          const item =
            proof?.method === 'application-password' ? await passwords.get(user.id, proof.applicationPassword.uuid) : undefined;
          if (item === undefined) {
            throw contentError('rest_no_authenticated_app_password');
          }
          return response(recordOf(item), { raw: true }).addLink('self', urlOf(request, user.id, item.uuid));
        },
      }),
    ],
  });

  const single = defineRoute({
    path: `${base}/(?P<uuid>[\\w\\-]+)`,
    schema: ApplicationPasswordSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(ApplicationPasswordSchema) },
        permission: allowed('read_app_password', 'rest_cannot_read_application_password'),
        handler: async (_args, request) => {
          const user = await resolve(request);
          const item = await found(request, user);
          return linkedRecordOf(request, user.id, item);
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: updateArgs(ApplicationPasswordSchema),
        permission: allowed('edit_app_password', 'rest_cannot_edit_application_password'),
        handler: async (args, request) => {
          const user = await resolve(request);
          const item = await found(request, user);
          const updated = await passwords.update(user.id, item.uuid, { name: args.name, appId: args.app_id });
          if (updated === undefined) throw contentError('rest_application_password_not_found');
          return response(recordOf(updated), { raw: true }).addLink('self', urlOf(request, user.id, item.uuid));
        },
      }),
      endpoint({
        methods: DELETABLE,
        permission: allowed('delete_app_password', 'rest_cannot_delete_application_password'),
        handler: async (_args, request) => {
          const user = await resolve(request);
          const item = await found(request, user);
          await passwords.revoke(user.id, item.uuid);
          return response({ deleted: true, previous: recordOf(item) }, { raw: true });
        },
      }),
    ],
  });

  return [collection, introspect, single];
}
