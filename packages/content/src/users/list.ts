/**
 * `GET /users`: the list. Callers without `list_users` (anonymous visitors among them) see
 * only the users who have published records of a type with authors, and search only
 * logins, slugs and names. The `user` type's `query` hooks see the store query last.
 *
 * @module
 */
import { collectionResponse, pageWindow, type RestRequest, type RestResponse } from '@cms-json/core';
import { USERS_KEY } from '../cache/keys.js';
import { userCan } from '../permissions.js';
import type { ListUserArgs } from './args.js';
import { declarePublishedAuthors, recordOf, type UsersContext } from './context.js';
import type { UserQuery } from './store.js';

/** The roles that hold any of these capabilities (or are named by them). */
function rolesWith(context: UsersContext, capabilities: readonly string[]): string[] {
  return Object.entries(context.users.roles)
    .filter(([slug, role]) => capabilities.some((capability) => capability === slug || role.capabilities.includes(capability)))
    .map(([slug]) => slug);
}

/**
 * The list handler.
 *
 * @example
 * endpoint({ methods: READABLE, args: listUserArgs, permission: canList, handler: (args, request) => listUsers(context, args, request) });
 */
export async function listUsers(context: UsersContext, args: ListUserArgs, request: RestRequest): Promise<RestResponse> {
  const listAll = userCan(request, 'list_users');
  let include = args.include.length > 0 ? args.include : undefined;
  const asked = args.has_published_posts;
  const authorsOnly = args.who !== 'authors' && (!listAll || asked === true || (Array.isArray(asked) && asked.length > 0));
  // No user enumeration: without `list_users`, only users who have published are listed.
  if (authorsOnly) {
    declarePublishedAuthors(context, request);
    const authors = await context.objectTypes.publishedAuthors();
    include = include === undefined ? [...authors] : include.filter((id) => authors.includes(id));
  }
  let roles = args.roles !== undefined && args.roles.length > 0 ? args.roles : undefined;
  const narrow = (allowed: string[]) => {
    roles = roles === undefined ? allowed : roles.filter((role) => allowed.includes(role));
  };
  if (args.capabilities !== undefined && args.capabilities.length > 0) narrow(rolesWith(context, args.capabilities));
  if (args.who === 'authors') narrow(rolesWith(context, ['level_1']));
  const { limit, offset } = pageWindow(args);
  const query: UserQuery = {
    search: args.search,
    // Searching emails and URLs is for those who may list users.
    searchIn: listAll ? undefined : ['login', 'slug', 'display_name'],
    include,
    exclude: args.exclude,
    slugs: args.slug,
    roles,
    orderBy: args.orderby,
    order: args.order,
    perPage: limit,
    offset,
  };
  const filtered = (await context.type.filter('query', { ...query }, { request })) as UserQuery;
  const { users: found, total } = await context.users.list(filtered);
  const records = found.map((user) => recordOf(user, request));
  request.cacheKeys.add(USERS_KEY);
  // As the original: the page of the links is where the offset falls; they carry the parsed arguments.
  return collectionResponse(request, records, { total, page: Math.floor(offset / limit) + 1, perPage: limit, args });
}
