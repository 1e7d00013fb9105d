/**
 * Writes to users: create, update and delete, in the original's order: the `preInsert`
 * hooks see the changes, the store writes them, the `insert` hooks run, then the registered
 * fields are written and the `afterInsert` hooks run. A create or an update answers the
 * record in the `edit` context; a delete answers `{ deleted, previous }`.
 *
 * @module
 */
import { permissionsChanged, type RestRequest, type RestResponse, response } from '@cms-json/core';
import { contentError } from '../errors.js';
import { ksesField } from '../kses/filter.js';
import type { CreateUserArgs, DeleteUserArgs, UpdateUserArgs } from './args.js';
import { existingUser, forgetUser, recordOf, type UsersContext } from './context.js';
import { checkRoleUpdate } from './permissions.js';
import type { UserChanges } from './store.js';
import type { User } from './user.js';

/**
 * The REST fields a create and an update share, under the store's names; the description
 * filtered as WordPress's `pre_user_description` (`wp_filter_kses` for every caller).
 */
function profileOf(args: UpdateUserArgs, request: RestRequest): UserChanges {
  return {
    email: args.email,
    displayName: args.name,
    firstName: args.first_name,
    lastName: args.last_name,
    nickname: args.nickname,
    slug: args.slug,
    url: args.url,
    description: args.description === undefined ? undefined : ksesField(args.description, 'user_description', request),
    locale: args.locale,
    password: args.password,
  };
}

/** After the store wrote the user: the `insert` hooks, the registered fields, the `afterInsert` hooks. */
async function afterWrite(
  context: UsersContext,
  user: User,
  args: Readonly<Record<string, unknown>>,
  event: { request: RestRequest; creating: boolean },
) {
  const record = recordOf(user, event.request);
  await context.type.emit('insert', record, event);
  await context.type.updateFields(record, args, event.request);
  await context.type.emit('afterInsert', record, event);
  return record;
}

/** `POST /users`. */
export async function createUser(context: UsersContext, args: CreateUserArgs, request: RestRequest): Promise<RestResponse> {
  if (request.hasParam('id')) throw contentError('rest_user_exists');
  if (args.roles !== undefined && args.roles.length > 0) checkRoleUpdate(context, request, undefined, args.roles);
  const event = { request, creating: true };
  const meta = await context.preferences?.plan(request, undefined, args.meta);
  const input = await context.type.filter(
    'preInsert',
    { ...profileOf(args, request), login: args.username, email: args.email, password: args.password, roles: args.roles },
    event,
  );
  const user = await context.users.create(input);
  await meta?.apply(user.id);
  const record = await afterWrite(context, user, args, event);
  const location = request.scope.restUrl(`${context.base}/${user.id}`);
  return response(record, { status: 201, context: 'edit', headers: { Location: location } });
}

/** `POST`/`PUT`/`PATCH /users/<id>` and `/users/me`. */
export async function updateUser(
  context: UsersContext,
  id: number,
  args: UpdateUserArgs,
  request: RestRequest,
): Promise<RestResponse> {
  const user = await existingUser(context, request, id);
  if (args.username !== undefined && args.username !== '' && args.username !== user.login) {
    throw contentError('rest_user_invalid_argument');
  }
  const roles = args.roles !== undefined && args.roles.length > 0 ? args.roles : undefined;
  if (roles !== undefined) checkRoleUpdate(context, request, id, roles);
  const event = { request, creating: false };
  // Checked before anything is stored (the original stores the user first, then may refuse its meta).
  const meta = await context.preferences?.plan(request, id, args.meta);
  const changes = await context.type.filter('preInsert', { ...profileOf(args, request), roles }, event);
  const updated = await context.users.update(id, changes);
  await meta?.apply(id);
  return response(await afterWrite(context, updated, args, event), { context: 'edit' });
}

/** `DELETE /users/<id>` and `/users/me`: needs `force=true`; content goes to `reassign`. */
export async function deleteUser(
  context: UsersContext,
  id: number,
  args: DeleteUserArgs,
  request: RestRequest,
): Promise<RestResponse> {
  const user = await existingUser(context, request, id);
  if (!args.force) throw contentError('rest_trash_not_supported');
  const reassign = args.reassign;
  if (reassign !== null && (reassign === id || (await context.users.findById(reassign)) === undefined)) {
    throw contentError('rest_user_invalid_reassign');
  }
  const previous = await context.type.withFields(recordOf(user, request), request);
  await context.onDeleteUser?.(id, reassign, request);
  if (!(await context.users.delete(id))) throw contentError('rest_cannot_delete');
  forgetUser(request, id);
  permissionsChanged(request);
  await context.type.emit('delete', previous, { request });
  return response({ deleted: true, previous }, { raw: true });
}
