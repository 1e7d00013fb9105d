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
} from './auth/application-passwords.js';
export {
  ApplicationPasswordSchema,
  type ApplicationPasswordsRoutesOptions,
  applicationPasswordsRoutes,
} from './auth/application-passwords-routes.js';
export {
  type Auth,
  type AuthOptions,
  type AuthRequest,
  type AuthResult,
  type CookieOptions,
  createAuth,
  type HeaderMap,
  type LoginResult,
} from './auth/auth.js';
export { type AuthProof, authProof, contentAuthenticator } from './auth/authenticator.js';
export { type BasicCredentials, parseBasicAuthorization } from './auth/basic-auth.js';
export { createNonces, type NonceAge, type NonceOptions, type NonceSession, type Nonces } from './auth/nonces.js';
export { hashPassword, verifyPassword } from './auth/password.js';
export { nonceRefreshPage, sessionRoutes } from './auth/session-routes.js';
export { createSessions, type Session, type SessionStore, type SessionStoreOptions } from './auth/sessions.js';
export { CONTENT_ERROR_CODES, type ContentErrorCode, contentError } from './errors.js';
export { type AttachmentHtmlInput, attachmentHtml } from './media/description.js';
export { safeFileName } from './media/file-name.js';
export { type DiskFileStoreOptions, diskFileStore, type FileStore, type PutFile } from './media/file-store.js';
export { type AllowedFileType, type CheckedFileType, DEFAULT_ALLOWED_TYPES, mediaTypeOf } from './media/file-types.js';
export { DEFAULT_IMAGE_SIZES, type ImageSize } from './media/image-sizes.js';
export { mediaDetails, storedFileUrl, storedPaths } from './media/media-details.js';
export { type ReceivedUpload, receiveUpload } from './media/receive-upload.js';
export {
  type AttachmentMetadata,
  BIG_IMAGE_THRESHOLD,
  type StoredSize,
  type StoredUpload,
  type StoreUploadOptions,
  storeUpload,
  withStoredUpload,
} from './media/store-upload.js';
export { CONTENT_MIGRATIONS_OWNER, contentMigrations, migrateContent } from './migrations.js';
export { userCan } from './permissions.js';
export { type ContentPluginOptions, contentPlugin } from './plugin.js';
export type { ApplicationPasswordsTable, ContentTables, SessionsTable, UsersTable } from './tables.js';
export { AVATAR_SIZES, type AvatarUrls, avatarUrls } from './users/avatar.js';
export { USER_TYPE } from './users/context.js';
export { siteUrlOf, userRecord } from './users/record.js';
export { capabilitiesOf, DEFAULT_ROLE, DEFAULT_ROLES, type DefaultRoleName, type Role, type Roles } from './users/roles.js';
export { type UsersRoutesOptions, usersRoutes } from './users/routes.js';
export { type UserRecord, UserSchema } from './users/schema.js';
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
} from './users/store.js';
export { mapMetaCapability, toUser, type User, type UserData } from './users/user.js';
