import { RestError, type RestRequest } from '@cms-json/core';
import { ContentError } from './errors.js';
import { mapMetaCapability } from './user.js';

/**
 * Whether the request's user holds a capability, meta capabilities (`edit_user`, …) mapped
 * to primitive ones for the object they are about. Works with any principal, not only users
 * of this package. Anonymous requests hold nothing.
 *
 * @example
 * if (!userCan(request, 'edit_user', id)) return denied('rest_cannot_edit', 'Sorry, you are not allowed to edit this user.');
 */
export function userCan(request: RestRequest, capability: string, objectId?: number): boolean {
  const principal = request.user;
  if (principal === null) return false;
  const needed = mapMetaCapability(capability, principal.id, objectId);
  return needed.every((primitive) => primitive !== 'do_not_allow' && principal.can(primitive));
}

/**
 * A denial with the original's "401 when anonymous, 403 when authenticated" status.
 *
 * @example
 * return denied('rest_cannot_create_user', 'Sorry, you are not allowed to create new users.');
 */
export function denied(code: string, message: string): RestError {
  return new RestError(code, message, { status: 0 });
}

/**
 * Runs a store call; a {@link ContentError} becomes the {@link RestError} with its code and
 * status, anything else passes through (and becomes a 500 in the core).
 *
 * @example
 * const user = await rest(() => users.create(input));
 */
export async function rest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentError) throw new RestError(error.code, error.message, { status: error.status, cause: error });
    throw error;
  }
}
