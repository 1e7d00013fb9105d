/**
 * What every users endpoint shares: the store, the `user` object type (its fields, links
 * and hooks), the server's object types (who has published), and the user a request is
 * about, looked up once per request.
 *
 * @module
 */
import { type ObjectType, type ObjectTypeRegistry, type RestRequest, requestLocal } from '@cms-json/core';
import { postsKey, userKey } from '../cache/keys.js';
import { contentError } from '../errors.js';
import { requestBatchPer } from '../request-batch.js';
import type { PersistedPreferences } from './persisted-preferences.js';
import { siteUrlOf, userRecord } from './record.js';
import type { UserRecord } from './schema.js';
import type { UserStore } from './store.js';
import type { UserRecordTypes } from './types.js';
import type { User } from './user.js';

/** The object type of user records. */
export const USER_TYPE = 'user';

/**
 * The users routes' shared state.
 *
 * @example
 * const context: UsersContext = { users, base: '/cms/v2/users', type: server.objectTypes.get('user'), objectTypes: server.objectTypes };
 */
export interface UsersContext {
  readonly users: UserStore;
  /** The collection's path under the REST root: `/cms/v2/users`. */
  readonly base: string;
  /** The `user` object type. */
  readonly type: ObjectType<UserRecordTypes>;
  /** The server's object types: the types with authors say who has published. */
  readonly objectTypes: ObjectTypeRegistry;
  /** The users' `persisted_preferences` meta; without it, always `[]` and never written. */
  readonly preferences?: PersistedPreferences | undefined;
  /** Runs before a user is deleted, to hand their content to `reassign` (or delete it when `null`). */
  readonly onDeleteUser?: ((userId: number, reassign: number | null, request: RestRequest) => Promise<void>) | undefined;
}

const loaded = requestLocal<Map<number, Promise<User | undefined>>>('users.loaded');

/** The users asked for in one tick by the requests answered together, loaded by one query. */
const userById = requestBatchPer(async (users: UserStore, ids: number[]) => {
  return new Map((await users.findByIds(ids)).map((user) => [user.id, user]));
});

/** Which of the users asked about have published, read once for the requests answered together. */
const publishedAmong = requestBatchPer(async (types: ObjectTypeRegistry, ids: number[]) => {
  const authors = new Set(await types.publishedAuthors({ among: ids }));
  return new Map(ids.map((id) => [id, authors.has(id)]));
});

/**
 * Whether a user has published a record of a type with authors (anonymous callers may see
 * only such users), asked together with the other users of the requests answered with it.
 *
 * @example
 * if (await hasPublished(context, request, user.id)) return true;
 */
export async function hasPublished(context: UsersContext, request: RestRequest, userId: number): Promise<boolean> {
  declarePublishedAuthors(context, request);
  return (await publishedAmong(context.objectTypes, request, userId)) === true;
}

/**
 * The user with this id, looked up once per request (permission checks run again for `Allow`).
 *
 * @example
 * const user = await lookupUser(context, request, 3);
 */
export function lookupUser(context: UsersContext, request: RestRequest, id: number): Promise<User | undefined> {
  const cache = loaded.ensure(request, () => new Map());
  let found = cache.get(id);
  if (found === undefined) cache.set(id, (found = id > 0 ? userById(context.users, request, id) : Promise.resolve(undefined)));
  return found;
}

/** Forgets a deleted user for the rest of the request (the checks of `Allow` then find them gone, as the original's). */
export function forgetUser(request: RestRequest, id: number): void {
  loaded.ensure(request, () => new Map()).set(id, Promise.resolve(undefined));
}

/**
 * The user with this id, or the original's 404 `rest_user_invalid_id`.
 *
 * @example
 * const user = await existingUser(context, request, id);
 */
export async function existingUser(context: UsersContext, request: RestRequest, id: number): Promise<User> {
  const user = await lookupUser(context, request, id);
  if (user === undefined) throw contentError('rest_user_invalid_id');
  return user;
}

/**
 * The full record of a user for a request (every context; the core trims it).
 *
 * @example
 * return recordOf(user, request);
 */
export function recordOf(user: User, request: RestRequest): UserRecord {
  if (request.cacheKeys.collecting) request.cacheKeys.add(userKey(user.id));
  return userRecord(user, siteUrlOf(request));
}

/**
 * Declares that an answer depends on who has published: the lists of every type with authors
 * (a post published or unpublished changes who an anonymous caller may see).
 *
 * @example
 * declarePublishedAuthors(context, request); // posts-post, posts-page, posts-attachment, …
 */
export function declarePublishedAuthors(context: UsersContext, request: RestRequest): void {
  if (request.cacheKeys.collecting) request.cacheKeys.add(...context.objectTypes.authorTypes().map(postsKey));
}
