/**
 * Who may do what with users, as the original's users controller decides it: listing and
 * reading (anonymous callers see only published authors), creating, editing (roles need
 * `promote_user`, and nobody drops their own `edit_users`) and deleting. Each check answers
 * `true` or the original's error.
 *
 * @module
 */
import { denied, type RestError, type RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import type { ListUserArgs, UpdateUserArgs } from './args.js';
import { hasPublished, lookupUser, type UsersContext } from './context.js';

/** May the caller list users with these filters (`GET /users`)? */
export function canList(request: RestRequest, args: ListUserArgs): true | RestError {
  const listUsers = userCan(request, 'list_users');
  if (args.roles !== undefined && args.roles.length > 0 && !listUsers) {
    return denied(request, contentError('rest_user_cannot_view.role'));
  }
  if (args.capabilities !== undefined && args.capabilities.length > 0 && !listUsers) {
    return denied(request, contentError('rest_user_cannot_view.capability'));
  }
  if (args.context === 'edit' && !listUsers) {
    return denied(request, contentError('rest_forbidden_context.users'));
  }
  if ((args.orderby === 'email' || args.orderby === 'registered_date') && !listUsers) {
    return denied(request, contentError('rest_forbidden_orderby'));
  }
  if (args.who === 'authors' && !userCan(request, 'edit_posts')) {
    return denied(request, contentError('rest_forbidden_who'));
  }
  return true;
}

/** May the caller read this user (`GET /users/<id>`)? Themselves, editors of users, or a published author. */
export async function canRead(
  context: UsersContext,
  request: RestRequest,
  args: { id: number; context?: string },
): Promise<true | RestError> {
  const user = await lookupUser(context, request, args.id);
  if (user === undefined) return contentError('rest_user_invalid_id');
  if (request.user?.id === user.id) return true;
  // As WordPress 6.1: the edit context needs edit_user on this user, whoever it is.
  const canEdit = userCan(request, 'edit_user', user.id);
  if (args.context === 'edit' && !canEdit) {
    return denied(request, contentError('rest_forbidden_context.user'));
  }
  const cannotView = () => denied(request, contentError('rest_user_cannot_view'));
  if (canEdit || userCan(request, 'list_users')) return true;
  return (await hasPublished(context, request, user.id)) || cannotView();
}

/** May the caller create users (`POST /users`)? */
export function canCreate(request: RestRequest): true | RestError {
  return userCan(request, 'create_users') || denied(request, contentError('rest_cannot_create_user'));
}

/** May the caller make this change to this user? Changing only the roles needs only `promote_user`. */
export async function canUpdate(
  context: UsersContext,
  request: RestRequest,
  id: number,
  args: Partial<UpdateUserArgs>,
): Promise<true | RestError> {
  if ((await lookupUser(context, request, id)) === undefined) return contentError('rest_user_invalid_id');
  if (args.roles !== undefined && args.roles.length > 0) {
    if (!userCan(request, 'promote_user', id)) return denied(request, contentError('rest_cannot_edit_roles'));
    const sent = new Set(request.paramNames()).add('id');
    if ([...sent].sort().join(',') === 'id,roles') return true;
  }
  return userCan(request, 'edit_user', id) || denied(request, contentError('rest_cannot_edit'));
}

/** May the caller delete this user? */
export async function canDelete(context: UsersContext, request: RestRequest, id: number): Promise<true | RestError> {
  if ((await lookupUser(context, request, id)) === undefined) return contentError('rest_user_invalid_id');
  return userCan(request, 'delete_user', id) || denied(request, contentError('rest_user_cannot_delete'));
}

/**
 * The original's `check_role_update`: the roles must exist, and nobody may drop their own
 * `edit_users`. Throws the original's error.
 */
export function checkRoleUpdate(
  context: UsersContext,
  request: RestRequest,
  userId: number | undefined,
  roles: readonly string[],
): void {
  const known = context.users.roles;
  for (const slug of roles) {
    const role = Object.hasOwn(known, slug) ? known[slug] : undefined;
    if (role === undefined) throw contentError('rest_user_invalid_role', { params: { role: slug } });
    if (userId !== undefined && request.user?.id === userId && !role.capabilities.includes('edit_users')) {
      throw denied(request, contentError('rest_user_invalid_role.give'));
    }
  }
}
