/**
 * `@cms-json/content`: the site's own content: users, roles and capabilities,
 * authentication (application passwords over HTTP Basic, cookie sessions with nonces), post
 * types (posts, pages, custom types) with their controller, taxonomies and terms, comments,
 * registered post and term meta (`registerMeta`), site options, and their REST routes
 * (`contentPlugin`).
 *
 * @example
 * import { openDatabase } from '@cms-json/database';
 * import { createAuth, migrateContent, type ContentTables } from '@cms-json/content';
 * const database = openDatabase<ContentTables>({ url: 'sqlite:./data/site.db' });
 * await migrateContent(database);
 * const auth = createAuth({ database, secret: process.env.SITE_SECRET! });
 * // Every store comes from `auth.storage` (here `sqlContentStorage(database)`); any other
 * // `ContentStorage` (WordPress's tables: `@cms-json/wordpress-db`) serves the same routes:
 * // createAuth({ storage, secret: process.env.SITE_SECRET! }).
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
  type AuthBaseOptions,
  type AuthDatabaseOptions,
  type AuthOptions,
  type AuthRequest,
  type AuthResult,
  type AuthStorageOptions,
  type CookieOptions,
  createAuth,
  type HeaderMap,
  type LoginResult,
} from './auth/auth.js';
export { type AuthProof, authProof, contentAuthenticator } from './auth/authenticator.js';
export { type BasicCredentials, parseBasicAuthorization } from './auth/basic-auth.js';
export { createNonces, type NonceAge, type NonceOptions, type NonceSession, type Nonces } from './auth/nonces.js';
export { hashPassword, verifyPassword } from './auth/password.js';
export { phpassCrypt, phpassEncode64 } from './auth/phpass.js';
export { nonceRefreshPage, sessionRoutes } from './auth/session-routes.js';
export { createSessions, type Session, type SessionStore, type SessionStoreOptions } from './auth/sessions.js';
export { isWordPressHash, verifyWordPressHash } from './auth/wordpress-hashes.js';
export { keyChunks, type VarnishPurgeOptions, varnishPurgeTarget, webhookPurgeTarget } from './cache/purge-targets.js';
export { createPurger, type Purger, type PurgerOptions, type PurgeStats, type PurgeTarget } from './cache/purger.js';
export { type PurgingStorageOptions, purgeAfterCommit, purgingStorage } from './cache/purging-storage.js';
export {
  commentCreateArgs,
  commentUpdateArgs,
  createCommentArgs,
  type DeleteCommentArgs,
  deleteCommentArgs,
  type ListCommentArgs,
  listCommentArgs,
  type ReadCommentArgs,
  readCommentArgs,
  updateCommentArgs,
  type WriteCommentArgs,
} from './comments/args.js';
export { COMMENT_TYPE, type CommentsContext, CommentsController } from './comments/controller.js';
export { canChangeComment, canEditComment, canReadComment, canReadCommentPost, type PostAccess } from './comments/permissions.js';
export { type CommentsSetup, setUpComments } from './comments/plugin-setup.js';
export { type CommentRecordScope, commentRecord, renderComment, restStatus } from './comments/record.js';
export { commentRoutes } from './comments/routes.js';
export { CommentSchema, commentSchema } from './comments/schema.js';
export {
  type Comment,
  type CommentMeta,
  type CommentOrderBy,
  type CommentQuery,
  type CommentStore,
  SqlCommentStore,
} from './comments/store.js';
export type { CommentRecordTypes } from './comments/types.js';
export { canCreateComment, createComment, deleteComment, updateComment } from './comments/write.js';
export { CONTENT_ERROR_CODES, type ContentErrorCode, contentError, type PlainContentErrorCode } from './errors.js';
export {
  AttachmentsController,
  DEFAULT_MAX_UPLOAD_BYTES,
  type ListMediaArgs,
  type MediaOptions,
  type MediaSettings,
  mediaController,
  type WriteMediaArgs,
} from './media/controller.js';
export { type AttachmentHtmlInput, attachmentHtml } from './media/description.js';
export { checkFeaturedMedia, featuredMediaOf, setFeaturedMedia } from './media/featured-media.js';
export { safeFileName } from './media/file-name.js';
export { DiskFileStore, type DiskFileStoreOptions, diskFileStore, type FileStore, type PutFile } from './media/file-store.js';
export { type AllowedFileType, type CheckedFileType, DEFAULT_ALLOWED_TYPES, mediaTypeOf } from './media/file-types.js';
export { DEFAULT_IMAGE_SIZES, type ImageSize } from './media/image-sizes.js';
export { mediaDetails, storedFileUrl, storedPaths } from './media/media-details.js';
export { MEDIA_META_KEYS, readPostMeta, setPostMeta } from './media/post-meta.js';
export { type ReceivedUpload, receiveUpload } from './media/receive-upload.js';
export { type AttachmentFiles, attachmentRecord, type MediaRecordScope } from './media/record.js';
export { mediaRoutes } from './media/routes.js';
export { attachmentSchema } from './media/schema.js';
export {
  type AttachmentMetadata,
  BIG_IMAGE_THRESHOLD,
  type StoredSize,
  type StoredUpload,
  type StoreUploadOptions,
  storeUpload,
  withStoredUpload,
} from './media/store-upload.js';
export type { MediaRoutesController, MediaSteps } from './media/types.js';
export { MetaFields } from './meta/fields.js';
export { loadMeta, metaRecord, prepareMetaValue, type StoredMeta } from './meta/read.js';
export {
  isProtectedMeta,
  type MetaAuthCheck,
  type MetaObjectType,
  type MetaOptions,
  MetaRegistry,
  type MetaRestOptions,
  type MetaValueType,
  metaRegistry,
  type RestMetaKey,
  registerMeta,
} from './meta/registry.js';
export { type MetaArg, metaArgSchema, metaArgument, metaFieldSchema, metaProperties } from './meta/schema.js';
export { decodeMetaValue, encodeMetaValue, type MetaRow, type MetaStore, SqlMetaStore } from './meta/store.js';
export { type MetaWrite, type MetaWriteInput, planMetaWrite } from './meta/write.js';
export { CONTENT_MIGRATIONS_OWNER, contentMigrations, migrateContent } from './migrations.js';
export { addressRefusal } from './net/address-policy.js';
export { FetchRefusedError, type GuardedFetchOptions, guardedFetch, type HostLookup } from './net/guarded-fetch.js';
export { oembedDiscoveryLinks } from './oembed/discovery-links.js';
export {
  type DefaultFetcherOptions,
  defaultOembedFetcher,
  discoverOembedEndpoint,
  type FetchedPage,
  type OembedFetcher,
} from './oembed/remote-fetch.js';
export { type EmbedSource, escapeAttribute, type OembedData, oembedData } from './oembed/response-data.js';
export { OEMBED_NAMESPACE, type OembedRoutesOptions, oembedRoutes } from './oembed/routes.js';
export { DEFAULT_OPTIONS, type OptionsStore, type SiteOptions, SqlOptionsStore } from './options/options.js';
export { userCan } from './permissions.js';
export { type ContentPluginOptions, contentPlugin } from './plugin.js';
export { type ListPostArgs, listPostArgs, readPostArgs } from './posts/args.js';
export { type AutosaveParent, autosave, autosaveSchema, autosaveSlug, autosavesOf } from './posts/autosaves.js';
export { autosaveRoutes } from './posts/autosaves-routes.js';
export { BlocksController } from './posts/blocks-controller.js';
export { PostsController, type PostsControllerClass, type PostsControllerContext } from './posts/controller.js';
export { localDate, type MysqlDate, momentOf, parseRequestDate } from './posts/dates.js';
export {
  type DynamicBlockContext,
  type DynamicBlockOptions,
  type DynamicBlockRender,
  DynamicBlocks,
  dynamicBlocks,
} from './posts/dynamic-blocks.js';
export { canEditPost, canReadPost, type ReadAccess, readablePosts, typeCapabilities } from './posts/permissions.js';
export {
  BUILT_IN_POST_TYPES,
  type PostTypeArgs,
  type PostTypeFeature,
  PostTypeRegistry,
  type PostTypeRoutes,
  postTypeDefaults,
  postTypes,
} from './posts/post-types.js';
export {
  nonceSessionOf,
  type PreviewedRecord,
  type PreviewOutcome,
  type PreviewRequest,
  previewedPost,
  previewLink,
  previewNonceAction,
} from './posts/preview.js';
export { permalink, postRecord, type RecordScope } from './posts/record.js';
export { type RecordSchemaOptions, recordSchemaOf } from './posts/record-schema.js';
export { defaultRenderer, hasBlocks, type Renderer } from './posts/render.js';
export {
  isAutosave,
  type RevisionParent,
  revisionRecord,
  revisionRoutes,
  revisionSchema,
  saveRevision,
} from './posts/revisions.js';
export { postRoutes } from './posts/routes.js';
export { postSchema, WRITABLE_STATUSES } from './posts/schema.js';
export { type ParsedSearch, parseSearch, type SearchTerm } from './posts/search-terms.js';
export { sanitizeTitle } from './posts/slug.js';
export { effectiveStatus, POST_STATUSES, type PostStatus } from './posts/statuses.js';
export {
  type Post,
  type PostAccessFields,
  type PostOrderBy,
  type PostQuery,
  type PostStore,
  SqlPostStore,
  type TaxonomyClause,
} from './posts/store.js';
export type { PostRecordTypes, PostTypeController } from './posts/types.js';
export { phpStripTags } from './settings/sanitize-option.js';
export { type SqlContentStorageOptions, sqlContentStorage } from './sql-storage.js';
export type { ContentStorage, StorageTransactions } from './storage.js';
export type {
  ApplicationPasswordsTable,
  CommentMetaTable,
  CommentsTable,
  ContentTables,
  OptionsTable,
  PostMetaTable,
  PostsTable,
  SessionsTable,
  SiteDatabase,
  TermMetaTable,
  TermRelationshipsTable,
  TermsTable,
  UserMetaTable,
  UsersTable,
} from './tables.js';
export { contentDatabase } from './tables.js';
export { TERM_ORDERBY } from './terms/args.js';
export { basePath, existingTerm, lookupTerm, type TermsContext } from './terms/context.js';
export { TermsController } from './terms/controller.js';
export { registerGenre } from './terms/genre.js';
export { postTypePath, termLinks } from './terms/links.js';
export { termCapability } from './terms/permissions.js';
export { termLink, termRecord } from './terms/record.js';
export { type TermRecord, termSchema } from './terms/schema.js';
export {
  type CarriedTerms,
  type ListForObjectsOptions,
  type NewTerm,
  SqlTermStore,
  type Term,
  type TermChanges,
  type TermListForObjectsQuery,
  type TermOrderBy,
  type TermQuery,
  type TermStore,
} from './terms/store.js';
export { type TaxonomiesRoutesOptions, TaxonomySchema, taxonomiesRoutes } from './terms/taxonomies-routes.js';
export {
  DEFAULT_TAXONOMY_CAPABILITIES,
  type DefaultTerm,
  type Taxonomy,
  type TaxonomyArgs,
  type TaxonomyCapabilities,
  TaxonomyRegistry,
  type TermsControllerClass,
  taxonomiesOf,
} from './terms/taxonomy.js';
export type { Taxonomies, TermRecordTypes } from './terms/types.js';
export { type ThemeRecord, type ThemesRoutesOptions, themeRecord, themesRoutes } from './themes/routes.js';
export {
  DEFAULT_THEME,
  type FeatureSchema,
  type FontSize,
  type GradientPreset,
  type PaletteColor,
  THEME_FEATURES,
  type ThemeDeclaration,
  type ThemeSupports,
  themeSupports,
} from './themes/theme.js';
export { AVATAR_SIZES, type AvatarUrls, avatarUrls } from './users/avatar.js';
export { CapabilitySet, DEFAULT_ROLE_CAPABILITIES, RoleCapabilities, withGrants } from './users/capability-sets.js';
export { USER_TYPE } from './users/context.js';
export {
  checkEmail,
  checkLocale,
  checkLogin,
  checkName,
  checkPassword,
  checkRegistered,
  checkRoles,
  checkSlug,
  checkUrl,
  defaultDisplayName,
  EMAIL_MAX,
  LOGIN_MAX,
  SLUG_MAX,
  sanitizeSlug,
  slugFromLogin,
  stripTags,
} from './users/field-checks.js';
export {
  PERSISTED_PREFERENCES,
  PERSISTED_PREFERENCES_SCHEMA,
  PersistedPreferences,
} from './users/persisted-preferences.js';
export { siteUrlOf, userRecord } from './users/record.js';
export { capabilitiesOf, DEFAULT_ROLE, DEFAULT_ROLES, type DefaultRoleName, type Role, type Roles } from './users/roles.js';
export { type UsersRoutesOptions, usersRoutes } from './users/routes.js';
export { type UserRecord, UserSchema } from './users/schema.js';
export {
  type NewUser,
  SqlUserStore,
  type UserChanges,
  type UserOrderBy,
  type UserPage,
  type UserQuery,
  type UserSearchField,
  type UserStore,
  type UserStoreOptions,
} from './users/store.js';
export type { UserRecordTypes } from './users/types.js';
export { mapMetaCapability, toUser, type User, type UserData } from './users/user.js';
