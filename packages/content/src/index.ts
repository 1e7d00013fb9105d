/**
 * `@cms-json/content`: the site's own content. For now users, roles and capabilities,
 * authentication (application passwords over HTTP Basic, cookie sessions with nonces) and
 * their REST routes (`contentPlugin`).
 *
 * @example
 * import { openDatabase } from '@cms-json/database';
 * import { createAuth, migrateContent, type ContentTables } from '@cms-json/content';
 * const { db } = openDatabase<ContentTables>({ url: 'sqlite:./data/site.db' });
 * await migrateContent(db);
 * const auth = createAuth({ db, secret: process.env.SITE_SECRET! });
 *
 * @packageDocumentation
 */

export {
  type ApplicationPassword,
  type ApplicationPasswordStore,
  type ApplicationPasswordStoreOptions,
  createApplicationPasswords,
  formatApplicationPassword,
  generateApplicationPassword,
  type NewApplicationPassword,
  type NewApplicationPasswordInput,
} from './application-passwords.js';
export {
  ApplicationPasswordSchema,
  type ApplicationPasswordsRoutesOptions,
  applicationPasswordsRoutes,
} from './application-passwords-routes.js';
export {
  type Auth,
  type AuthOptions,
  type AuthRequest,
  type AuthResult,
  type CookieOptions,
  createAuth,
  type HeaderMap,
  type LoginResult,
} from './auth.js';
export { type AuthProof, type AuthProofs, contentAuthenticator } from './authenticator.js';
export { AVATAR_SIZES, type AvatarUrls, avatarUrls } from './avatar.js';
export { type BasicCredentials, parseBasicAuthorization } from './basic-auth.js';
export { ContentError, type ErrorShape } from './errors.js';
export { CONTENT_MIGRATIONS_OWNER, contentMigrations, migrateContent } from './migrations.js';
export { createNonces, type NonceAge, type NonceOptions, type NonceSession, type Nonces } from './nonces.js';
export { hashPassword, verifyPassword } from './password.js';
export { denied, rest, userCan } from './permissions.js';
export { type ContentPluginOptions, contentPlugin } from './plugin.js';
export { capabilitiesOf, DEFAULT_ROLE, DEFAULT_ROLES, type DefaultRoleName, type Role, type Roles } from './roles.js';
export { nonceRefreshPage, sessionRoutes } from './session-routes.js';
export { createSessions, type Session, type SessionStore, type SessionStoreOptions } from './sessions.js';
export type { ApplicationPasswordsTable, ContentTables, SessionsTable, UsersTable } from './tables.js';
export { mapMetaCapability, toUser, type User, type UserData } from './user.js';
export { editResponse, siteUrlOf, type UserRecord, UserSchema, userRecord } from './user-record.js';
export {
  createUserStore,
  type NewUser,
  type UserChanges,
  type UserOrderBy,
  type UserPage,
  type UserQuery,
  type UserSearchField,
  type UserStore,
  type UserStoreOptions,
} from './users.js';
export { type UsersRoutesOptions, usersRoutes } from './users-routes.js';
