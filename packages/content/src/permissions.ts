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
