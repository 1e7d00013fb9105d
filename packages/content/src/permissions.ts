/**
 * Capabilities of the request's user, meta capabilities (`edit_user`, …) mapped to the
 * primitive ones they need for the object they are about.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { mapMetaCapability } from './users/user.js';

/**
 * Whether the request's user holds a capability, meta capabilities (`edit_user`, …) mapped
 * to primitive ones for the object they are about. Works with any principal, not only users
 * of this package. Anonymous requests hold nothing.
 *
 * @example
 * if (!userCan(request, 'edit_user', id)) return denied(request, 'rest_cannot_edit');
 */
export function userCan(request: RestRequest, capability: string, objectId?: number): boolean {
  const principal = request.user;
  if (principal === null) return false;
  const needed = mapMetaCapability(capability, principal.id, objectId);
  return needed.every((primitive) => primitive !== 'do_not_allow' && principal.can(primitive));
}

/**
 * Whether the request's user holds a capability that WordPress's `map_meta_cap` RETURNS for
 * one record (`read_post`, `edit_post`, `delete_post` give `edit_others_posts`,
 * `read_private_posts`, … of the record's type): a primitive, held as it is named. Only
 * capabilities asked directly are mapped further (reusable blocks' `*_blocks` to posts'), so
 * `read_private_blocks`, `edit_private_blocks` and `delete_private_blocks`, which no role
 * holds, keep another user's private reusable block from everyone, as in WordPress 6.1. A
 * principal of another package (no capability set) answers through its own `can`.
 *
 * @example
 * holdsRecordCapability(request, 'read_private_blocks'); // false for an administrator
 */
export function holdsRecordCapability(request: RestRequest, capability: string): boolean {
  const principal = request.user;
  if (principal === null) return false;
  if ('capabilities' in principal && principal.capabilities instanceof Set) return principal.capabilities.has(capability);
  return principal.can(capability);
}
